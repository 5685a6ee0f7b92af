import Foundation
import NSESimRuntime
import Testing

@_spi(NSESim) @testable import UserNotifications

@Suite("UNNotificationSound and UNNotificationInterruptionLevel")
struct SoundTests {
    @Test("the default sound")
    func defaultSound() {
        let sound = UNNotificationSound.default
        #expect(sound.soundName == nil)
        #expect(!sound.isCritical)
        #expect(sound.audioVolume == nil)
        #expect(sound == UNNotificationSound.default)
    }

    @Test("a named sound")
    func namedSound() {
        let sound = UNNotificationSound(named: UNNotificationSoundName(rawValue: "chime.caf"))
        #expect(sound.soundName?.rawValue == "chime.caf")
        #expect(!sound.isCritical)
        #expect(sound == UNNotificationSound(named: UNNotificationSoundName("chime.caf")))
        #expect(sound != UNNotificationSound.default)
    }

    @Test("sound names: rawValue and the unlabelled initializer are the same")
    func soundNames() {
        #expect(UNNotificationSoundName(rawValue: "x") == UNNotificationSoundName("x"))
        #expect(UNNotificationSoundName("x").rawValue == "x")
        #expect(UNNotificationSoundName("x") != UNNotificationSoundName("y"))
    }

    @Test("critical sounds")
    func criticalSounds() {
        let defaultCritical = UNNotificationSound.defaultCritical
        #expect(defaultCritical.isCritical)
        #expect(defaultCritical.soundName == nil)
        #expect(defaultCritical.audioVolume == nil)

        let quiet = UNNotificationSound.defaultCriticalSound(withAudioVolume: 0.25)
        #expect(quiet.isCritical)
        #expect(quiet.soundName == nil)
        #expect(quiet.audioVolume == 0.25)

        let named = UNNotificationSound.criticalSoundNamed(UNNotificationSoundName("alarm.caf"), withAudioVolume: 0.8)
        #expect(named.isCritical)
        #expect(named.soundName == UNNotificationSoundName("alarm.caf"))
        #expect(named.audioVolume == 0.8)

        let namedNoVolume = UNNotificationSound.criticalSoundNamed(UNNotificationSoundName("alarm.caf"))
        #expect(namedNoVolume.isCritical)
        #expect(namedNoVolume.audioVolume == nil)
        #expect(named != namedNoVolume)
        #expect(defaultCritical != UNNotificationSound.default)
    }

    @Test("ringtones")
    func ringtones() {
        #expect(UNNotificationSound.defaultRingtone.isRingtone)
        let named = UNNotificationSound.ringtoneSoundNamed(UNNotificationSoundName("ring.caf"))
        #expect(named.isRingtone)
        #expect(named.soundName?.rawValue == "ring.caf")
    }

    @Test("a sound copies as itself (it is immutable)")
    func copying() {
        let sound = UNNotificationSound.criticalSoundNamed(UNNotificationSoundName("a"), withAudioVolume: 1)
        #expect(sound.copy() as? UNNotificationSound === sound)
    }

    @Test(
        "interruption levels have Apple's raw values",
        arguments: [
            (UNNotificationInterruptionLevel.passive, UInt(0)), (.active, 1), (.timeSensitive, 2), (.critical, 3),
        ])
    func interruptionLevelRawValues(level: UNNotificationInterruptionLevel, rawValue: UInt) {
        #expect(level.rawValue == rawValue)
        #expect(UNNotificationInterruptionLevel(rawValue: rawValue) == level)
        #expect(UNNotificationInterruptionLevel(name: level.name) == level)
        #expect(UNNotificationInterruptionLevel(name: level.apnsName) == level)
    }

    @Test("interruption levels: no fifth raw value, APNs spells time-sensitive with a hyphen")
    func interruptionLevelNames() {
        #expect(UNNotificationInterruptionLevel(rawValue: 4) == nil)
        #expect(UNNotificationInterruptionLevel.allCases.count == 4)
        #expect(UNNotificationInterruptionLevel.timeSensitive.apnsName == "time-sensitive")
        #expect(UNNotificationInterruptionLevel(name: "urgent") == nil)
        #expect(UNMutableNotificationContent().interruptionLevel == .active)
    }
}
