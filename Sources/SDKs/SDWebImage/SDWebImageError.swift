import Foundation

/// SDWebImage's error domain.
public let SDWebImageErrorDomain = "SDWebImageErrorDomain"
/// The user-info key of the HTTP status of an `invalidDownloadStatusCode` error.
public let SDWebImageErrorDownloadStatusCodeKey = "SDWebImageErrorDownloadStatusCodeKey"
/// The user-info key of the response's MIME type of an `invalidDownloadContentType` error.
public let SDWebImageErrorDownloadContentTypeKey = "SDWebImageErrorDownloadContentTypeKey"

/// SDWebImage's errors as Swift sees its `NS_ERROR_ENUM`: a code in `SDWebImageErrorDomain`,
/// matched with `catch SDWebImageError.badImageData` or compared by `code`.
public struct SDWebImageError: Error, CustomNSError, Sendable, Equatable {
    /// The error codes.
    public enum Code: Int, Sendable, Equatable {
        /// The URL is nil or empty.
        case invalidURL = 1000
        /// The bytes are not an image.
        case badImageData = 1001
        /// The cache was not modified (refreshCached).
        case cacheNotModified = 1002
        /// The URL failed before and is black-listed (retry with `.retryFailed`).
        case blackListed = 1003
        /// The download operation is not valid.
        case invalidDownloadOperation = 2000
        /// The server answered with a status that is not 2xx.
        case invalidDownloadStatusCode = 2001
        /// The operation was cancelled.
        case cancelled = 2002
        /// The response is not HTTP, or the download failed.
        case invalidDownloadResponse = 2003
        /// The response's content type is not an image.
        case invalidDownloadContentType = 2004
    }

    /// The code.
    public let code: Code
    /// The readable reason (`NSLocalizedDescriptionKey`).
    let reason: String?
    /// The HTTP status of an `invalidDownloadStatusCode` error.
    let statusCode: Int?

    /// An error of `code` (its description and status code are kept from `userInfo`).
    public init(_ code: Code, userInfo: [String: Any] = [:]) {
        self.code = code
        self.reason = userInfo[NSLocalizedDescriptionKey] as? String
        self.statusCode = userInfo[SDWebImageErrorDownloadStatusCodeKey] as? Int
    }

    /// A readable reason (`NSLocalizedDescriptionKey`) and the status code when there is one.
    public var errorUserInfo: [String: Any] {
        var info: [String: Any] = [:]
        if let reason { info[NSLocalizedDescriptionKey] = reason }
        if let statusCode { info[SDWebImageErrorDownloadStatusCodeKey] = statusCode }
        return info
    }

    /// `SDWebImageErrorDomain`.
    public static var errorDomain: String { SDWebImageErrorDomain }
    /// The code's number.
    public var errorCode: Int { code.rawValue }

    /// `code`.
    public static let invalidURL = Code.invalidURL
    /// `code`.
    public static let badImageData = Code.badImageData
    /// `code`.
    public static let cacheNotModified = Code.cacheNotModified
    /// `code`.
    public static let blackListed = Code.blackListed
    /// `code`.
    public static let invalidDownloadOperation = Code.invalidDownloadOperation
    /// `code`.
    public static let invalidDownloadStatusCode = Code.invalidDownloadStatusCode
    /// `code`.
    public static let cancelled = Code.cancelled
    /// `code`.
    public static let invalidDownloadResponse = Code.invalidDownloadResponse
    /// `code`.
    public static let invalidDownloadContentType = Code.invalidDownloadContentType

    /// Whether both have the same code.
    public static func == (lhs: SDWebImageError, rhs: SDWebImageError) -> Bool { lhs.code == rhs.code }
}

/// Whether `error` is an SDWebImage error of `code` (`catch SDWebImageError.badImageData`).
public func ~= (code: SDWebImageError.Code, error: any Error) -> Bool {
    (error as? SDWebImageError)?.code == code
}
