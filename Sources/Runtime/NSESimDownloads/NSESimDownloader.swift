internal import AttachmentValidation
import Foundation
import NSESimRuntime

/// nsesim's downloader for extensions: an addition beside Apple's API, not part of it.
///
/// It streams each body to a file in the extension's container (never the whole body in
/// memory), follows at most 5 redirects, allows only http and https (after redirects
/// too), verifies TLS, fails on HTTP errors, stops as soon as a body passes the byte
/// limit (by default the largest attachment limit, 50 MB), and runs several downloads in
/// parallel. The file keeps the server's extension (from the URL, else the Content-Type),
/// which attachments need. Extensions may use Foundation's URLSession instead.
///
/// ```swift
/// let download = try await NSESimDownloader().download(from: url)
/// let attachment = try UNNotificationAttachment(identifier: "image", url: download.fileURL)
/// ```
public struct NSESimDownloader: Sendable {
    /// How downloads behave.
    public struct Configuration: Sendable {
        /// The most body bytes a download may have; more stops it with `tooLarge`.
        public var maximumBytes: Int64
        /// Seconds to establish the connection.
        public var connectTimeout: Double
        /// Seconds for the whole transfer.
        public var timeout: Double
        /// Redirects followed at most.
        public var maximumRedirects: Int
        /// A PEM file of CA certificates to trust instead of the system's (e.g. a test CA).
        public var caFile: String?
        /// Where files go; nil means `NSTemporaryDirectory()`, the extension's container.
        public var destinationDirectory: URL?
        /// How downloaded files are named.
        public var naming: FileNaming

        public init(
            maximumBytes: Int64 = NSESimDownloader.defaultMaximumBytes, connectTimeout: Double = 10,
            timeout: Double = 25, maximumRedirects: Int = 5, caFile: String? = nil,
            destinationDirectory: URL? = nil, naming: FileNaming = .uniqueWithServerExtension
        ) {
            self.maximumBytes = maximumBytes
            self.connectTimeout = connectTimeout
            self.timeout = timeout
            self.maximumRedirects = maximumRedirects
            self.caFile = caFile ?? NSESimEnvironment.caFile.value()
            self.destinationDirectory = destinationDirectory
            self.naming = naming
        }
    }

    /// How a downloaded file is named.
    public enum FileNaming: Sendable, Equatable {
        /// A new unique name with the server's extension: `3F2A….jpg`.
        case uniqueWithServerExtension
        /// The last path component of the final URL (after redirects), made unique if taken.
        case serverFileName
    }

    /// A finished download.
    public struct Download: Sendable, Equatable {
        /// The file, in the destination directory.
        public let fileURL: URL
        /// The URL asked for.
        public let sourceURL: URL
        /// The URL the body came from, after redirects.
        public let finalURL: URL
        /// The HTTP status (200 for a whole body).
        public let statusCode: Int
        /// The Content-Type's MIME type, if the server sent one.
        public let mimeType: String?
        /// The body's size in bytes.
        public let byteCount: Int64
        /// How many redirects were followed.
        public let redirectCount: Int
    }

    /// The largest attachment a notification may carry (a movie, 50 MB): the default limit.
    public static var defaultMaximumBytes: Int64 { AttachmentKind.largestMaximumSize }

    public let configuration: Configuration

    public init(configuration: Configuration = Configuration()) {
        self.configuration = configuration
    }

    /// Downloads one URL.
    public func download(from url: URL) async throws(NSESimDownloadError) -> Download {
        try await download(from: [url])[0].get()
    }

    /// Downloads several URLs in parallel; one result per URL, in order.
    public func download(from urls: [URL]) async -> [Result<Download, NSESimDownloadError>] {
        await withCheckedContinuation { continuation in
            download(from: urls) { continuation.resume(returning: $0) }
        }
    }

    /// Downloads one URL and calls `completionHandler` on a background thread.
    public func download(from url: URL, completionHandler: @escaping @Sendable (Result<Download, NSESimDownloadError>) -> Void) {
        download(from: [url]) { completionHandler($0[0]) }
    }

    /// Downloads several URLs in parallel and calls `completionHandler` on a background
    /// thread with one result per URL, in order.
    public func download(from urls: [URL], completionHandler: @escaping @Sendable ([Result<Download, NSESimDownloadError>]) -> Void) {
        let configuration = configuration
        let thread = Thread {
            completionHandler(CurlTransfers(urls: urls, configuration: configuration).run())
        }
        thread.name = "nsesim.downloads"
        thread.start()
    }

    /// Downloads one URL on the calling thread, blocking it until done.
    public func downloadBlocking(from url: URL) throws(NSESimDownloadError) -> Download {
        try CurlTransfers(urls: [url], configuration: configuration).run()[0].get()
    }
}
