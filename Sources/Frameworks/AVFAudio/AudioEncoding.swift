/// How samples are encoded: a format ID and, for linear PCM, the bits, float or integer and
/// byte order. The value both formats and files are described by.
struct AudioEncoding: Sendable, Equatable {
    let formatID: AudioFormatID
    /// Bits per sample (linear PCM), 0 for compressed formats.
    let bitDepth: Int
    let isFloat: Bool
    let isBigEndian: Bool

    init(formatID: AudioFormatID, bitDepth: Int = 0, isFloat: Bool = false, isBigEndian: Bool = false) {
        self.formatID = formatID
        self.bitDepth = formatID == kAudioFormatLinearPCM ? bitDepth : 0
        self.isFloat = formatID == kAudioFormatLinearPCM && isFloat
        self.isBigEndian = formatID == kAudioFormatLinearPCM && isBigEndian
    }

    /// The PCM encoding of a common format (native, little-endian), nil for `.otherFormat`.
    init?(commonFormat: AVAudioCommonFormat) {
        switch commonFormat {
        case .pcmFormatFloat32: self.init(formatID: kAudioFormatLinearPCM, bitDepth: 32, isFloat: true)
        case .pcmFormatFloat64: self.init(formatID: kAudioFormatLinearPCM, bitDepth: 64, isFloat: true)
        case .pcmFormatInt16: self.init(formatID: kAudioFormatLinearPCM, bitDepth: 16)
        case .pcmFormatInt32: self.init(formatID: kAudioFormatLinearPCM, bitDepth: 32)
        case .otherFormat: return nil
        }
    }

    /// The common format these samples are, when they are one (native byte order only).
    var commonFormat: AVAudioCommonFormat {
        guard formatID == kAudioFormatLinearPCM, !isBigEndian else { return .otherFormat }
        switch (bitDepth, isFloat) {
        case (32, true): return .pcmFormatFloat32
        case (64, true): return .pcmFormatFloat64
        case (16, false): return .pcmFormatInt16
        case (32, false): return .pcmFormatInt32
        default: return .otherFormat
        }
    }

    /// "Float32", "Int16", "24-bit big-endian integer", "aac ", for descriptions.
    var name: String {
        guard formatID == kAudioFormatLinearPCM else { return fourCharacters(formatID) }
        switch commonFormat {
        case .pcmFormatFloat32: return "Float32"
        case .pcmFormatFloat64: return "Float64"
        case .pcmFormatInt16: return "Int16"
        case .pcmFormatInt32: return "Int32"
        case .otherFormat: return "\(bitDepth)-bit\(isBigEndian ? " big-endian" : "") \(isFloat ? "float" : "integer")"
        }
    }
}

/// A settings dictionary read as AVFAudio reads it: the rate, the channels, the encoding.
struct AudioSettings: Sendable {
    let sampleRate: Double
    let channels: AVAudioChannelCount
    let encoding: AudioEncoding
    let interleaved: Bool

    /// What is wrong with a settings dictionary, for the error and the report.
    struct Invalid: Error, Sendable {
        let message: String
    }

    init(_ settings: [String: Any]) throws(Invalid) {
        let formatID = SettingValue.integer(settings[AVFormatIDKey]).flatMap { AudioFormatID(exactly: $0) } ?? kAudioFormatLinearPCM
        guard let rate = SettingValue.double(settings[AVSampleRateKey]), rate > 0, rate.isFinite else {
            throw Invalid(
                message:
                    "AVSampleRateKey must be a positive number of hertz (it is \(settings[AVSampleRateKey].map { "\($0)" } ?? "missing"))")
        }
        guard let channels = SettingValue.integer(settings[AVNumberOfChannelsKey]), channels > 0, channels <= 64 else {
            throw Invalid(
                message: "AVNumberOfChannelsKey must be 1 to 64 (it is \(settings[AVNumberOfChannelsKey].map { "\($0)" } ?? "missing"))")
        }
        var bits = SettingValue.integer(settings[AVLinearPCMBitDepthKey]) ?? 16
        let isFloat = SettingValue.bool(settings[AVLinearPCMIsFloatKey]) ?? false
        if isFloat && settings[AVLinearPCMBitDepthKey] == nil { bits = 32 }
        if formatID == kAudioFormatLinearPCM {
            guard isFloat ? [32, 64].contains(bits) : [8, 16, 24, 32].contains(bits) else {
                throw Invalid(
                    message:
                        "AVLinearPCMBitDepthKey \(bits) is not a \(isFloat ? "floating-point depth (32, 64)" : "depth of integer samples (8, 16, 24, 32)")"
                )
            }
        }
        sampleRate = rate
        self.channels = AVAudioChannelCount(channels)
        encoding = AudioEncoding(
            formatID: formatID, bitDepth: bits, isFloat: isFloat,
            isBigEndian: SettingValue.bool(settings[AVLinearPCMIsBigEndianKey]) ?? false)
        interleaved = !(SettingValue.bool(settings[AVLinearPCMIsNonInterleaved]) ?? false)
    }
}
