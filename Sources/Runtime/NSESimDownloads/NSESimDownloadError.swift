import Foundation

/// Why a download by ``NSESimDownloader`` failed. Not part of Apple's API.
public enum NSESimDownloadError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The URL is not http or https (also after a redirect: `file://` and others are refused).
    case unsupportedScheme(url: String)
    /// The final answer was not a 2xx: an HTTP error status, or a redirect status with no
    /// Location to follow.
    case httpStatus(Int, url: String)
    /// The body passed the byte limit (declared by Content-Length or counted while
    /// streaming); the transfer was stopped there.
    case tooLarge(limit: Int64, received: Int64, url: String)
    /// The body ended before its declared length (connection reset, lying Content-Length).
    case incomplete(received: Int64, url: String, reason: String)
    /// The connect or total timeout passed.
    case timedOut(seconds: Double, url: String)
    /// More than the allowed number of redirects.
    case tooManyRedirects(limit: Int, url: String)
    /// The TLS handshake or certificate check failed.
    case tls(url: String, reason: String)
    /// The server could not be reached or the connection broke.
    case connection(url: String, reason: String)
    /// The downloaded file could not be written.
    case file(path: String, reason: String)
    /// libcurl could not be loaded.
    case unavailable(reason: String)

    /// How many body bytes arrived before the failure.
    public var bytesReceived: Int64 {
        switch self {
        case .tooLarge(_, let received, _), .incomplete(let received, _, _): received
        default: 0
        }
    }

    public var description: String {
        switch self {
        case .unsupportedScheme(let url):
            "\(url): only http and https URLs are downloaded (redirects included)"
        case .httpStatus(let status, let url):
            "\(url): the server answered HTTP \(status)"
        case .tooLarge(let limit, let received, let url):
            "\(url): the body is larger than the \(limit)-byte limit (stopped after \(received) bytes)"
        case .incomplete(let received, let url, let reason):
            "\(url): the body ended early after \(received) bytes: \(reason)"
        case .timedOut(let seconds, let url):
            "\(url): no complete answer within \(seconds) s"
        case .tooManyRedirects(let limit, let url):
            "\(url): more than \(limit) redirects"
        case .tls(let url, let reason):
            "\(url): TLS failed: \(reason)"
        case .connection(let url, let reason):
            "\(url): \(reason)"
        case .file(let path, let reason):
            "\(path): cannot be written: \(reason)"
        case .unavailable(let reason):
            "downloads are unavailable: \(reason)"
        }
    }
}
