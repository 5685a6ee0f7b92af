import Foundation

/// A memory cache of decoded avatars, its entries discardable as Kingfisher's are.
public final class AvatarCache {
    final class Entry: NSObject, NSDiscardableContent {
        var data: Data?
        private var accessing = true
        init(_ data: Data) { self.data = data }
        func beginContentAccess() -> Bool {
            accessing = true
            return data != nil
        }
        func endContentAccess() { accessing = false }
        func discardContentIfPossible() { if !accessing { data = nil } }
        func isContentDiscarded() -> Bool { data == nil }
    }

    public static let shared = AvatarCache()
    private let cache = NSCache<NSString, Entry>()
    /// How many times a memory warning emptied the cache.
    public private(set) var clears = 0

    init() {
        NotificationCenter.default.addObserver(
            self, selector: #selector(clearMemoryCache), name: Notification.Name("AvatarKitMemoryWarning"), object: nil)
    }

    @objc public func clearMemoryCache() {
        cache.removeAllObjects()
        clears += 1
    }

    func data(for key: String) -> Data? {
        guard let entry = cache.object(forKey: key as NSString), entry.beginContentAccess() else { return nil }
        defer { entry.endContentAccess() }
        return entry.data
    }

    func store(_ data: Data, for key: String) {
        cache.setObject(Entry(data), forKey: key as NSString)
    }
}
