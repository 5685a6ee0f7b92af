import Foundation
import NSESimRuntime
import UIKit

/// A load in flight, to cancel.
public final class SDWebImageCombinedOperation: @unchecked Sendable {
    let token: SDWebImageDownloadToken?
    init(token: SDWebImageDownloadToken?) { self.token = token }
    /// Cancels the load.
    public func cancel() { token?.cancel() }
}

/// SDWebImage's manager: the cache first (memory, then the disk folder), else a download through
/// `SDWebImageDownloader` stored in the cache; the completion on the main queue with where the
/// image came from. A URL that failed is black-listed until `.retryFailed`, as SDWebImage does.
public final class SDWebImageManager: @unchecked Sendable {
    /// The shared manager.
    public static let shared = SDWebImageManager()

    /// The cache it reads and fills.
    public let imageCache: SDImageCache
    /// The downloader it uses.
    public let imageLoader: SDWebImageDownloader
    private let lock = NSLock()
    private var failedURLs: Set<URL> = []

    /// A manager over the shared cache and downloader.
    public convenience init() { self.init(cache: .shared, loader: .shared) }

    /// A manager over `cache` and `loader`.
    public init(cache: SDImageCache, loader: SDWebImageDownloader) {
        imageCache = cache
        imageLoader = loader
    }

    /// The cache key of `url`: its absolute string.
    public func cacheKey(for url: URL?) -> String? { url?.absoluteString }

    /// Loads `url`: from the cache, else downloaded and stored; `completedBlock` on the main queue.
    @discardableResult
    public func loadImage(
        with url: URL?, options: SDWebImageOptions = [], progress progressBlock: SDImageLoaderProgressBlock?,
        completed completedBlock: @escaping SDInternalCompletionBlock
    ) -> SDWebImageCombinedOperation? {
        loadImage(with: url, options: options, context: nil, progress: progressBlock, completed: completedBlock)
    }

    /// Loads `url` with a context (accepted, not used).
    @discardableResult
    public func loadImage(
        with url: URL?, options: SDWebImageOptions = [], context: [SDWebImageContextOption: Any]?,
        progress progressBlock: SDImageLoaderProgressBlock?, completed completedBlock: @escaping SDInternalCompletionBlock
    ) -> SDWebImageCombinedOperation? {
        let completion = UncheckedSendable(value: completedBlock)
        func finish(_ image: UIImage?, _ data: Data?, _ error: SDWebImageError?, _ type: SDImageCacheType) {
            SDWebImageActivity.onMain { completion.value(image, data, error, type, true, url) }
        }
        guard let url, !url.absoluteString.isEmpty else {
            finish(nil, nil, SDWebImageError(.invalidURL, userInfo: [NSLocalizedDescriptionKey: "Image url is nil"]), .none)
            return nil
        }
        let key = cacheKey(for: url)
        if !options.contains(.retryFailed), lock.withLock({ failedURLs.contains(url) }) {
            SDWebImageActivity.record(
                "SDWebImageManager.loadImage",
                "\(url.absoluteString) failed before: black-listed (SDWebImageErrorBlackListed; .retryFailed retries)",
                ["url": .string(url.absoluteString), "code": .integer(1003)])
            finish(nil, nil, SDWebImageError(.blackListed, userInfo: [NSLocalizedDescriptionKey: "Image url is blacklisted"]), .none)
            return nil
        }
        if !options.contains(.fromLoaderOnly), !options.contains(.refreshCached) {
            let found = imageCache.lookup(key, api: "SDWebImageManager.loadImage")
            if let image = found.image {
                finish(image, found.data, nil, found.type)
                return SDWebImageCombinedOperation(token: nil)
            }
        }
        if options.contains(.fromCacheOnly) {
            finish(nil, nil, nil, .none)
            return nil
        }
        let cache = imageCache
        let token = imageLoader.downloadImage(
            with: url, options: options.contains(.avoidDecodeImage) ? [.avoidDecodeImage] : [], progress: progressBlock
        ) {
            [weak self] image, data, error, _ in
            if let error {
                if let sdError = error as? SDWebImageError, sdError.code != .cancelled {
                    self?.lock.withLock { _ = self?.failedURLs.insert(url) }
                }
                completion.value(nil, nil, error, .none, true, url)
                return
            }
            self?.lock.withLock { _ = self?.failedURLs.remove(url) }
            cache.store(image, imageData: data, forKey: key, toDisk: true, completion: nil)
            completion.value(image, data, nil, .none, true, url)
        }
        return SDWebImageCombinedOperation(token: token)
    }

    /// Cancels every load (none is cancelled mid-transfer here).
    public func cancelAll() {}

    /// Whether a load is running (false: loads finish on their own).
    public var isRunning: Bool { false }
}
