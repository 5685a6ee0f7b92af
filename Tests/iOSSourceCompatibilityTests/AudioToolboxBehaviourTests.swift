import AudioToolbox
import Foundation
import Testing
import UserNotifications

/// System sounds: a real check of the file, Apple's status codes, completions called.
@Suite struct AudioToolboxBehaviourTests {
    /// A short 8-bit mono WAV, as a bundled chime would be.
    static func wav() -> Data {
        let samples = [UInt8](repeating: 128, count: 400)
        var data = Data("RIFF".utf8)
        func le<T: FixedWidthInteger>(_ value: T) { withUnsafeBytes(of: value.littleEndian) { data.append(contentsOf: $0) } }
        le(UInt32(36 + samples.count))
        data.append(contentsOf: Array("WAVEfmt ".utf8))
        le(UInt32(16))
        le(UInt16(1))
        le(UInt16(1))
        le(UInt32(8000))
        le(UInt32(8000))
        le(UInt16(1))
        le(UInt16(8))
        data.append(contentsOf: Array("data".utf8))
        le(UInt32(samples.count))
        data.append(contentsOf: samples)
        return data
    }

    func file(_ name: String, _ contents: Data) throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("audio-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let url = folder.appendingPathComponent(name)
        try contents.write(to: url)
        return url
    }

    func deliver(_ service: SystemSoundNotificationService, urgent: Bool = false) async -> UNNotificationContent {
        let content = UNMutableNotificationContent()
        content.userInfo = ["urgent": urgent]
        return await withCheckedContinuation { (continuation: CheckedContinuation<UNNotificationContent, Never>) in
            service.didReceive(UNNotificationRequest(identifier: "s", content: content, trigger: nil)) {
                continuation.resume(returning: $0)
            }
        }
    }

    @Test func wavIsCreatedPlayedAndDisposed() async throws {
        let service = SystemSoundNotificationService()
        service.chimeURL = try file("chime.wav", Self.wav())
        let delivered = await deliver(service, urgent: true)
        #expect(delivered.subtitle.hasPrefix("played "))
        let id = try #require(SystemSoundID(delivered.subtitle.dropFirst("played ".count)))
        #expect(id > 4096)
        #expect(AudioServicesDisposeSystemSoundID(id) == kAudioServicesSystemSoundUnspecifiedError)  // disposed already
    }

    @Test func missingOrNotAudioFilesGiveAppleStatus() async throws {
        let service = SystemSoundNotificationService()
        service.chimeURL = URL(fileURLWithPath: "/nonexistent/chime.caf")
        #expect(await deliver(service).subtitle == "error -1500")
        service.chimeURL = try file("chime.caf", Data("not a sound".utf8))
        #expect(await deliver(service).subtitle == "error -1500")
        var id: SystemSoundID = 7
        #expect(
            AudioServicesCreateSystemSoundID(URL(fileURLWithPath: "/nonexistent.wav") as CFURL, &id)
                == kAudioServicesSystemSoundUnspecifiedError)
        #expect(id == 7)
    }

    @Test func completionIsCalledForSystemSounds() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            AudioServicesPlaySystemSoundWithCompletion(kSystemSoundID_Vibrate) { continuation.resume() }
        }
        #expect(kSystemSoundID_Vibrate == 4095)
    }
}
