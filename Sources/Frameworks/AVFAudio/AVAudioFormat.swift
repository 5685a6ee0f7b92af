import Foundation

/// A format of audio data: sample rate, channels, and how samples are stored. Buffers use one
/// of the common PCM formats; a file's format may be any its container holds.
open class AVAudioFormat: NSObject, @unchecked Sendable {
    /// Frames per second.
    public let sampleRate: Double
    /// The number of channels.
    public let channelCount: AVAudioChannelCount
    /// The sample format, `.otherFormat` when it is none of the common PCM ones.
    public let commonFormat: AVAudioCommonFormat
    /// Whether the channels' samples alternate in one buffer (true) or lie in one buffer each.
    public let isInterleaved: Bool
    /// The format ID and its encoding, as a settings dictionary describes them.
    let encoding: AudioEncoding

    init(sampleRate: Double, channelCount: AVAudioChannelCount, encoding: AudioEncoding, interleaved: Bool) {
        self.sampleRate = sampleRate
        self.channelCount = channelCount
        self.encoding = encoding
        self.commonFormat = encoding.commonFormat
        self.isInterleaved = interleaved
        super.init()
    }

    /// A PCM format of `format` samples, or nil for `.otherFormat`, no channels or a rate that
    /// is not positive.
    public convenience init?(commonFormat format: AVAudioCommonFormat, sampleRate: Double, channels: AVAudioChannelCount, interleaved: Bool)
    {
        guard let encoding = AudioEncoding(commonFormat: format), channels > 0, sampleRate > 0, sampleRate.isFinite else { return nil }
        self.init(sampleRate: sampleRate, channelCount: channels, encoding: encoding, interleaved: interleaved)
    }

    /// The standard format: 32-bit floating point, one buffer per channel.
    public convenience init?(standardFormatWithSampleRate sampleRate: Double, channels: AVAudioChannelCount) {
        self.init(commonFormat: .pcmFormatFloat32, sampleRate: sampleRate, channels: channels, interleaved: false)
    }

    /// The format a settings dictionary describes (`AVFormatIDKey`, `AVSampleRateKey`,
    /// `AVNumberOfChannelsKey`, the linear PCM keys), or nil when it lacks the rate or the
    /// channels or names no format nsesim knows.
    public convenience init?(settings: [String: Any]) {
        guard let described = try? AudioSettings(settings) else { return nil }
        self.init(
            sampleRate: described.sampleRate, channelCount: described.channels, encoding: described.encoding,
            interleaved: described.interleaved)
    }

    /// Whether this is the standard format (32-bit float, not interleaved).
    public var isStandard: Bool { commonFormat == .pcmFormatFloat32 && !isInterleaved }

    /// The format as a settings dictionary, the keys Apple's gives (numbers as `NSNumber`).
    public var settings: [String: Any] {
        var settings: [String: Any] = [
            AVFormatIDKey: NSNumber(value: encoding.formatID),
            AVSampleRateKey: NSNumber(value: sampleRate),
            AVNumberOfChannelsKey: NSNumber(value: channelCount),
        ]
        if encoding.formatID == kAudioFormatLinearPCM {
            settings[AVLinearPCMBitDepthKey] = NSNumber(value: encoding.bitDepth)
            settings[AVLinearPCMIsFloatKey] = NSNumber(value: encoding.isFloat)
            settings[AVLinearPCMIsBigEndianKey] = NSNumber(value: encoding.isBigEndian)
            settings[AVLinearPCMIsNonInterleaved] = NSNumber(value: !isInterleaved)
        }
        return settings
    }

    /// Two formats are equal when rate, channels, encoding and layout are.
    open override func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? AVAudioFormat else { return false }
        return sampleRate == other.sampleRate && channelCount == other.channelCount && encoding == other.encoding
            && (isInterleaved == other.isInterleaved || channelCount == 1)
    }

    /// A hash of the rate and channels.
    open override var hash: Int { sampleRate.hashValue ^ Int(channelCount) }

    /// As Apple's prints it: "<AVAudioFormat: 2 ch, 44100 Hz, Float32, deinterleaved>".
    open override var description: String {
        "<AVAudioFormat: \(channelCount) ch, \(String(format: "%g", sampleRate)) Hz, \(encoding.name)"
            + (channelCount > 1 ? (isInterleaved ? ", interleaved" : ", deinterleaved") : "") + ">"
    }

    /// "lpcm float32 44100 Hz 2 ch", for the report.
    var summary: String {
        "\(encoding.name) \(String(format: "%g", sampleRate)) Hz \(channelCount) ch"
    }
}
