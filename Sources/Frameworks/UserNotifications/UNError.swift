/// The error domain of every `UNError`.
public let UNErrorDomain: String = "UNErrorDomain"

/// An error from the UserNotifications framework, with Apple's codes in `UNErrorDomain`.
///
/// As on iOS, `catch let error as UNError` gives ``code``, `catch UNError.attachmentInvalidURL`
/// matches one code, and `(error as NSError).domain` is `UNErrorDomain`.
public struct UNError: CustomNSError, LocalizedError, Hashable, Sendable {
    /// Apple's error codes, with Apple's raw values.
    public enum Code: Int, Sendable, Equatable, Hashable {
        case notificationsNotAllowed = 1
        case attachmentInvalidURL = 100
        case attachmentUnrecognizedType = 101
        case attachmentInvalidFileSize = 102
        case attachmentNotInDataStore = 103
        case attachmentMoveIntoDataStoreFailed = 104
        case attachmentCorrupt = 105
        case notificationInvalidNoDate = 1400
        case notificationInvalidNoContent = 1401
        case contentProvidingObjectNotAllowed = 1500
        case contentProvidingInvalid = 1501
        case badgeInputInvalid = 1600

        /// The sentence iOS uses for the code.
        public var summary: String {
            switch self {
            case .notificationsNotAllowed: "Notifications are not allowed"
            case .attachmentInvalidURL: "Invalid attachment file URL"
            case .attachmentUnrecognizedType: "Unrecognized attachment file type"
            case .attachmentInvalidFileSize: "Invalid attachment file size"
            case .attachmentNotInDataStore: "Attachment is not in the data store"
            case .attachmentMoveIntoDataStoreFailed: "Could not move attachment into the data store"
            case .attachmentCorrupt: "Attachment is corrupt"
            case .notificationInvalidNoDate: "The notification has no date"
            case .notificationInvalidNoContent: "The notification has no content"
            case .contentProvidingObjectNotAllowed: "The content-providing object is not allowed"
            case .contentProvidingInvalid: "The content-providing object is invalid"
            case .badgeInputInvalid: "Invalid badge input"
            }
        }
    }

    /// The code of this error.
    public let code: Code
    /// What went wrong and where, beyond the code's summary.
    public let detail: String?

    /// Creates an error as Apple's bridged errors are created; an
    /// `NSLocalizedDescriptionKey` string in `userInfo` becomes ``detail``.
    public init(_ code: Code, userInfo: [String: Any] = [:]) {
        self.code = code
        self.detail = userInfo[NSLocalizedDescriptionKey] as? String
    }

    /// Creates an error with a detail message.
    public init(_ code: Code, detail: String?) {
        self.code = code
        self.detail = detail
    }

    public static var errorDomain: String { UNErrorDomain }
    public var errorCode: Int { code.rawValue }
    public var errorUserInfo: [String: Any] { [NSLocalizedDescriptionKey: message] }
    public var errorDescription: String? { message }

    /// The code's summary followed by the detail.
    public var message: String {
        guard let detail, !detail.isEmpty else { return code.summary }
        return "\(code.summary): \(detail)"
    }

    public static var notificationsNotAllowed: Code { .notificationsNotAllowed }
    public static var attachmentInvalidURL: Code { .attachmentInvalidURL }
    public static var attachmentUnrecognizedType: Code { .attachmentUnrecognizedType }
    public static var attachmentInvalidFileSize: Code { .attachmentInvalidFileSize }
    public static var attachmentNotInDataStore: Code { .attachmentNotInDataStore }
    public static var attachmentMoveIntoDataStoreFailed: Code { .attachmentMoveIntoDataStoreFailed }
    public static var attachmentCorrupt: Code { .attachmentCorrupt }
    public static var notificationInvalidNoDate: Code { .notificationInvalidNoDate }
    public static var notificationInvalidNoContent: Code { .notificationInvalidNoContent }
    public static var contentProvidingObjectNotAllowed: Code { .contentProvidingObjectNotAllowed }
    public static var contentProvidingInvalid: Code { .contentProvidingInvalid }
    public static var badgeInputInvalid: Code { .badgeInputInvalid }
}

extension UNError.Code {
    /// Lets `catch UNError.attachmentInvalidURL` match, as with Apple's bridged errors.
    public static func ~= (code: UNError.Code, error: any Error) -> Bool {
        (error as? UNError)?.code == code
    }
}
