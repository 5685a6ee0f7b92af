import CMovieFile
@_spi(NSESim) import CoreGraphics
import Foundation
import NSESimRuntime

/// The handler `generateCGImagesAsynchronously(forTimes:completionHandler:)` calls once a time:
/// the requested time, the image (nil unless it succeeded), the frame's time, the result and the error.
public typealias AVAssetImageGeneratorCompletionHandler =
    @Sendable (CMTime, CGImage?, CMTime, AVAssetImageGenerator.Result, (any Error)?) -> Void

/// Makes still images of an asset's video, as Apple's `AVAssetImageGenerator`: the frame at a time
/// is decoded for real with FFmpeg (seeking to the key frame before it, then decoding forward
/// until the tolerances are met), converted to RGBA with libswscale (scaled to `maximumSize`),
/// turned by the track's `preferredTransform` when `appliesPreferredTrackTransform`, and given as a
/// CoreGraphics `CGImage`. Each image made, and each failure, is reported.
open class AVAssetImageGenerator: NSObject, @unchecked Sendable {
    // @unchecked: the settings are behind `lock`; frames are made one at a time on `queue` or the
    // caller's thread, the movie's decoder under its own lock.

    /// The outcome of one request of `generateCGImagesAsynchronously(forTimes:completionHandler:)`.
    public enum Result: Int, Sendable {
        /// The image was made.
        case succeeded = 0
        /// It could not be (the error says why).
        case failed = 1
        /// `cancelAllCGImageGeneration()` was called before it was made.
        case cancelled = 2
    }

    /// Which part of the frame is kept, as Apple's `AVAssetImageGenerator.ApertureMode` (nsesim keeps
    /// the whole encoded frame whichever is chosen: clean apertures are not read).
    public struct ApertureMode: RawRepresentable, Hashable, Sendable {
        /// The mode's name.
        public let rawValue: String
        /// The mode of `rawValue`.
        public init(rawValue: String) { self.rawValue = rawValue }
        /// The clean aperture, scaled to the pixel aspect ratio (iOS's default).
        public static let cleanAperture = ApertureMode(rawValue: "CleanAperture")
        /// The whole frame, scaled to the pixel aspect ratio.
        public static let productionAperture = ApertureMode(rawValue: "ProductionAperture")
        /// The encoded pixels as they are.
        public static let encodedPixels = ApertureMode(rawValue: "EncodedPixels")
    }

    /// The asset images are made of.
    public let asset: AVAsset

    private let lock = NSLock()
    let queue = DispatchQueue(label: "nsesim.AVAssetImageGenerator")
    private var settings = Settings()
    private var generation = 0

    private struct Settings {
        var appliesPreferredTrackTransform = false
        var maximumSize = CGSize.zero
        var apertureMode: ApertureMode? = .cleanAperture
        var before = CMTime.positiveInfinity
        var after = CMTime.positiveInfinity
    }

    /// A generator of images of `asset`.
    public init(asset: AVAsset) {
        self.asset = asset
        super.init()
    }

    /// Whether images are turned as the video track's `preferredTransform` says (a phone's portrait
    /// video upright); false by default, as on iOS.
    open var appliesPreferredTrackTransform: Bool {
        get { lock.withLock { settings.appliesPreferredTrackTransform } }
        set { lock.withLock { settings.appliesPreferredTrackTransform = newValue } }
    }

    /// The largest size images are made at (aspect ratio kept, never enlarged; a zero side does
    /// not limit); `.zero`, the default, is the video's own size.
    open var maximumSize: CGSize {
        get { lock.withLock { settings.maximumSize } }
        set { lock.withLock { settings.maximumSize = newValue } }
    }

    /// The aperture mode (kept, not applied: see `ApertureMode`).
    open var apertureMode: ApertureMode? {
        get { lock.withLock { settings.apertureMode } }
        set { lock.withLock { settings.apertureMode = newValue } }
    }

    /// How much earlier than the requested time a frame may be (positive infinity by default:
    /// the key frame before the time is taken).
    open var requestedTimeToleranceBefore: CMTime {
        get { lock.withLock { settings.before } }
        set { lock.withLock { settings.before = newValue } }
    }

    /// How much later than the requested time a frame may be (positive infinity by default).
    open var requestedTimeToleranceAfter: CMTime {
        get { lock.withLock { settings.after } }
        set { lock.withLock { settings.after = newValue } }
    }

    /// The image at or near `requestedTime`, made now; its frame's time in `actualTime`. Throws
    /// AVFoundation's error (`AVError`, or NSURLErrorDomain's for a missing file).
    open func copyCGImage(at requestedTime: CMTime, actualTime: UnsafeMutablePointer<CMTime>?) throws -> CGImage {
        let (image, time) = try makeImage(at: requestedTime, api: "AVAssetImageGenerator.copyCGImage(at:actualTime:)")
        actualTime?.pointee = time
        return image
    }

    /// Makes an image for each of `requestedTimes` (NSValues of CMTime) in order on a queue of
    /// the generator's, calling `handler` for each.
    open func generateCGImagesAsynchronously(
        forTimes requestedTimes: [NSValue], completionHandler handler: @escaping AVAssetImageGeneratorCompletionHandler
    ) {
        let times = requestedTimes.map(\.timeValue)
        let batch = lock.withLock { generation }
        queue.async { [self] in
            for time in times {
                guard lock.withLock({ generation }) == batch else {
                    handler(time, nil, .invalid, .cancelled, nil)
                    continue
                }
                do {
                    let (image, actual) = try makeImage(
                        at: time, api: "AVAssetImageGenerator.generateCGImagesAsynchronously(forTimes:completionHandler:)")
                    handler(time, image, actual, .succeeded, nil)
                } catch {
                    handler(time, nil, .invalid, .failed, error)
                }
            }
        }
    }

    /// Makes the image at or near `requestedTime` on the generator's queue and calls `handler`
    /// with it, the frame's time and nil, or nil, an invalid time and the error (iOS 16).
    open func generateCGImageAsynchronously(
        for requestedTime: CMTime, completionHandler handler: @escaping @Sendable (CGImage?, CMTime, (any Error)?) -> Void
    ) {
        queue.async { [self] in
            do {
                let (image, actual) = try makeImage(
                    at: requestedTime, api: "AVAssetImageGenerator.generateCGImageAsynchronously(for:completionHandler:)")
                handler(image, actual, nil)
            } catch {
                handler(nil, .invalid, error)
            }
        }
    }

    /// The image at or near `time` and its frame's time (iOS 16's async form).
    public func image(at time: CMTime) async throws -> (image: CGImage, actualTime: CMTime) {
        try await withCheckedThrowingContinuation { continuation in
            queue.async { [self] in
                continuation.resume(with: Swift.Result { try makeImage(at: time, api: "AVAssetImageGenerator.image(at:)") })
            }
        }
    }

    /// Cancels the requests of `generateCGImagesAsynchronously` not yet begun: their handlers are
    /// called with `.cancelled`.
    open func cancelAllCGImageGeneration() {
        lock.withLock { generation += 1 }
    }

    /// Decodes, scales, turns and reports one image.
    func makeImage(at requestedTime: CMTime, api: String) throws -> (CGImage, CMTime) {
        let settings = lock.withLock { self.settings }
        let contents: AssetContents
        do {
            contents = try asset.loaded()
        } catch {
            ImageReport.failed(operation: "decode", api: api, reason: "the asset cannot be read: \(Self.describe(error))")
            throw error
        }
        guard let index = contents.movie.videoStream else {
            let failure = MovieFailure(status: NSESIM_MOVIE_NO_VIDEO, reason: "the asset has no video track")
            ImageReport.failed(operation: "decode", api: api, reason: failure.reason)
            throw failure.error(url: asset.assetURL)
        }
        guard requestedTime.isNumeric else {
            ImageReport.failed(operation: "decode", api: api, reason: "the requested time \(requestedTime) is not a number")
            throw AVError(.noImageAtTime, userInfo: [NSLocalizedDescriptionKey: "Cannot Open"])
        }
        let track = contents.tracks[index]
        let orientation = settings.appliesPreferredTrackTransform ? Self.orientation(of: track.preferredTransform) : 1
        let clock = ContinuousClock()
        let start = clock.now
        let frame: (bitmap: Bitmap, actual: Double, frameBytes: Int)
        do {
            frame = try contents.movie.frame(
                at: max(0, requestedTime.seconds), before: Self.tolerance(settings.before), after: Self.tolerance(settings.after)
            ) { width, height in
                Self.decodedSize(width: width, height: height, turned: orientation >= 5, maximum: settings.maximumSize)
            }
        } catch {
            ImageReport.failed(operation: "decode", api: api, reason: error.reason)
            throw error.error(url: asset.assetURL)
        }
        let turned = frame.bitmap.oriented(orientation)
        let elapsed = clock.now - start
        let actual = CMTime(seconds: frame.actual, preferredTimescale: max(track.naturalTimeScale, 600))
        // The pixels held at the peak: the image, the unturned frame while it was turned, and the
        // decoder's frame (which stays with the asset's decoder until the next request).
        let held = turned.byteCount + frame.frameBytes + (turned === frame.bitmap ? 0 : frame.bitmap.byteCount)
        ImageReport.send([
            "operation": .string("decode"), "api": .string(api), "source": .string("video"),
            "format": .string(contents.typeIdentifier), "codec": .string(track.codecName),
            "bytes": .integer(Int64(contents.fileBytes)), "path": .string(asset.assetURL.path),
            "width": .integer(Int64(turned.width)), "height": .integer(Int64(turned.height)),
            "videoWidth": .integer(Int64(track.naturalSize.width)), "videoHeight": .integer(Int64(track.naturalSize.height)),
            "decodedBytes": .integer(Int64(held)), "requestedTime": .double(requestedTime.seconds), "actualTime": .double(frame.actual),
            "orientation": .integer(Int64(orientation)), "seconds": .double(AssetContents.seconds(elapsed)),
        ])
        return (CGImage(bitmap: turned, utType: nil), actual)
    }

    /// A tolerance in seconds: infinity for an infinite or invalid time.
    static func tolerance(_ time: CMTime) -> Double {
        time.isNumeric ? max(0, time.seconds) : .infinity
    }

    /// The size to convert a `width` × `height` frame to, before it is turned (`turned`: a quarter
    /// turn, so `maximum` bounds the turned size), fitting `maximum` without enlarging.
    static func decodedSize(width: Int, height: Int, turned: Bool, maximum: CGSize) -> (width: Int, height: Int) {
        let shown = turned ? (width: height, height: width) : (width: width, height: height)
        var scale = 1.0
        if maximum.width > 0 { scale = min(scale, Double(maximum.width) / Double(shown.width)) }
        if maximum.height > 0 { scale = min(scale, Double(maximum.height) / Double(shown.height)) }
        let out = (
            width: max(1, Int((Double(shown.width) * scale).rounded())), height: max(1, Int((Double(shown.height) * scale).rounded()))
        )
        return turned ? (out.height, out.width) : out
    }

    /// The EXIF orientation (1...8) that turns stored pixels as `transform` does; 1 for a
    /// transform that is not a quarter turn or flip (nsesim does not draw frames askew).
    static func orientation(of transform: CGAffineTransform) -> Int {
        let unit = { (value: CGFloat) -> Int in abs(value) < 0.5 ? 0 : (value > 0 ? 1 : -1) }
        switch (unit(transform.a), unit(transform.b), unit(transform.c), unit(transform.d)) {
        case (-1, 0, 0, 1): return 2
        case (-1, 0, 0, -1): return 3
        case (1, 0, 0, -1): return 4
        case (0, 1, 1, 0): return 5
        case (0, 1, -1, 0): return 6
        case (0, -1, -1, 0): return 7
        case (0, -1, 1, 0): return 8
        default: return 1
        }
    }

    /// An error's domain, code and description, for the report.
    static func describe(_ error: any Error) -> String {
        let error = error as NSError
        return "\(error.domain) \(error.code): \(error.userInfo[NSDebugDescriptionErrorKey] as? String ?? error.localizedDescription)"
    }
}
