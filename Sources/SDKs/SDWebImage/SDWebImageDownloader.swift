import Foundation
import NSESimDownloads
import NSESimRuntime
import UIKit

/// A download in flight, to cancel.
public final class SDWebImageDownloadToken: @unchecked Sendable {
    /// The URL downloaded.
    public let url: URL?
    private let lock = NSLock()
    private var cancelledFlag = false

    init(url: URL?) { self.url = url }

    /// Cancels: the completion is then called with `SDWebImageError.cancelled` (the transfer under
    /// way finishes, its result unused).
    public func cancel() { lock.withLock { cancelledFlag = true } }

    var isCancelled: Bool { lock.withLock { cancelledFlag } }
}

/// SDWebImage's downloader: the image is downloaded through nsesim's downloader (libcurl; the
/// network profile and the fixture server's faults apply) and decoded with UIKit's real decoder.
/// A status that is not 2xx is `SDWebImageError.invalidDownloadStatusCode` with the status in
/// `SDWebImageErrorDownloadStatusCodeKey`; bytes that are not an image, `badImageData`. Each
/// download is reported.
public final class SDWebImageDownloader: @unchecked Sendable {
    /// The shared downloader.
    public static let shared = SDWebImageDownloader()

    /// The seconds a download may take (SDWebImage's default: 15).
    public var downloadTimeout: TimeInterval = 15
    /// Concurrent downloads (accepted).
    public var maxConcurrentDownloads = 6
    private let queue = DispatchQueue(label: "SDWebImageDownloader", attributes: .concurrent)

    /// A downloader with SDWebImage's defaults.
    public init() {}

    /// Downloads `url` and calls `completedBlock` on the main queue.
    @discardableResult
    public func downloadImage(
        with url: URL?, completed completedBlock: SDWebImageDownloaderCompletedBlock? = nil
    ) -> SDWebImageDownloadToken? {
        downloadImage(with: url, options: [], progress: nil, completed: completedBlock)
    }

    /// Downloads `url` with `options`, reporting progress once the bytes are in.
    @discardableResult
    public func downloadImage(
        with url: URL?, options: SDWebImageDownloaderOptions = [], progress progressBlock: SDWebImageDownloaderProgressBlock? = nil,
        completed completedBlock: SDWebImageDownloaderCompletedBlock? = nil
    ) -> SDWebImageDownloadToken? {
        let token = SDWebImageDownloadToken(url: url)
        let completion = UncheckedSendable(value: completedBlock)
        let decode = !options.contains(.avoidDecodeImage)
        let timeout = downloadTimeout
        queue.async {
            let result = Self.load(url, timeout: timeout, decode: decode, progress: progressBlock)
            SDWebImageActivity.onMain {
                if token.isCancelled {
                    completion.value?(
                        nil, nil,
                        SDWebImageError(
                            .cancelled, userInfo: [NSLocalizedDescriptionKey: "Operation cancelled by user during sending the request"]),
                        true)
                    return
                }
                switch result.value {
                case .success(let (image, data)): completion.value?(image, data, nil, true)
                case .failure(let error): completion.value?(nil, nil, error, true)
                }
            }
        }
        return token
    }

    /// Downloads and decodes `url` on the calling thread, reporting what happened.
    static func load(
        _ url: URL?, timeout: TimeInterval, decode: Bool, progress: SDWebImageDownloaderProgressBlock?
    ) -> UncheckedSendable<Result<(UIImage?, Data), SDWebImageError>> {
        let api = "SDWebImageDownloader.downloadImage"
        guard let url, !url.absoluteString.isEmpty else {
            SDWebImageActivity.record(api, "no URL: SDWebImageErrorInvalidURL", ["error": .string("invalidURL")])
            return UncheckedSendable(
                value: .failure(SDWebImageError(.invalidURL, userInfo: [NSLocalizedDescriptionKey: "Image url is nil"])))
        }
        var configuration = NSESimDownloader.Configuration()
        configuration.timeout = timeout
        let started = Date()
        let download: NSESimDownloader.Download
        do {
            download = try NSESimDownloader(configuration: configuration).downloadBlocking(from: url)
        } catch {
            let sdError: SDWebImageError
            if case .httpStatus(let status, _) = error {
                sdError = SDWebImageError(
                    .invalidDownloadStatusCode,
                    userInfo: [
                        NSLocalizedDescriptionKey: "Download marked as failed because of invalid response status code \(status)",
                        SDWebImageErrorDownloadStatusCodeKey: status,
                    ])
            } else {
                sdError = SDWebImageError(.invalidDownloadResponse, userInfo: [NSLocalizedDescriptionKey: "\(error)"])
            }
            SDWebImageActivity.record(
                api, "\(url.absoluteString) failed: SDWebImageError \(sdError.code) (\(sdError.errorCode))",
                ["url": .string(url.absoluteString), "error": .string("\(error)"), "code": .integer(Int64(sdError.errorCode))]
                    .merging(sdError.statusCode.map { ["status": JSONValue.integer(Int64($0))] } ?? [:]) { first, _ in first })
            return UncheckedSendable(value: .failure(sdError))
        }
        defer { try? FileManager.default.removeItem(at: download.fileURL) }
        let data = (try? Data(contentsOf: download.fileURL)) ?? Data()
        progress?(data.count, Int(download.byteCount), url)
        let milliseconds = Int64(Date().timeIntervalSince(started) * 1000)
        guard decode else {
            SDWebImageActivity.record(
                api, "downloaded \(url.absoluteString) (\(data.count) bytes, not decoded)",
                ["url": .string(url.absoluteString), "bytes": .integer(Int64(data.count)), "ms": .integer(milliseconds)])
            return UncheckedSendable(value: .success((nil, data)))
        }
        guard let image = UIImage(data: data) else {
            SDWebImageActivity.record(
                api, "\(url.absoluteString): \(data.count) bytes are not an image (SDWebImageErrorBadImageData)",
                [
                    "url": .string(url.absoluteString), "bytes": .integer(Int64(data.count)), "code": .integer(1001),
                    "error": .string("badImageData"),
                ])
            return UncheckedSendable(
                value: .failure(SDWebImageError(.badImageData, userInfo: [NSLocalizedDescriptionKey: "Downloaded image decode failed"])))
        }
        SDWebImageActivity.record(
            api, "downloaded \(url.absoluteString) (\(data.count) bytes, \(Int(image.size.width))×\(Int(image.size.height)) px)",
            [
                "url": .string(url.absoluteString), "bytes": .integer(Int64(data.count)), "status": .integer(Int64(download.statusCode)),
                "width": .integer(Int64(image.size.width)), "height": .integer(Int64(image.size.height)), "ms": .integer(milliseconds),
            ])
        return UncheckedSendable(value: .success((image, data)))
    }
}
