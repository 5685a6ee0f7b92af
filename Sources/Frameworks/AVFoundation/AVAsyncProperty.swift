import CoreGraphics
import Foundation

/// A property of `Root` whose value loading may fail, as Apple's `AVPartialAsyncProperty`.
public class AVPartialAsyncProperty<Root>: @unchecked Sendable {
    // @unchecked: a name and a closure, both constants.
    /// The key of the property, as the old key-value loading names it ("duration").
    let key: String

    init(key: String) { self.key = key }
}

/// A property of `Root` with a value of `Value`, loaded with `load(_:)`, as Apple's `AVAsyncProperty`.
public final class AVAsyncProperty<Root, Value>: AVPartialAsyncProperty<Root>, @unchecked Sendable {
    let get: @Sendable (Root) throws -> Value

    init(key: String, get: @escaping @Sendable (Root) throws -> Value) {
        self.get = get
        super.init(key: key)
    }
}

/// Whether a value has been loaded, as Apple's `AVKeyValueStatus` (the key-value loading before iOS 15).
public enum AVKeyValueStatus: Int, Sendable {
    /// Not asked for yet.
    case unknown = 0
    /// Being loaded.
    case loading = 1
    /// Loaded.
    case loaded = 2
    /// Loading failed (the error says why).
    case failed = 3
    /// Loading was cancelled.
    case cancelled = 4
}

extension AVAsyncProperty where Root == AVAsset, Value == CMTime {
    /// The asset's duration.
    public static var duration: AVAsyncProperty<AVAsset, CMTime> { .init(key: "duration") { try $0.loaded().duration } }
}

extension AVAsyncProperty where Root == AVAsset, Value == [AVAssetTrack] {
    /// The asset's tracks.
    public static var tracks: AVAsyncProperty<AVAsset, [AVAssetTrack]> { .init(key: "tracks") { try $0.loaded().tracks } }
}

extension AVAsyncProperty where Root == AVAsset, Value == Bool {
    /// Whether the asset can be played.
    public static var isPlayable: AVAsyncProperty<AVAsset, Bool> { .init(key: "playable") { !(try $0.loaded().tracks.isEmpty) } }
    /// Whether the asset's media can be read.
    public static var isReadable: AVAsyncProperty<AVAsset, Bool> { .init(key: "readable") { !(try $0.loaded().tracks.isEmpty) } }
    /// Whether the asset can be exported.
    public static var isExportable: AVAsyncProperty<AVAsset, Bool> {
        .init(key: "exportable") { !(try $0.loaded().tracks.isEmpty) }
    }
    /// Whether the asset is protected (never here).
    public static var hasProtectedContent: AVAsyncProperty<AVAsset, Bool> {
        .init(key: "hasProtectedContent") {
            _ = try $0.loaded()
            return false
        }
    }
}

extension AVAsyncProperty where Root == AVAsset, Value == CGAffineTransform {
    /// The asset's transform.
    public static var preferredTransform: AVAsyncProperty<AVAsset, CGAffineTransform> {
        .init(key: "preferredTransform") {
            _ = try $0.loaded()
            return .identity
        }
    }
}

extension AVAsyncProperty where Root == AVAssetTrack, Value == CGSize {
    /// The track's coded size.
    public static var naturalSize: AVAsyncProperty<AVAssetTrack, CGSize> { .init(key: "naturalSize") { $0.naturalSize } }
}

extension AVAsyncProperty where Root == AVAssetTrack, Value == CGAffineTransform {
    /// The track's transform.
    public static var preferredTransform: AVAsyncProperty<AVAssetTrack, CGAffineTransform> {
        .init(key: "preferredTransform") { $0.preferredTransform }
    }
}

extension AVAsyncProperty where Root == AVAssetTrack, Value == Float {
    /// The track's frame rate.
    public static var nominalFrameRate: AVAsyncProperty<AVAssetTrack, Float> {
        .init(key: "nominalFrameRate") { $0.nominalFrameRate }
    }
    /// The track's data rate.
    public static var estimatedDataRate: AVAsyncProperty<AVAssetTrack, Float> {
        .init(key: "estimatedDataRate") { $0.estimatedDataRate }
    }
}

extension AVAsyncProperty where Root == AVAssetTrack, Value == CMTimeRange {
    /// The track's time range.
    public static var timeRange: AVAsyncProperty<AVAssetTrack, CMTimeRange> { .init(key: "timeRange") { $0.timeRange } }
}

extension AVAsyncProperty where Root == AVAssetTrack, Value == AVMediaType {
    /// The track's media type.
    public static var mediaType: AVAsyncProperty<AVAssetTrack, AVMediaType> { .init(key: "mediaType") { $0.mediaType } }
}

extension AVAsset {
    /// Loads `property` (reading the file the first time), or throws why it cannot be read.
    public func load<T: Sendable>(_ property: AVAsyncProperty<AVAsset, T>) async throws -> T {
        try property.get(self)
    }

    /// Loads two properties.
    public func load<A: Sendable, B: Sendable>(
        _ first: AVAsyncProperty<AVAsset, A>, _ second: AVAsyncProperty<AVAsset, B>
    ) async throws -> (A, B) {
        (try first.get(self), try second.get(self))
    }

    /// Loads three properties.
    public func load<A: Sendable, B: Sendable, C: Sendable>(
        _ first: AVAsyncProperty<AVAsset, A>, _ second: AVAsyncProperty<AVAsset, B>, _ third: AVAsyncProperty<AVAsset, C>
    ) async throws -> (A, B, C) {
        (try first.get(self), try second.get(self), try third.get(self))
    }

    /// Loads the values of `keys` ("duration", "tracks", "playable") on a background queue, then
    /// calls `handler` (the old key-value loading; `statusOfValue(forKey:error:)` says how it went).
    public func loadValuesAsynchronously(forKeys keys: [String], completionHandler handler: (@Sendable () -> Void)? = nil) {
        DispatchQueue.global().async { [self] in
            _ = try? loaded()
            handler?()
        }
    }

    /// Whether the value of `key` is loaded, or failed (the error in `outError`).
    public func statusOfValue(forKey key: String, error outError: UnsafeMutablePointer<NSError?>?) -> AVKeyValueStatus {
        do {
            _ = try loaded()
            return .loaded
        } catch {
            outError?.pointee = error as NSError
            return .failed
        }
    }
}

extension AVAssetTrack {
    /// Loads `property` of the track.
    public func load<T: Sendable>(_ property: AVAsyncProperty<AVAssetTrack, T>) async throws -> T {
        try property.get(self)
    }

    /// Loads two properties of the track.
    public func load<A: Sendable, B: Sendable>(
        _ first: AVAsyncProperty<AVAssetTrack, A>, _ second: AVAsyncProperty<AVAssetTrack, B>
    ) async throws -> (A, B) {
        (try first.get(self), try second.get(self))
    }
}
