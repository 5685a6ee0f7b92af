/// A number of sample frames (one sample per channel), as buffers count them.
public typealias AVAudioFrameCount = UInt32
/// A position in a file, in sample frames from its start.
public typealias AVAudioFramePosition = Int64
/// A number of audio channels.
public typealias AVAudioChannelCount = UInt32
/// A four-character code naming an audio data format (Core Audio's `AudioFormatID`).
public typealias AudioFormatID = UInt32

/// The sample formats AVFAudio's buffers hold.
public enum AVAudioCommonFormat: UInt, Sendable {
    /// A format that is none of the others (an 8-bit or compressed file, for instance).
    case otherFormat = 0
    /// 32-bit floating point, native endian.
    case pcmFormatFloat32 = 1
    /// 64-bit floating point, native endian.
    case pcmFormatFloat64 = 2
    /// 16-bit signed integer, native endian.
    case pcmFormatInt16 = 3
    /// 32-bit signed integer, native endian.
    case pcmFormatInt32 = 4
}

/// Encoder quality for `AVEncoderAudioQualityKey`, Apple's values.
public enum AVAudioQuality: Int, Sendable {
    /// The lowest quality.
    case min = 0
    /// Low quality.
    case low = 0x20
    /// Medium quality.
    case medium = 0x40
    /// High quality.
    case high = 0x60
    /// The highest quality.
    case max = 0x7F
}

// Core Audio's format IDs (`CoreAudioTypes`), Apple's four-character codes.

/// Linear PCM ('lpcm').
public let kAudioFormatLinearPCM: AudioFormatID = 0x6C70_636D
/// MPEG-4 AAC ('aac ').
public let kAudioFormatMPEG4AAC: AudioFormatID = 0x6161_6320
/// Apple IMA 4:1 ADPCM ('ima4').
public let kAudioFormatAppleIMA4: AudioFormatID = 0x696D_6134
/// Apple Lossless ('alac').
public let kAudioFormatAppleLossless: AudioFormatID = 0x616C_6163
/// µ-law 2:1 ('ulaw').
public let kAudioFormatULaw: AudioFormatID = 0x756C_6177
/// A-law 2:1 ('alaw').
public let kAudioFormatALaw: AudioFormatID = 0x616C_6177
/// MPEG-1/2 Layer 3 ('.mp3').
public let kAudioFormatMPEGLayer3: AudioFormatID = 0x2E6D_7033
/// Free Lossless Audio Codec ('flac').
public let kAudioFormatFLAC: AudioFormatID = 0x666C_6163
/// Opus ('opus').
public let kAudioFormatOpus: AudioFormatID = 0x6F70_7573
/// MPEG-4 HE-AAC ('aach').
public let kAudioFormatMPEG4AAC_HE: AudioFormatID = 0x6161_6368
/// AMR narrow band ('samr').
public let kAudioFormatAMR: AudioFormatID = 0x7361_6D72

/// The four characters of a format ID, as Core Audio's tools print it ("lpcm").
func fourCharacters(_ code: UInt32) -> String {
    let bytes = [24, 16, 8, 0].map { UInt8((code >> UInt32($0)) & 0xFF) }
    guard bytes.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) else { return String(code) }
    return String(decoding: bytes, as: UTF8.self)
}
