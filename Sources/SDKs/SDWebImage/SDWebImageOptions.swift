/// How `SDWebImageManager` loads an image. Those that change what an extension sees are honoured
/// (`refreshCached`, `fromCacheOnly`, `fromLoaderOnly`, `retryFailed`, `queryDiskDataSync`,
/// `waitStoreCache`, `avoidDecodeImage`); the others are accepted (priorities, transitions).
public struct SDWebImageOptions: OptionSet, Sendable, Hashable {
    /// The bits.
    public let rawValue: UInt
    /// Options of `rawValue`.
    public init(rawValue: UInt) { self.rawValue = rawValue }

    /// Retry a URL that failed before.
    public static let retryFailed = SDWebImageOptions(rawValue: 1 << 0)
    /// Lower priority.
    public static let lowPriority = SDWebImageOptions(rawValue: 1 << 1)
    /// Progressive loading.
    public static let progressiveLoad = SDWebImageOptions(rawValue: 1 << 2)
    /// Download again even when cached.
    public static let refreshCached = SDWebImageOptions(rawValue: 1 << 3)
    /// Keep downloading in the background.
    public static let continueInBackground = SDWebImageOptions(rawValue: 1 << 4)
    /// Handle cookies.
    public static let handleCookies = SDWebImageOptions(rawValue: 1 << 5)
    /// Allow untrusted certificates (TLS is still verified here, as nsesim's downloader does).
    public static let allowInvalidSSLCertificates = SDWebImageOptions(rawValue: 1 << 6)
    /// Higher priority.
    public static let highPriority = SDWebImageOptions(rawValue: 1 << 7)
    /// Show the placeholder late.
    public static let delayPlaceholder = SDWebImageOptions(rawValue: 1 << 8)
    /// Transform animated images.
    public static let transformAnimatedImage = SDWebImageOptions(rawValue: 1 << 9)
    /// Do not set the image on the view.
    public static let avoidAutoSetImage = SDWebImageOptions(rawValue: 1 << 10)
    /// Scale large images down.
    public static let scaleDownLargeImages = SDWebImageOptions(rawValue: 1 << 11)
    /// Query memory data too.
    public static let queryMemoryData = SDWebImageOptions(rawValue: 1 << 12)
    /// Query memory data synchronously.
    public static let queryMemoryDataSync = SDWebImageOptions(rawValue: 1 << 13)
    /// Query disk data synchronously.
    public static let queryDiskDataSync = SDWebImageOptions(rawValue: 1 << 14)
    /// Only from the cache: no download.
    public static let fromCacheOnly = SDWebImageOptions(rawValue: 1 << 15)
    /// Only from the network: the cache is not read.
    public static let fromLoaderOnly = SDWebImageOptions(rawValue: 1 << 16)
    /// Force a transition.
    public static let forceTransition = SDWebImageOptions(rawValue: 1 << 17)
    /// Do not decode the image (the data is still checked).
    public static let avoidDecodeImage = SDWebImageOptions(rawValue: 1 << 18)
    /// Decode the first frame only.
    public static let decodeFirstFrameOnly = SDWebImageOptions(rawValue: 1 << 19)
    /// Preload every frame.
    public static let preloadAllFrames = SDWebImageOptions(rawValue: 1 << 20)
    /// Match the animated image class.
    public static let matchAnimatedImageClass = SDWebImageOptions(rawValue: 1 << 21)
    /// Call the completion once the cache stored the image.
    public static let waitStoreCache = SDWebImageOptions(rawValue: 1 << 22)
    /// Transform vector images.
    public static let transformVectorImage = SDWebImageOptions(rawValue: 1 << 23)
}

/// Where an image came from.
public enum SDImageCacheType: Int, Sendable {
    /// Not from the cache: downloaded.
    case none = 0
    /// The disk cache.
    case disk = 1
    /// The memory cache.
    case memory = 2
    /// Memory and disk.
    case all = 3
}

/// How `SDWebImageDownloader` downloads (accepted; nsesim's downloader does the transfer).
public struct SDWebImageDownloaderOptions: OptionSet, Sendable, Hashable {
    /// The bits.
    public let rawValue: UInt
    /// Options of `rawValue`.
    public init(rawValue: UInt) { self.rawValue = rawValue }

    /// Lower priority.
    public static let lowPriority = SDWebImageDownloaderOptions(rawValue: 1 << 0)
    /// Progressive loading.
    public static let progressiveLoad = SDWebImageDownloaderOptions(rawValue: 1 << 1)
    /// Use NSURLCache.
    public static let useNSURLCache = SDWebImageDownloaderOptions(rawValue: 1 << 2)
    /// Ignore a cached response.
    public static let ignoreCachedResponse = SDWebImageDownloaderOptions(rawValue: 1 << 3)
    /// Keep downloading in the background.
    public static let continueInBackground = SDWebImageDownloaderOptions(rawValue: 1 << 4)
    /// Handle cookies.
    public static let handleCookies = SDWebImageDownloaderOptions(rawValue: 1 << 5)
    /// Allow untrusted certificates (still verified here).
    public static let allowInvalidSSLCertificates = SDWebImageDownloaderOptions(rawValue: 1 << 6)
    /// Higher priority.
    public static let highPriority = SDWebImageDownloaderOptions(rawValue: 1 << 7)
    /// Scale large images down.
    public static let scaleDownLargeImages = SDWebImageDownloaderOptions(rawValue: 1 << 8)
    /// Do not decode.
    public static let avoidDecodeImage = SDWebImageDownloaderOptions(rawValue: 1 << 9)
}

/// Progress: bytes received, bytes expected (-1 when unknown), the URL.
public typealias SDImageLoaderProgressBlock = @Sendable (Int, Int, URL?) -> Void
/// The downloader's progress.
public typealias SDWebImageDownloaderProgressBlock = SDImageLoaderProgressBlock
/// The downloader's completion: image, data, error, finished.
public typealias SDWebImageDownloaderCompletedBlock = (UIImage?, Data?, (any Error)?, Bool) -> Void
/// The manager's completion: image, data, error, where it came from, finished, the URL.
public typealias SDInternalCompletionBlock = (UIImage?, Data?, (any Error)?, SDImageCacheType, Bool, URL?) -> Void
/// A completion without parameters.
public typealias SDWebImageNoParamsBlock = () -> Void
/// The cache query's completion: image, data, where it came from.
public typealias SDImageCacheQueryCompletionBlock = (UIImage?, Data?, SDImageCacheType) -> Void
/// The disk check's completion.
public typealias SDImageCacheCheckCompletionBlock = (Bool) -> Void
/// The size calculation's completion: file count, total bytes.
public typealias SDImageCacheCalculateSizeBlock = (UInt, UInt) -> Void

/// A context option key (`SDWebImageContextOption`): accepted, not used.
public struct SDWebImageContextOption: RawRepresentable, Hashable, Sendable {
    /// The key.
    public let rawValue: String
    /// A key of `rawValue`.
    public init(rawValue: String) { self.rawValue = rawValue }
}
