import Foundation

// The keys of an audio settings dictionary (`AVAudioFormat.settings`,
// `AVAudioFile(forWriting:settings:)`), Apple's strings.

/// The format ID (`kAudioFormatLinearPCM`, `kAudioFormatMPEG4AAC`, …), an integer.
public let AVFormatIDKey = "AVFormatIDKey"
/// The sample rate in hertz, a floating-point number.
public let AVSampleRateKey = "AVSampleRateKey"
/// The number of channels, an integer.
public let AVNumberOfChannelsKey = "AVNumberOfChannelsKey"
/// Linear PCM's bits per sample: 8, 16, 24 or 32.
public let AVLinearPCMBitDepthKey = "AVLinearPCMBitDepthKey"
/// Linear PCM: big-endian samples (a Boolean).
public let AVLinearPCMIsBigEndianKey = "AVLinearPCMIsBigEndianKey"
/// Linear PCM: floating-point samples (a Boolean).
public let AVLinearPCMIsFloatKey = "AVLinearPCMIsFloatKey"
/// Linear PCM: one buffer per channel (a Boolean).
public let AVLinearPCMIsNonInterleaved = "AVLinearPCMIsNonInterleaved"
/// The encoder's quality, an `AVAudioQuality` raw value.
public let AVEncoderAudioQualityKey = "AVEncoderAudioQualityKey"
/// The encoder's quality for a variable bit rate, an `AVAudioQuality` raw value.
public let AVEncoderAudioQualityForVBRKey = "AVEncoderAudioQualityForVBRKey"
/// The encoder's bit rate in bits per second.
public let AVEncoderBitRateKey = "AVEncoderBitRateKey"
/// The encoder's bit rate per channel in bits per second.
public let AVEncoderBitRatePerChannelKey = "AVEncoderBitRatePerChannelKey"
/// The encoder's bit rate strategy (`AVAudioBitRateStrategy_Constant`, …).
public let AVEncoderBitRateStrategyKey = "AVEncoderBitRateStrategyKey"
/// A hint of the source's bit depth for lossless encoders: 8 to 32.
public let AVEncoderBitDepthHintKey = "AVEncoderBitDepthHintKey"
/// The sample rate converter's quality, an `AVAudioQuality` raw value.
public let AVSampleRateConverterAudioQualityKey = "AVSampleRateConverterAudioQualityKey"
/// The channel layout, an `AudioChannelLayout` as data.
public let AVChannelLayoutKey = "AVChannelLayoutKey"

/// A constant bit rate.
public let AVAudioBitRateStrategy_Constant = "AVAudioBitRateStrategy_Constant"
/// An average bit rate over the whole file.
public let AVAudioBitRateStrategy_LongTermAverage = "AVAudioBitRateStrategy_LongTermAverage"
/// A variable bit rate within a limit.
public let AVAudioBitRateStrategy_VariableConstrained = "AVAudioBitRateStrategy_VariableConstrained"
/// A variable bit rate.
public let AVAudioBitRateStrategy_Variable = "AVAudioBitRateStrategy_Variable"

/// Reading numbers and Booleans out of a settings dictionary as apps write them: `Int`,
/// `UInt32` (`kAudioFormatLinearPCM`), `Double`, `Float`, `Bool` or `NSNumber`.
enum SettingValue {
    static func integer(_ value: Any?) -> Int? {
        switch value {
        case let value as Int: return value
        case let value as UInt32: return Int(value)
        case let value as Int32: return Int(value)
        case let value as UInt: return Int(value)
        case let value as Int64: return Int(value)
        case let value as UInt64: return Int(exactly: value)
        case let value as Double: return value.isFinite ? Int(value) : nil
        case let value as Float: return value.isFinite ? Int(value) : nil
        case let value as Bool: return value ? 1 : 0
        case let value as NSNumber: return value.intValue
        default: return nil
        }
    }

    static func double(_ value: Any?) -> Double? {
        switch value {
        case let value as Double: return value
        case let value as Float: return Double(value)
        case let value as NSNumber: return value.doubleValue
        default: return integer(value).map(Double.init)
        }
    }

    static func bool(_ value: Any?) -> Bool? {
        switch value {
        case let value as Bool: return value
        case let value as NSNumber: return value.boolValue
        default: return integer(value).map { $0 != 0 }
        }
    }
}
