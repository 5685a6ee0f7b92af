import AVFAudio
import AudioToolbox
import Foundation
import Testing
import UserNotifications

/// AVFAudio over libsndfile: real files written and read back in each container, Core Audio's
/// error codes for bad input, the ringtone sample, the results accepted by nsesim's checks.
@Suite struct AVFAudioBehaviourTests {
    static let domain = "com.apple.coreaudio.avfaudio"

    func folder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("avfaudio-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    /// A 440 Hz tone of `frames` frames in a standard-format buffer.
    func tone(frames: AVAudioFrameCount, rate: Double = 8000, channels: AVAudioChannelCount = 1) throws -> AVAudioPCMBuffer {
        let format = try #require(AVAudioFormat(standardFormatWithSampleRate: rate, channels: channels))
        let buffer = try #require(AVAudioPCMBuffer(pcmFormat: format, frameCapacity: frames))
        buffer.frameLength = frames
        let data = try #require(buffer.floatChannelData)
        for channel in 0..<Int(channels) {
            for frame in 0..<Int(frames) {
                data[channel][frame] = Float(sin(2 * Double.pi * 440 * Double(frame) / rate) * 0.5) * (channel == 0 ? 1 : -1)
            }
        }
        return buffer
    }

    @Test(arguments: ["caf", "wav", "aiff"])
    func writesAndReadsBackEachContainer(_ type: String) throws {
        let url = try folder().appendingPathComponent("tone.\(type)")
        let buffer = try tone(frames: 4000, channels: 2)
        let settings: [String: Any] = [
            AVFormatIDKey: kAudioFormatLinearPCM, AVSampleRateKey: 8000.0, AVNumberOfChannelsKey: 2,
            AVLinearPCMBitDepthKey: 16, AVLinearPCMIsFloatKey: false, AVLinearPCMIsBigEndianKey: false,
        ]
        do {
            let file = try AVAudioFile(forWriting: url, settings: settings)
            #expect(file.processingFormat.isStandard)
            try file.write(from: buffer)
            try file.write(from: buffer)
            #expect(file.length == 8000)
        }
        let read = try AVAudioFile(forReading: url)
        #expect(read.length == 8000)
        #expect(read.fileFormat.sampleRate == 8000)
        #expect(read.fileFormat.channelCount == 2)
        #expect((read.fileFormat.settings[AVLinearPCMBitDepthKey] as? NSNumber)?.intValue == 16)
        #expect((read.fileFormat.settings[AVFormatIDKey] as? NSNumber)?.uint32Value == kAudioFormatLinearPCM)
        #expect(read.processingFormat.commonFormat == .pcmFormatFloat32)
        let back = try #require(AVAudioPCMBuffer(pcmFormat: read.processingFormat, frameCapacity: 5000))
        try read.read(into: back)
        #expect(back.frameLength == 5000)
        #expect(read.framePosition == 5000)
        let samples = try #require(back.floatChannelData)
        let original = try #require(buffer.floatChannelData)
        for frame in [0, 17, 1234, 3999] {
            #expect(abs(samples[0][frame] - original[0][frame]) < 0.0002)
            #expect(abs(samples[1][frame] - original[1][frame]) < 0.0002)
        }
        #expect(abs(samples[0][4000 + 17] - original[0][17]) < 0.0002)  // the second write follows the first
        try read.read(into: back)
        #expect(back.frameLength == 3000)  // what is left
        try read.read(into: back)
        #expect(back.frameLength == 0)  // at the end
    }

    @Test func writtenFilesPassNSESimsChecks() throws {
        let folder = try folder()
        let wav = folder.appendingPathComponent("preview.wav")
        do {
            let file = try AVAudioFile(forWriting: wav, settings: AVAudioFormat(standardFormatWithSampleRate: 22050, channels: 1)!.settings)
            try file.write(from: try tone(frames: 2205, rate: 22050))
        }
        // An attachment: nsesim reads the content with libmagic.
        let attachment = try UNNotificationAttachment(identifier: "preview", url: wav, options: nil)
        #expect(attachment.type == "com.microsoft.waveform-audio")
        // A system sound (AudioToolbox checks the file), the .caf included.
        let caf = folder.appendingPathComponent("ring.caf")
        do {
            let file = try AVAudioFile(
                forWriting: caf, settings: [AVFormatIDKey: kAudioFormatLinearPCM, AVSampleRateKey: 8000, AVNumberOfChannelsKey: 1])
            try file.write(from: try tone(frames: 800))
        }
        var soundID: SystemSoundID = 0
        #expect(AudioServicesCreateSystemSoundID(caf as CFURL, &soundID) == kAudioServicesNoError)
        AudioServicesDisposeSystemSoundID(soundID)
    }

    @Test func readsAsInterleavedIntegers() throws {
        let url = try folder().appendingPathComponent("ints.wav")
        do {
            let file = try AVAudioFile(
                forWriting: url, settings: [AVFormatIDKey: kAudioFormatLinearPCM, AVSampleRateKey: 8000, AVNumberOfChannelsKey: 2])
            try file.write(from: try tone(frames: 100, channels: 2))
        }
        let file = try AVAudioFile(forReading: url, commonFormat: .pcmFormatInt16, interleaved: true)
        #expect(file.processingFormat.isInterleaved)
        let buffer = try #require(AVAudioPCMBuffer(pcmFormat: file.processingFormat, frameCapacity: 100))
        try file.read(into: buffer, frameCount: 50)
        #expect(buffer.frameLength == 50)
        #expect(buffer.stride == 2)
        #expect(buffer.floatChannelData == nil)
        let samples = try #require(buffer.int16ChannelData)[0]
        #expect(abs(Int(samples[2 * 10]) + Int(samples[2 * 10 + 1])) <= 1)  // left and right are opposite (to a step of 16 bits)
        #expect(abs(Int(samples[2 * 5]) - Int(sin(2 * Double.pi * 440 * 5 / 8000) * 0.5 * 32768)) <= 2)
    }

    @Test func formatsAndSettingsAsApplesAre() throws {
        let standard = try #require(AVAudioFormat(standardFormatWithSampleRate: 44100, channels: 2))
        #expect(standard.commonFormat == .pcmFormatFloat32)
        #expect(!standard.isInterleaved)
        #expect((standard.settings[AVLinearPCMIsNonInterleaved] as? NSNumber)?.boolValue == true)
        #expect((standard.settings[AVLinearPCMIsFloatKey] as? NSNumber)?.boolValue == true)
        #expect(AVAudioFormat(commonFormat: .otherFormat, sampleRate: 44100, channels: 2, interleaved: false) == nil)
        #expect(AVAudioFormat(standardFormatWithSampleRate: 44100, channels: 0) == nil)
        let fromSettings = try #require(
            AVAudioFormat(settings: [
                AVFormatIDKey: Int(kAudioFormatLinearPCM), AVSampleRateKey: 16000, AVNumberOfChannelsKey: 1, AVLinearPCMBitDepthKey: 16,
            ]))
        #expect(fromSettings.commonFormat == .pcmFormatInt16)
        #expect(fromSettings.sampleRate == 16000)
        #expect(AVAudioFormat(settings: [AVFormatIDKey: kAudioFormatLinearPCM]) == nil)
        #expect(
            AVAudioPCMBuffer(
                pcmFormat: try #require(
                    AVAudioFormat(settings: [AVFormatIDKey: kAudioFormatMPEG4AAC, AVSampleRateKey: 44100, AVNumberOfChannelsKey: 1])),
                frameCapacity: 10) == nil)
        #expect(AVAudioQuality.high.rawValue == 0x60)
        #expect(kAudioFormatLinearPCM == 0x6C70_636D)
    }

    func coreAudioError(_ body: () throws -> Void) -> NSError? {
        do {
            try body()
            return nil
        } catch let error as NSError {
            return error
        }
    }

    @Test func badInputThrowsCoreAudiosErrors() throws {
        let folder = try folder()
        let text = folder.appendingPathComponent("notes.caf")
        try Data("These are release notes, not a sound.".utf8).write(to: text)
        let notAudio = coreAudioError { _ = try AVAudioFile(forReading: text) }
        #expect(notAudio?.domain == Self.domain)
        #expect(notAudio?.code == 1_954_115_647)  // 'typ?'
        #expect((notAudio?.userInfo["failed call"] as? String)?.hasPrefix("ExtAudioFileOpenURL") == true)

        // 'wht?': no file there.
        #expect(coreAudioError { _ = try AVAudioFile(forReading: folder.appendingPathComponent("missing.wav")) }?.code == 2_003_334_207)
        let empty = folder.appendingPathComponent("empty.wav")
        try Data().write(to: empty)
        #expect(coreAudioError { _ = try AVAudioFile(forReading: empty) }?.code == 1_685_348_671)  // 'dta?'

        // An .m4a (AAC), which iOS reads: 'typ?' here, and the reason says it is not simulated.
        let m4a = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../Fixtures/media/sample.m4a")
        let aacRead = coreAudioError { _ = try AVAudioFile(forReading: m4a) }
        #expect(aacRead?.code == 1_954_115_647)
        #expect((aacRead?.userInfo[NSLocalizedFailureReasonErrorKey] as? String)?.contains("not simulated") == true)

        let standard = try #require(AVAudioFormat(standardFormatWithSampleRate: 8000, channels: 1))
        #expect(
            coreAudioError { _ = try AVAudioFile(forWriting: folder.appendingPathComponent("x.ogg"), settings: standard.settings) }?.code
                == 1_954_115_647)
        let aac: [String: Any] = [
            AVFormatIDKey: kAudioFormatMPEG4AAC, AVSampleRateKey: 44100, AVNumberOfChannelsKey: 1,
            AVEncoderAudioQualityKey: AVAudioQuality.high.rawValue,
        ]
        let notSimulated = coreAudioError { _ = try AVAudioFile(forWriting: folder.appendingPathComponent("x.m4a"), settings: aac) }
        #expect(notSimulated?.code == 1_718_449_215)  // 'fmt?'
        #expect((notSimulated?.userInfo[NSLocalizedFailureReasonErrorKey] as? String)?.contains("not simulated") == true)
        #expect(
            coreAudioError {
                _ = try AVAudioFile(forWriting: folder.appendingPathComponent("x.wav"), settings: [AVFormatIDKey: kAudioFormatLinearPCM])
            }?.code == -50)

        let file = try AVAudioFile(forWriting: folder.appendingPathComponent("mono.wav"), settings: standard.settings)
        let stereo = try tone(frames: 10, channels: 2)
        #expect(coreAudioError { try file.write(from: stereo) }?.code == -50)
        #expect(coreAudioError { try file.read(into: stereo) }?.code == -38)
    }

    func deliver(_ service: RingtoneNotificationService) async -> UNNotificationContent {
        await withCheckedContinuation { (continuation: CheckedContinuation<UNNotificationContent, Never>) in
            service.didReceive(UNNotificationRequest(identifier: "call", content: UNMutableNotificationContent(), trigger: nil)) {
                continuation.resume(returning: $0)
            }
        }
    }

    @Test func ringtoneSampleMakesAThirtySecondSound() async throws {
        let folder = try folder()
        let ring = folder.appendingPathComponent("ring.caf")
        do {
            let file = try AVAudioFile(
                forWriting: ring,
                settings: [
                    AVFormatIDKey: kAudioFormatLinearPCM, AVSampleRateKey: 8000, AVNumberOfChannelsKey: 1, AVLinearPCMBitDepthKey: 16,
                ])
            try file.write(from: try tone(frames: 16000))
        }
        let service = RingtoneNotificationService()
        service.ringtoneURL = ring
        service.soundsDirectory = folder.appendingPathComponent("Library/Sounds")
        let delivered = await deliver(service)
        #expect(delivered.subtitle == "ring.long.caf")
        #expect(delivered.sound == UNNotificationSound(named: UNNotificationSoundName(rawValue: "ring.long.caf")))
        let long = try AVAudioFile(forReading: folder.appendingPathComponent("Library/Sounds/ring.long.caf"))
        #expect(Double(long.length) / long.fileFormat.sampleRate >= 30)
        #expect(long.fileFormat.commonFormat == .pcmFormatFloat32)  // the processing format's settings, as Bark passes them

        service.ringtoneURL = folder.appendingPathComponent("missing.caf")
        #expect(await deliver(service).subtitle == "com.apple.coreaudio.avfaudio 2003334207")
    }

    @Test func sessionCallsAreAccepted() throws {
        let session = AVAudioSession.sharedInstance()
        try session.setCategory(.playback, mode: .default, options: [.mixWithOthers, .duckOthers])
        #expect(session.category == .playback)
        #expect(session.categoryOptions.contains(.duckOthers))
        try session.setActive(true)
    }
}
