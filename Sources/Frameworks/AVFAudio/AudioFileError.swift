import Foundation

/// The errors AVFAudio throws, as iOS throws them: an `NSError` in the domain
/// `com.apple.coreaudio.avfaudio` whose code is Core Audio's `OSStatus` (a four-character code
/// such as 'typ?'), with the failed call in `userInfo`, and nsesim's reason beside it.
enum AudioFileError {
    /// The domain of AVFAudio's errors.
    static let domain = "com.apple.coreaudio.avfaudio"

    /// Core Audio's statuses that AVAudioFile gives, Apple's values.
    enum Status: Int, Sendable, CaseIterable {
        /// 'wht?' kAudioFileUnspecifiedError: no file there, or not openable.
        case unspecified = 2_003_334_207
        /// 'typ?' kAudioFileUnsupportedFileTypeError: not an audio file type Core Audio reads or writes.
        case unsupportedFileType = 1_954_115_647
        /// 'fmt?' kAudioFileUnsupportedDataFormatError: the type cannot hold this data format.
        case unsupportedDataFormat = 1_718_449_215
        /// 'dta?' kAudioFileInvalidFileError: the file is damaged.
        case invalidFile = 1_685_348_671
        /// 'prm?' kAudioFilePermissionsError: not allowed to read or write it.
        case permissions = 1_886_547_263
        /// -50 kAudio_ParamError: a parameter is wrong (a buffer of another format).
        case parameter = -50
        /// -38 kAudioFileNotOpenError: the file is closed.
        case notOpen = -38

        /// Core Audio's constant's name, for the report.
        var name: String {
            switch self {
            case .unspecified: return "kAudioFileUnspecifiedError"
            case .unsupportedFileType: return "kAudioFileUnsupportedFileTypeError"
            case .unsupportedDataFormat: return "kAudioFileUnsupportedDataFormatError"
            case .invalidFile: return "kAudioFileInvalidFileError"
            case .permissions: return "kAudioFilePermissionsError"
            case .parameter: return "kAudio_ParamError"
            case .notOpen: return "kAudioFileNotOpenError"
            }
        }
    }

    /// A failure of `call` with `status`, and why (nsesim's words, also in the report).
    struct Failure: Error, Sendable {
        let status: Status
        let call: String
        let reason: String

        /// As iOS throws it.
        var nsError: NSError {
            NSError(
                domain: AudioFileError.domain, code: status.rawValue,
                userInfo: [
                    "failed call": call,
                    NSLocalizedFailureReasonErrorKey: reason,
                    NSLocalizedDescriptionKey: "The operation couldn’t be completed. (\(AudioFileError.domain) error \(status.rawValue).)",
                ])
        }
    }
}
