/// Why a file cannot be a notification attachment.
///
/// Each case carries Apple's `UNError.Code` raw value (``code``) and a message that says
/// what is wrong and where, so that a user can fix the file or the options.
public enum AttachmentValidationError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Not a file URL, no file there, not a regular file, not readable, or outside the
    /// places an extension may attach from (UNError 100).
    case invalidURL(String)
    /// The type hint or file extension names no supported type (UNError 101).
    case unrecognizedType(String)
    /// The file is empty or larger than its kind allows (UNError 102).
    case invalidFileSize(String)
    /// The content is not what the type claims, or is cut short, or an option value
    /// is out of range (UNError 105).
    case corrupt(String)

    /// Apple's `UNError.Code` raw value for this failure.
    public var code: Int {
        switch self {
        case .invalidURL: 100
        case .unrecognizedType: 101
        case .invalidFileSize: 102
        case .corrupt: 105
        }
    }

    /// Apple's name of the code, e.g. `attachmentInvalidURL`.
    public var codeName: String {
        switch self {
        case .invalidURL: "attachmentInvalidURL"
        case .unrecognizedType: "attachmentUnrecognizedType"
        case .invalidFileSize: "attachmentInvalidFileSize"
        case .corrupt: "attachmentCorrupt"
        }
    }

    /// What is wrong and where.
    public var message: String {
        switch self {
        case .invalidURL(let text), .unrecognizedType(let text), .invalidFileSize(let text), .corrupt(let text):
            text
        }
    }

    public var description: String { "\(codeName) (\(code)): \(message)" }
}
