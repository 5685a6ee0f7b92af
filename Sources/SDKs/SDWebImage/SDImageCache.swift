import Foundation
import NSESimRuntime
import UIKit

/// SDWebImage's cache settings.
public final class SDImageCacheConfig: @unchecked Sendable {
    /// The default settings.
    public static let `default` = SDImageCacheConfig()
    /// Whether images are kept in memory too.
    public var shouldCacheImagesInMemory = true
    /// Whether the disk cache is used at all.
    public var shouldDisableiCloud = true
    /// How long a disk file is kept, in seconds (a week).
    public var maxDiskAge: TimeInterval = 60 * 60 * 24 * 7
    /// The disk cache's size limit in bytes (0: none).
    public var maxDiskSize: UInt = 0
    /// The memory cache's cost limit (0: none).
    public var maxMemoryCost: UInt = 0
    /// Settings with SDWebImage's defaults.
    public init() {}
}

/// SDWebImage's image cache: memory, and a disk folder in the extension's caches folder
/// (`Library/Caches/com.hackemist.SDImageCache/default`, as SDWebImage names it), one file per key.
/// Each store, hit, miss and removal is reported.
public final class SDImageCache: @unchecked Sendable {
    /// The shared cache.
    public static let shared = SDImageCache()

    /// The settings.
    public let config: SDImageCacheConfig
    /// The disk folder.
    public let diskCachePath: String
    private let lock = NSLock()
    private var memory: [String: UIImage] = [:]

    /// A cache in the default namespace.
    public convenience init() { self.init(namespace: "default") }

    /// A cache in `namespace`, under the caches folder.
    public convenience init(namespace: String) {
        let caches =
            FileManager.default.urls(for: .cachesDirectory, in: .userDomainMask).first
            ?? URL(fileURLWithPath: NSTemporaryDirectory())
        self.init(namespace: namespace, diskCacheDirectory: caches.appendingPathComponent("com.hackemist.SDImageCache").path)
    }

    /// A cache in `namespace` under `directory`.
    public init(namespace: String, diskCacheDirectory directory: String?, config: SDImageCacheConfig? = .default) {
        let base = directory ?? NSTemporaryDirectory()
        diskCachePath = (base as NSString).appendingPathComponent(namespace)
        self.config = config ?? .default
    }

    /// The file a key is kept in (whether it exists or not).
    public func cachePath(forKey key: String?) -> String? {
        guard let key, !key.isEmpty else { return nil }
        let ext = URL(string: key)?.pathExtension ?? ""
        let name = Self.fileName(key) + (ext.isEmpty || ext.count > 5 ? "" : ".\(ext)")
        return (diskCachePath as NSString).appendingPathComponent(name)
    }

    /// A stable file name for a key (two FNV-1a hashes, 32 hex digits: the length of SDWebImage's MD5 names).
    static func fileName(_ key: String) -> String {
        func fnv(_ seed: UInt64) -> UInt64 {
            var hash = seed
            for byte in key.utf8 {
                hash ^= UInt64(byte)
                hash = hash &* 0x100_0000_01b3
            }
            return hash
        }
        return String(format: "%016llx%016llx", fnv(0xcbf2_9ce4_8422_2325), fnv(0x8422_2325_cbf2_9ce4))
    }

    // MARK: - Storing

    /// Stores `image` in memory and on disk (encoded as PNG, or JPEG when opaque).
    public func store(_ image: UIImage?, forKey key: String?, completion: SDWebImageNoParamsBlock? = nil) {
        store(image, imageData: nil, forKey: key, toDisk: true, completion: completion)
    }

    /// Stores `image`, on disk or in memory only.
    public func store(_ image: UIImage?, forKey key: String?, toDisk: Bool, completion: SDWebImageNoParamsBlock? = nil) {
        store(image, imageData: nil, forKey: key, toDisk: toDisk, completion: completion)
    }

    /// Stores `image` and its original `imageData` (written to disk as they are).
    public func store(
        _ image: UIImage?, imageData: Data?, forKey key: String?, toDisk: Bool, completion: SDWebImageNoParamsBlock? = nil
    ) {
        guard let key, !key.isEmpty, image != nil || imageData != nil else {
            completion?()
            return
        }
        if let image, config.shouldCacheImagesInMemory { lock.withLock { memory[key] = image } }
        var bytes = 0
        if toDisk, let data = imageData ?? image.flatMap(Self.encode), let path = cachePath(forKey: key) {
            try? FileManager.default.createDirectory(atPath: diskCachePath, withIntermediateDirectories: true)
            if FileManager.default.createFile(atPath: path, contents: data) { bytes = data.count }
        }
        SDWebImageActivity.record(
            "SDImageCache.store", "stored \(key)" + (bytes > 0 ? " (\(bytes) bytes on disk)" : " in memory"),
            ["key": .string(key), "bytes": .integer(Int64(bytes)), "toDisk": .bool(toDisk)])
        completion?()
    }

    /// Stores `imageData` on disk only.
    public func storeImageData(toDisk imageData: Data?, forKey key: String?) {
        store(nil, imageData: imageData, forKey: key, toDisk: true, completion: nil)
    }

    /// Stores `image` in memory only.
    public func storeImage(toMemory image: UIImage?, forKey key: String?) {
        guard let image, let key else { return }
        lock.withLock { memory[key] = image }
    }

    private static func encode(_ image: UIImage) -> Data? {
        image.cgImage?.alphaInfo == CGImageAlphaInfo.noneSkipLast ? image.jpegData(compressionQuality: 1) : image.pngData()
    }

    // MARK: - Reading

    /// The image in memory, else decoded from disk (then kept in memory); nil when not cached.
    public func imageFromCache(forKey key: String?) -> UIImage? {
        lookup(key, api: "SDImageCache.imageFromCache").image
    }

    /// The image in memory, if any.
    public func imageFromMemoryCache(forKey key: String?) -> UIImage? {
        guard let key else { return nil }
        return lock.withLock { memory[key] }
    }

    /// The image decoded from disk, if any.
    public func imageFromDiskCache(forKey key: String?) -> UIImage? {
        guard let data = diskImageData(forKey: key), let image = UIImage(data: data) else { return nil }
        if let key, config.shouldCacheImagesInMemory { lock.withLock { memory[key] = image } }
        return image
    }

    /// The bytes kept on disk for `key`, if any.
    public func diskImageData(forKey key: String?) -> Data? {
        guard let path = cachePath(forKey: key) else { return nil }
        return FileManager.default.contents(atPath: path)
    }

    /// Whether the disk holds `key`.
    public func diskImageDataExists(withKey key: String?) -> Bool {
        guard let path = cachePath(forKey: key) else { return false }
        return FileManager.default.fileExists(atPath: path)
    }

    /// Whether the disk holds `key`, answered on the main queue.
    public func diskImageExists(withKey key: String?, completion completionBlock: SDImageCacheCheckCompletionBlock? = nil) {
        let exists = diskImageDataExists(withKey: key)
        let block = UncheckedSendable(value: completionBlock)
        SDWebImageActivity.onMain { block.value?(exists) }
    }

    /// Looks `key` up (memory, then disk) and answers on the main queue with the image, its data
    /// and where it was found.
    public func queryImage(
        forKey key: String?, options: SDWebImageOptions = [], context: [SDWebImageContextOption: Any]? = nil,
        completion completionBlock: SDImageCacheQueryCompletionBlock? = nil
    ) {
        let found = lookup(key, api: "SDImageCache.queryImage")
        let block = UncheckedSendable(value: (completionBlock, found))
        if options.contains(.queryDiskDataSync) || options.contains(.queryMemoryDataSync) {
            completionBlock?(found.image, found.data, found.type)
        } else {
            SDWebImageActivity.onMain { block.value.0?(block.value.1.image, block.value.1.data, block.value.1.type) }
        }
    }

    /// `queryImage` under its older name.
    public func queryCacheOperation(forKey key: String?, done doneBlock: SDImageCacheQueryCompletionBlock? = nil) {
        queryImage(forKey: key, options: [], context: nil, completion: doneBlock)
    }

    struct Found {
        var image: UIImage?
        var data: Data?
        var type: SDImageCacheType
    }

    /// The cached image of `key` and where it was, reported as a hit or a miss.
    func lookup(_ key: String?, api: String) -> Found {
        guard let key, !key.isEmpty else { return Found(type: .none) }
        if let image = lock.withLock({ memory[key] }) {
            SDWebImageActivity.record(api, "memory hit: \(key)", ["key": .string(key), "cacheType": .string("memory")])
            return Found(image: image, data: nil, type: .memory)
        }
        if let data = diskImageData(forKey: key) {
            let image = UIImage(data: data)
            if let image, config.shouldCacheImagesInMemory { lock.withLock { memory[key] = image } }
            SDWebImageActivity.record(
                api, image == nil ? "disk file of \(key) is not an image" : "disk hit: \(key) (\(data.count) bytes)",
                ["key": .string(key), "cacheType": .string("disk"), "bytes": .integer(Int64(data.count))])
            return Found(image: image, data: data, type: image == nil ? .none : .disk)
        }
        SDWebImageActivity.record(api, "miss: \(key)", ["key": .string(key), "cacheType": .string("none")])
        return Found(type: .none)
    }

    // MARK: - Removing

    /// Removes `key` from memory and disk.
    public func removeImage(forKey key: String?, withCompletion completion: SDWebImageNoParamsBlock? = nil) {
        removeImage(forKey: key, fromDisk: true, withCompletion: completion)
    }

    /// Removes `key` from memory, and from disk when `fromDisk`.
    public func removeImage(forKey key: String?, fromDisk: Bool, withCompletion completion: SDWebImageNoParamsBlock? = nil) {
        guard let key else {
            completion?()
            return
        }
        lock.withLock { memory[key] = nil }
        if fromDisk, let path = cachePath(forKey: key) { try? FileManager.default.removeItem(atPath: path) }
        SDWebImageActivity.record("SDImageCache.removeImage", "removed \(key)", ["key": .string(key), "fromDisk": .bool(fromDisk)])
        completion?()
    }

    /// Removes `key` from memory.
    public func removeImageFromMemory(forKey key: String?) {
        guard let key else { return }
        lock.withLock { memory[key] = nil }
    }

    /// Removes `key` from disk.
    public func removeImageFromDisk(forKey key: String?) {
        if let path = cachePath(forKey: key) { try? FileManager.default.removeItem(atPath: path) }
    }

    /// Empties the memory cache.
    public func clearMemory() { lock.withLock { memory.removeAll() } }

    /// Empties the disk cache.
    public func clearDisk(onCompletion completion: SDWebImageNoParamsBlock? = nil) {
        try? FileManager.default.removeItem(atPath: diskCachePath)
        completion?()
    }

    /// Removes expired files (older than `config.maxDiskAge`).
    public func deleteOldFiles(completionBlock: SDWebImageNoParamsBlock? = nil) {
        let limit = Date().addingTimeInterval(-config.maxDiskAge)
        for file in (try? FileManager.default.contentsOfDirectory(atPath: diskCachePath)) ?? [] {
            let path = (diskCachePath as NSString).appendingPathComponent(file)
            if let date = (try? FileManager.default.attributesOfItem(atPath: path))?[.modificationDate] as? Date, date < limit {
                try? FileManager.default.removeItem(atPath: path)
            }
        }
        completionBlock?()
    }

    /// The bytes of the disk cache.
    public func totalDiskSize() -> UInt {
        diskFiles().reduce(0) { $0 + (((try? FileManager.default.attributesOfItem(atPath: $1))?[.size] as? NSNumber)?.uintValue ?? 0) }
    }

    /// The files of the disk cache.
    public func totalDiskCount() -> UInt { UInt(diskFiles().count) }

    /// The file count and bytes, answered on the main queue.
    public func calculateSize(completionBlock: SDImageCacheCalculateSizeBlock? = nil) {
        let (count, size) = (totalDiskCount(), totalDiskSize())
        let block = UncheckedSendable(value: completionBlock)
        SDWebImageActivity.onMain { block.value?(count, size) }
    }

    private func diskFiles() -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: diskCachePath)) ?? []).map {
            (diskCachePath as NSString).appendingPathComponent($0)
        }
    }
}
