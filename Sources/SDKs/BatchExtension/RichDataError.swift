import Foundation

/// Why Batch's helper appended no rich data (the error its completion handler gets).
public enum RichDataError: Error, CustomNSError {
    /// The payload has no `com.batch.at` with a `u` and a `t` string.
    case noRichDataFound
    /// `com.batch.at.u` is not a URL.
    case invalidRichDataPayload
    /// The download failed.
    case downloadError(underlyingError: any Error)
    /// The download gave no file.
    case unknownDownloadError
    /// Something else failed (the attachment could not be made).
    case unknownError

    /// What went wrong, as Batch words it.
    public var localizedDescription: String {
        switch self {
        case .noRichDataFound: "No additional data to append found"
        case .invalidRichDataPayload: "The rich data payload was invalid"
        case .downloadError: "Download error. See the underlying error for more info."
        case .unknownError: "Unknown error"
        case .unknownDownloadError: "Unknown download error"
        }
    }

    /// Batch's error domain.
    public static var errorDomain: String { "com.batch.extension.richnotificationhelper" }

    /// The description, and the underlying error of a download error.
    public var errorUserInfo: [String: Any] {
        var info: [String: Any] = [NSLocalizedDescriptionKey: localizedDescription]
        if case .downloadError(let underlyingError) = self { info[NSUnderlyingErrorKey] = underlyingError as NSError }
        return info
    }
}
