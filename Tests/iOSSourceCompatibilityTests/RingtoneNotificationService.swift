import AVFoundation
import UserNotifications

/// A call push that rings longer, as Bark's extension does it (the AVFAudio sample of this
/// target: Swift 5 mode, Apple's names only): the bundled ringtone is read with AVAudioFile and
/// written again and again into a longer .caf in the app group's Library/Sounds, which
/// `UNNotificationSound(named:)` plays.
class RingtoneNotificationService: UNNotificationServiceExtension {
    /// The bundled ringtone; the bundle's resource in an app, a file of the test here.
    var ringtoneURL: URL? = Bundle.main.url(forResource: "ring", withExtension: "caf")
    /// Library/Sounds of the app group; the test's folder when there is no app group.
    var soundsDirectory: URL? = FileManager.default.containerURL(forSecurityApplicationGroupIdentifier: "group.com.example.bark")?
        .appendingPathComponent("Library/Sounds")
    var ringSeconds = 30.0

    override func didReceive(_ request: UNNotificationRequest, withContentHandler contentHandler: @escaping (UNNotificationContent) -> Void)
    {
        let content = request.content.mutableCopy() as! UNMutableNotificationContent
        do {
            try AVAudioSession.sharedInstance().setCategory(.playback)
            let name = try makeLongRingtone()
            content.sound = UNNotificationSound(named: UNNotificationSoundName(rawValue: name))
            content.subtitle = name
        } catch let error as NSError {
            content.subtitle = "\(error.domain) \(error.code)"
        }
        contentHandler(content)
    }

    func makeLongRingtone() throws -> String {
        guard let ringtoneURL = ringtoneURL, let soundsDirectory = soundsDirectory else {
            throw NSError(domain: "Ringtone", code: 1, userInfo: nil)
        }
        try FileManager.default.createDirectory(at: soundsDirectory, withIntermediateDirectories: true, attributes: nil)
        let longName = ringtoneURL.deletingPathExtension().lastPathComponent + ".long.caf"
        let longURL = soundsDirectory.appendingPathComponent(longName)

        let audioFile = try AVAudioFile(forReading: ringtoneURL)
        let format = audioFile.processingFormat
        let frameCount = AVAudioFrameCount(audioFile.length)
        guard let buffer = AVAudioPCMBuffer(pcmFormat: format, frameCapacity: frameCount) else {
            throw NSError(domain: "Ringtone", code: 2, userInfo: nil)
        }
        try audioFile.read(into: buffer)
        let output = try AVAudioFile(forWriting: longURL, settings: format.settings)
        let seconds = Double(buffer.frameLength) / format.sampleRate
        var total = 0.0
        while total < ringSeconds {
            try output.write(from: buffer)
            total += seconds
        }
        return longName
    }
}
