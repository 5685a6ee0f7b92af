import AVFoundation
import UserNotifications

/// A call push rings for 30 seconds, as Bark's extension does it: the bundled ringtone is read
/// with AVAudioFile and written over and over into a longer .caf in the app group's
/// Library/Sounds, which UNNotificationSound(named:) then plays. A short .wav preview of the
/// ringtone is attached.
class NotificationService: UNNotificationServiceExtension {
    var contentHandler: ((UNNotificationContent) -> Void)?
    var bestAttemptContent: UNMutableNotificationContent?

    let groupName = "group.com.example.bark"
    let ringSeconds = 30.0

    override func didReceive(_ request: UNNotificationRequest, withContentHandler contentHandler: @escaping (UNNotificationContent) -> Void) {
        self.contentHandler = contentHandler
        bestAttemptContent = (request.content.mutableCopy() as? UNMutableNotificationContent)
        guard let bestAttemptContent = bestAttemptContent else { return }
        let userInfo = request.content.userInfo
        try? AVAudioSession.sharedInstance().setCategory(.playback, mode: .default, options: [.mixWithOthers])

        if let call = userInfo["call"] as? String, call == "1", let soundName = userInfo["ring"] as? String {
            do {
                let longName = try longSound(named: soundName)
                bestAttemptContent.sound = UNNotificationSound(named: UNNotificationSoundName(rawValue: longName))
                bestAttemptContent.subtitle = "ringing \(longName)"
                if let preview = try previewAttachment(named: soundName) {
                    bestAttemptContent.attachments = [preview]
                }
            } catch let error as NSError {
                bestAttemptContent.subtitle = "no ringtone: \(error.domain) \(error.code)"
            }
        }
        contentHandler(bestAttemptContent)
    }

    /// Makes (once) a ringtone of at least `ringSeconds` in Library/Sounds of the app group.
    func longSound(named soundName: String) throws -> String {
        guard let soundPath = Bundle.main.path(forResource: soundName, ofType: "caf") else {
            throw NSError(domain: "Ringtone", code: 1)
        }
        guard let soundsDirectoryUrl = FileManager.default.containerURL(forSecurityApplicationGroupIdentifier: groupName)?
            .appendingPathComponent("Library/Sounds")
        else {
            throw NSError(domain: "Ringtone", code: 2)
        }
        try FileManager.default.createDirectory(at: soundsDirectoryUrl, withIntermediateDirectories: true, attributes: nil)
        let longSoundName = "\(soundName).long.caf"
        let longSoundUrl = soundsDirectoryUrl.appendingPathComponent(longSoundName)
        if FileManager.default.fileExists(atPath: longSoundUrl.path) {
            return longSoundName
        }

        let audioFile = try AVAudioFile(forReading: URL(fileURLWithPath: soundPath))
        let audioFormat = audioFile.processingFormat
        let audioFrameCount = AVAudioFrameCount(audioFile.length)
        guard let buffer = AVAudioPCMBuffer(pcmFormat: audioFormat, frameCapacity: audioFrameCount) else {
            throw NSError(domain: "Ringtone", code: 3)
        }
        try audioFile.read(into: buffer)

        let outputAudioFile = try AVAudioFile(forWriting: longSoundUrl, settings: audioFormat.settings)
        let duration = Double(audioFrameCount) / audioFormat.sampleRate
        var written = 0.0
        while written < ringSeconds {
            try outputAudioFile.write(from: buffer)
            written += duration
        }
        return longSoundName
    }

    /// The first second of the ringtone as a 16-bit WAV in the temporary folder, attached.
    func previewAttachment(named soundName: String) throws -> UNNotificationAttachment? {
        guard let soundURL = Bundle.main.url(forResource: soundName, withExtension: "caf") else { return nil }
        let source = try AVAudioFile(forReading: soundURL)
        let settings: [String: Any] = [
            AVFormatIDKey: kAudioFormatLinearPCM,
            AVSampleRateKey: source.fileFormat.sampleRate,
            AVNumberOfChannelsKey: source.fileFormat.channelCount,
            AVLinearPCMBitDepthKey: 16,
            AVLinearPCMIsFloatKey: false,
            AVLinearPCMIsBigEndianKey: false,
        ]
        let previewURL = FileManager.default.temporaryDirectory.appendingPathComponent("\(soundName)-preview.wav")
        let frames = AVAudioFrameCount(min(source.length, AVAudioFramePosition(source.processingFormat.sampleRate)))
        guard let buffer = AVAudioPCMBuffer(pcmFormat: source.processingFormat, frameCapacity: frames) else { return nil }
        try source.read(into: buffer, frameCount: frames)
        do {
            let preview = try AVAudioFile(forWriting: previewURL, settings: settings)
            try preview.write(from: buffer)
        }
        return try UNNotificationAttachment(identifier: "ringtone-preview", url: previewURL, options: nil)
    }

    override func serviceExtensionTimeWillExpire() {
        if let contentHandler = contentHandler, let bestAttemptContent = bestAttemptContent {
            contentHandler(bestAttemptContent)
        }
    }
}
