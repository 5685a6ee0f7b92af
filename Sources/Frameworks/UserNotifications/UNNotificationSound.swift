/// The sound played when a notification is delivered.
open class UNNotificationSound: NSObject, NSCopying, @unchecked Sendable {
    /// The named sound, or nil for the system's default sound.
    public let soundName: UNNotificationSoundName?
    /// A critical alert sound, played even when the device is muted.
    public let isCritical: Bool
    /// The volume of a critical sound, 0...1; nil for the system's choice.
    public let audioVolume: Float?
    /// A ringtone sound (iOS 15.2).
    public let isRingtone: Bool

    init(soundName: UNNotificationSoundName?, isCritical: Bool = false, audioVolume: Float? = nil, isRingtone: Bool = false) {
        self.soundName = soundName
        self.isCritical = isCritical
        self.audioVolume = audioVolume
        self.isRingtone = isRingtone
        super.init()
    }

    /// The default sound.
    open class var `default`: UNNotificationSound { UNNotificationSound(soundName: nil) }

    /// The default sound as a critical alert.
    open class var defaultCritical: UNNotificationSound { UNNotificationSound(soundName: nil, isCritical: true) }

    /// The default ringtone.
    open class var defaultRingtone: UNNotificationSound { UNNotificationSound(soundName: nil, isRingtone: true) }

    /// The default critical sound at a volume from 0 to 1.
    open class func defaultCriticalSound(withAudioVolume volume: Float) -> UNNotificationSound {
        UNNotificationSound(soundName: nil, isCritical: true, audioVolume: volume)
    }

    /// A named sound file as a critical alert.
    open class func criticalSoundNamed(_ name: UNNotificationSoundName) -> UNNotificationSound {
        UNNotificationSound(soundName: name, isCritical: true)
    }

    /// A named sound file as a critical alert at a volume from 0 to 1.
    open class func criticalSoundNamed(_ name: UNNotificationSoundName, withAudioVolume volume: Float) -> UNNotificationSound {
        UNNotificationSound(soundName: name, isCritical: true, audioVolume: volume)
    }

    /// A named ringtone sound.
    open class func ringtoneSoundNamed(_ name: UNNotificationSoundName) -> UNNotificationSound {
        UNNotificationSound(soundName: name, isRingtone: true)
    }

    /// A named sound file from the app bundle or Library/Sounds.
    public convenience init(named name: UNNotificationSoundName) {
        self.init(soundName: name)
    }

    open func copy(with zone: NSZone? = nil) -> Any { self }

    open override func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? UNNotificationSound else { return false }
        return soundName == other.soundName && isCritical == other.isCritical
            && audioVolume == other.audioVolume && isRingtone == other.isRingtone
    }

    open override var hash: Int { soundName?.hashValue ?? 0 ^ (isCritical ? 1 : 0) }

    open override var description: String {
        var parts = ["name: \(soundName?.rawValue ?? "default")"]
        if isCritical { parts.append("critical") }
        if let audioVolume { parts.append("volume: \(audioVolume)") }
        if isRingtone { parts.append("ringtone") }
        return "<UNNotificationSound: \(parts.joined(separator: ", "))>"
    }
}
