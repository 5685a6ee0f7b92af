@_spi(NSESim) import CoreGraphics
import Foundation
import NSESimRuntime

/// Core Image's context: renders a `CIImage` recipe into real pixels (8-bit RGBA, sRGB) on the
/// CPU, one step at a time, intermediates freed as soon as they are used. Holds no state, so
/// one can be shared between threads, as on iOS. Each render is reported with its steps.
open class CIContext: NSObject, @unchecked Sendable {
    /// The largest side rendered, as iOS's `inputImageMaximumSize`/`outputImageMaximumSize`.
    static let maximumSide = 16384

    /// A context (the options are accepted and not kept: nsesim always renders on the CPU, in
    /// linear sRGB, so none changes a render).
    public init(options: [CIContextOption: Any]?) {
        super.init()
    }

    /// A context with the default options.
    public override convenience init() {
        self.init(options: nil)
    }

    /// The working colour space: linear sRGB.
    open var workingColorSpace: CGColorSpace? { CGColorSpace(name: CGColorSpace.linearSRGB) }

    /// The working pixel format: 8-bit RGBA here.
    open var workingFormat: CIFormat { .RGBA8 }

    /// The largest image side a render takes.
    open func inputImageMaximumSize() -> CGSize { CGSize(width: Self.maximumSide, height: Self.maximumSide) }

    /// The largest image side a render makes.
    open func outputImageMaximumSize() -> CGSize { CGSize(width: Self.maximumSide, height: Self.maximumSide) }

    /// The pixels of `image` inside `fromRect` (Core Image's coordinates, rounded out to whole
    /// pixels) as a `CGImage`; nil, reported, for an infinite or empty rectangle, one larger than
    /// 16384 pixels a side, or when memory runs out.
    open func createCGImage(_ image: CIImage, from fromRect: CGRect) -> CGImage? {
        render(image, from: fromRect, api: "CIContext.createCGImage").map { CGImage(bitmap: $0) }
    }

    /// The pixels of `image` inside `fromRect` as a `CGImage` (8-bit RGBA whatever `format` says;
    /// the colour space is kept with it).
    open func createCGImage(_ image: CIImage, from fromRect: CGRect, format: CIFormat, colorSpace: CGColorSpace?) -> CGImage? {
        guard let image = createCGImage(image, from: fromRect) else { return nil }
        return colorSpace.flatMap { image.copy(colorSpace: $0) } ?? image
    }

    /// The pixels of `image` (its extent) as PNG; nil for an infinite extent or when it cannot be encoded.
    open func pngRepresentation(
        of image: CIImage, format: CIFormat, colorSpace: CGColorSpace, options: [CIImageRepresentationOption: Any] = [:]
    ) -> Data? {
        encode(image, as: .png, quality: 1, api: "CIContext.pngRepresentation")
    }

    /// The pixels of `image` (its extent) as JPEG (`kCGImageDestinationLossyCompressionQuality`
    /// in `options`, default 0.9); nil for an infinite extent or when it cannot be encoded.
    open func jpegRepresentation(
        of image: CIImage, colorSpace: CGColorSpace, options: [CIImageRepresentationOption: Any] = [:]
    ) -> Data? {
        let quality = options[CIImageRepresentationOption(rawValue: "kCGImageDestinationLossyCompressionQuality")]
        let number = (quality as? Double) ?? (quality as? CGFloat).map(Double.init) ?? (quality as? Float).map(Double.init) ?? 0.9
        return encode(image, as: .jpeg, quality: number, api: "CIContext.jpegRepresentation")
    }

    private func encode(_ image: CIImage, as format: ImageFormat, quality: Double, api: String) -> Data? {
        guard let bitmap = render(image, from: image.extent, api: api) else { return nil }
        guard let data = bitmap.encoded(as: format, quality: quality) else {
            ImageReport.failed(operation: "encode", api: api, reason: "the \(format.typeIdentifier) encoder could not be loaded")
            return nil
        }
        ImageReport.encoded(bitmap, format: format, quality: format == .jpeg ? quality : nil, bytes: data.count, api: api)
        return data
    }

    /// Renders `image` inside `rect`, reporting the render (or why not).
    func render(_ image: CIImage, from rect: CGRect, api: String) -> Bitmap? {
        guard !rect.isNull, !rect.isInfinite, rect.minX.isFinite, rect.minY.isFinite, rect.width.isFinite, rect.height.isFinite else {
            ImageReport.failed(
                operation: "image", api: api,
                reason: "cannot render an infinite extent: crop the image (cropped(to:)) first")
            return nil
        }
        let box = PixelBox(covering: rect)
        guard !box.isEmpty else {
            ImageReport.failed(operation: "image", api: api, reason: "the rectangle \(rect) holds no pixels")
            return nil
        }
        guard box.width <= Self.maximumSide, box.height <= Self.maximumSide else {
            ImageReport.failed(
                operation: "image", api: api,
                reason: "\(box.width)×\(box.height) is larger than Core Image renders (\(Self.maximumSide) a side)")
            return nil
        }
        let renderer = Renderer()
        let started = ContinuousClock.now
        let bitmap: Bitmap
        do {
            bitmap = try renderer.render(image, box).bitmap
        } catch {
            ImageReport.failed(operation: "image", api: api, reason: error.message)
            return nil
        }
        let elapsed = ContinuousClock.now - started
        ImageReport.send([
            "operation": .string("image"), "api": .string(api), "width": .integer(Int64(bitmap.width)),
            "height": .integer(Int64(bitmap.height)), "decodedBytes": .integer(Int64(bitmap.byteCount)),
            "filters": .array(renderer.steps.map { .string($0) }),
            "milliseconds": .double(Double(elapsed.components.attoseconds) / 1e15 + Double(elapsed.components.seconds) * 1000),
        ])
        return bitmap
    }
}

/// Options for a `CIContext` (accepted; nsesim renders the same whatever they say).
public struct CIContextOption: Hashable, RawRepresentable, Sendable {
    /// The option's name.
    public let rawValue: String
    /// An option of its name.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// Render on the CPU (nsesim always does).
    public static let useSoftwareRenderer = CIContextOption(rawValue: "kCIContextUseSoftwareRenderer")
    /// The colour space filters work in.
    public static let workingColorSpace = CIContextOption(rawValue: "kCIContextWorkingColorSpace")
    /// The pixel format filters work in.
    public static let workingFormat = CIContextOption(rawValue: "kCIContextWorkingFormat")
    /// The colour space of rendered images.
    public static let outputColorSpace = CIContextOption(rawValue: "kCIContextOutputColorSpace")
    /// Whether rendered images are premultiplied.
    public static let outputPremultiplied = CIContextOption(rawValue: "kCIContextOutputPremultiplied")
    /// Whether intermediate results are cached.
    public static let cacheIntermediates = CIContextOption(rawValue: "kCIContextCacheIntermediates")
    /// Render at a low priority.
    public static let priorityRequestLow = CIContextOption(rawValue: "kCIContextPriorityRequestLow")
    /// Downsample with higher quality.
    public static let highQualityDownsample = CIContextOption(rawValue: "kCIContextHighQualityDownsample")
    /// A name for the context in debugging tools.
    public static let name = CIContextOption(rawValue: "kCIContextName")
}

/// A pixel format of Core Image (nsesim renders 8-bit RGBA whichever is named).
public struct CIFormat: Hashable, RawRepresentable, Sendable {
    /// The format's code.
    public let rawValue: Int32
    /// A format of its code.
    public init(rawValue: Int32) { self.rawValue = rawValue }
    /// 8-bit components, alpha first.
    public static let ARGB8 = CIFormat(rawValue: 516)
    /// 8-bit components, blue first.
    public static let BGRA8 = CIFormat(rawValue: 260)
    /// 8-bit components, red first.
    public static let RGBA8 = CIFormat(rawValue: 264)
    /// 16-bit half-float components.
    public static let RGBAh = CIFormat(rawValue: 2056)
    /// 32-bit float components.
    public static let RGBAf = CIFormat(rawValue: 2060)
}

/// Options for `pngRepresentation` and `jpegRepresentation`.
public struct CIImageRepresentationOption: Hashable, RawRepresentable, Sendable {
    /// The option's name.
    public let rawValue: String
    /// An option of its name.
    public init(rawValue: String) { self.rawValue = rawValue }
}
