@_spi(NSESim) import CoreGraphics
import Foundation
import NSESimRuntime
import UIKit

/// The identifier of a Live Photo load, for `PHLivePhoto.cancelRequest(withRequestID:)`.
public typealias PHLivePhotoRequestID = Int32
/// No request (never returned by a request that started).
public let PHLivePhotoRequestIDInvalid: PHLivePhotoRequestID = 0

/// The result handler's info key for the `NSError` that ended a load.
public let PHLivePhotoInfoErrorKey = "PHLivePhotoInfoErrorKey"
/// The result handler's info key (`NSNumber`, a Boolean) saying the Live Photo given is a still
/// substitute, and that the handler will be called again with the full one.
public let PHLivePhotoInfoIsDegradedKey = "PHLivePhotoInfoIsDegradedKey"
/// The result handler's info key (`NSNumber`, a Boolean) saying the load was cancelled.
public let PHLivePhotoInfoCancelledKey = "PHLivePhotoInfoCancelledKey"

/// How an image is fitted into a requested size.
public enum PHImageContentMode: Int, Sendable {
    /// The whole image inside the size, its aspect ratio kept.
    case aspectFit = 0
    /// The size filled, its aspect ratio kept, the rest cropped.
    case aspectFill = 1
    /// `aspectFit`.
    public static var `default`: PHImageContentMode { .aspectFit }
}

/// A Live Photo: a still image and its paired movie, as Apple's `PHLivePhoto`. Made here from
/// resource files (`request(withResourceFileURLs:…)`): each file is read and checked for real
/// (the still decoded as far as its header, the movie's container recognised); what was
/// loaded shows in the report's `images` section. The pairing identifiers iOS compares (the
/// still's and the movie's content identifier) are not read.
open class PHLivePhoto: NSObject, @unchecked Sendable {
    /// The still's size in pixels.
    open private(set) var size: CGSize
    /// The still image's file.
    let stillURL: URL
    /// The movie's file.
    let movieURL: URL

    init(size: CGSize, still: URL, movie: URL) {
        self.size = size
        self.stillURL = still
        self.movieURL = movie
        super.init()
    }

    /// Loads a Live Photo from its still and movie files, as iOS does: the result handler is
    /// called on the main queue, first with a degraded Live Photo made of the placeholder when
    /// one is given (`PHLivePhotoInfoIsDegradedKey` true), then with the Live Photo or nil and
    /// `PHLivePhotoInfoErrorKey`. `targetSize` `.zero` keeps the still's own size.
    @discardableResult
    open class func request(
        withResourceFileURLs fileURLs: [URL], placeholderImage image: UIImage?, targetSize: CGSize,
        contentMode: PHImageContentMode, resultHandler: @escaping (PHLivePhoto?, [AnyHashable: Any]) -> Void
    ) -> PHLivePhotoRequestID {
        let requestID = LivePhotoRequests.shared.start()
        let placeholder = image
        nonisolated(unsafe) let handler = resultHandler
        DispatchQueue.global(qos: .userInitiated).async {
            let loaded = LivePhotoResources.load(fileURLs, targetSize: targetSize, contentMode: contentMode)
            DispatchQueue.main.async {
                if LivePhotoRequests.shared.finish(requestID) == .cancelled {
                    LivePhotoRecord.send(api: "PHLivePhoto.request", files: fileURLs, summary: "cancelled")
                    handler(nil, [PHLivePhotoInfoCancelledKey: NSNumber(value: true)])
                    return
                }
                switch loaded {
                case .success(let livePhoto):
                    if let placeholder {
                        let degraded = PHLivePhoto(size: placeholder.size, still: livePhoto.stillURL, movie: livePhoto.movieURL)
                        handler(degraded, [PHLivePhotoInfoIsDegradedKey: NSNumber(value: true)])
                    }
                    LivePhotoRecord.send(
                        api: "PHLivePhoto.request", files: fileURLs,
                        summary: "loaded \(Int(livePhoto.size.width))×\(Int(livePhoto.size.height)) px")
                    handler(livePhoto, [PHLivePhotoInfoIsDegradedKey: NSNumber(value: false)])
                case .failure(let failure):
                    LivePhotoRecord.send(api: "PHLivePhoto.request", files: fileURLs, summary: "failed: \(failure.reason)")
                    handler(nil, [PHLivePhotoInfoErrorKey: failure.error, PHLivePhotoInfoIsDegradedKey: NSNumber(value: false)])
                }
            }
        }
        return requestID
    }

    /// Cancels a load: its result handler is called once with `PHLivePhotoInfoCancelledKey`
    /// true, unless it has finished.
    open class func cancelRequest(withRequestID requestID: PHLivePhotoRequestID) {
        LivePhotoRequests.shared.cancel(requestID)
    }
}

/// The loads in flight, each started, cancelled or finished once.
final class LivePhotoRequests: @unchecked Sendable {
    static let shared = LivePhotoRequests()
    enum State { case running, cancelled }
    private let lock = NSLock()
    private var next: PHLivePhotoRequestID = 1
    private var states: [PHLivePhotoRequestID: State] = [:]

    func start() -> PHLivePhotoRequestID {
        lock.withLock {
            let id = next
            next = next == .max ? 1 : next + 1
            states[id] = .running
            return id
        }
    }

    func cancel(_ id: PHLivePhotoRequestID) {
        lock.withLock { if states[id] != nil { states[id] = .cancelled } }
    }

    /// Ends a request, saying whether it was cancelled first.
    func finish(_ id: PHLivePhotoRequestID) -> State {
        lock.withLock { states.removeValue(forKey: id) ?? .running }
    }
}

/// Reading the still and the movie of a Live Photo.
enum LivePhotoResources {
    struct Failure: Error {
        let error: NSError
        let reason: String
    }

    /// Photos' error domain and the code it gives resources it cannot read (`PHPhotosError.invalidResource`).
    static let domain = "PHPhotosErrorDomain"
    static let invalidResource = 3303

    static func load(_ urls: [URL], targetSize: CGSize, contentMode: PHImageContentMode) -> Result<PHLivePhoto, Failure> {
        func fail(_ reason: String) -> Result<PHLivePhoto, Failure> {
            .failure(
                Failure(
                    error: NSError(domain: domain, code: invalidResource, userInfo: [NSLocalizedDescriptionKey: reason]), reason: reason))
        }
        var still: (url: URL, size: CGSize)?
        var movie: URL?
        for url in urls {
            guard url.isFileURL else { return fail("\(url.absoluteString) is not a file URL: a Live Photo loads from files on the device") }
            guard let handle = FileHandle(forReadingAtPath: url.path) else { return fail("no such file \(url.path)") }
            let head = handle.readData(ofLength: 64 * 1024)
            try? handle.close()
            if isMovie(head) {
                guard movie == nil else {
                    return fail(
                        "two movies given (\(movie!.lastPathComponent), \(url.lastPathComponent)): one still and one movie make a Live Photo"
                    )
                }
                movie = url
            } else if let size = stillSize(url: url, head: head) {
                guard still == nil else {
                    return fail(
                        "two stills given (\(still!.url.lastPathComponent), \(url.lastPathComponent)): one still and one movie make a Live Photo"
                    )
                }
                still = (url, size)
            } else {
                return fail("\(url.lastPathComponent) is neither an image nor a QuickTime or MPEG-4 movie")
            }
        }
        guard let still else {
            return fail("no still image among the \(urls.count) file(s): a Live Photo needs a HEIC or JPEG and its movie")
        }
        guard let movie else {
            return fail("no movie among the \(urls.count) file(s): a Live Photo needs its MOV beside \(still.url.lastPathComponent)")
        }
        return .success(PHLivePhoto(size: fitted(still.size, into: targetSize, contentMode), still: still.url, movie: movie))
    }

    /// A QuickTime or MPEG-4 container: an `ftyp` box with a movie brand, or a QuickTime file's first atom.
    static func isMovie(_ head: Data) -> Bool {
        let bytes = [UInt8](head.prefix(12))
        guard bytes.count >= 12 else { return false }
        let type = String(decoding: bytes[4..<8], as: UTF8.self)
        if type == "ftyp" {
            let brand = String(decoding: bytes[8..<12], as: UTF8.self)
            return ["qt  ", "isom", "iso2", "mp41", "mp42", "M4V ", "avc1", "3gp4", "3gp5"].contains(brand)
        }
        return ["moov", "mdat", "wide", "free", "skip"].contains(type)
    }

    /// The still's pixel size: from the header of an image nsesim decodes, or from a HEIF's
    /// `ispe` property (nsesim decodes no HEIF, but reads its size as Photos would).
    static func stillSize(url: URL, head: Data) -> CGSize? {
        guard let format = ImageFormat(sniffing: head) else { return nil }
        if format == .heif || format == .avif {
            return heifSize(head)
        }
        guard let data = FileManager.default.contents(atPath: url.path), let info = try? Bitmap.info(data) else { return nil }
        return CGSize(width: info.width, height: info.height)
    }

    /// The first `ispe` (image spatial extents) box: version and flags, then width and height.
    static func heifSize(_ head: Data) -> CGSize? {
        let bytes = [UInt8](head)
        let marker = Array("ispe".utf8)
        guard bytes.count >= 16 else { return nil }
        for index in 0..<(bytes.count - 16) where bytes[index..<(index + 4)].elementsEqual(marker) {
            func word(_ at: Int) -> Int { bytes[at..<(at + 4)].reduce(0) { $0 << 8 | Int($1) } }
            let width = word(index + 8)
            let height = word(index + 12)
            if width > 0, height > 0 { return CGSize(width: width, height: height) }
        }
        return nil
    }

    /// `size` fitted into `target` (`.zero`: unchanged), never larger than it is.
    static func fitted(_ size: CGSize, into target: CGSize, _ mode: PHImageContentMode) -> CGSize {
        guard target.width > 0, target.height > 0, size.width > 0, size.height > 0 else { return size }
        let across = target.width / size.width
        let down = target.height / size.height
        let scale = min(mode == .aspectFill ? max(across, down) : min(across, down), 1)
        return CGSize(width: (size.width * scale).rounded(), height: (size.height * scale).rounded())
    }
}

/// What is reported of Photos' calls (the report's `images` section, `api` naming the call).
enum LivePhotoRecord {
    static func send(api: String, files: [URL], summary: String) {
        NSESimReport.send(
            source: .image,
            .object([
                "operation": .string("livePhoto"), "api": .string(api), "summary": .string(summary),
                "files": .array(files.map { .string($0.lastPathComponent) }),
            ]))
    }
}
