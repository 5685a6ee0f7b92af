@_spi(NSESim) import CoreGraphics
import Foundation

/// An image: decoded pixels with a scale (pixels per point). Decoding and encoding are real
/// (libjpeg-turbo, libpng, giflib, libwebp);
/// each decode, drawing and encode shows in the report's `images` section.
open class UIImage: NSObject, @unchecked Sendable {
    /// The pixels; nil for an empty `UIImage()`.
    let bitmap: Bitmap?
    /// The format the image was decoded from, if it was.
    let sourceFormat: ImageFormat?

    /// Pixels per point: 1 for `UIImage(data:)`, from `@2x`/`@3x` for files, the renderer's for drawings.
    public let scale: CGFloat
    /// The orientation from the JPEG's EXIF data, as on iOS. The pixels are kept upright (the
    /// orientation applied at decode), so `size` and drawing are as on iOS; `cgImage` and
    /// `pngData()` give them upright too, where iOS gives them as stored.
    public let imageOrientation: Orientation
    /// How the image is drawn when used as a template.
    public let renderingMode: RenderingMode

    /// The size in points: pixels divided by `scale`.
    open var size: CGSize {
        guard let bitmap else { return .zero }
        return CGSize(width: CGFloat(bitmap.width) / scale, height: CGFloat(bitmap.height) / scale)
    }

    /// The pixels as a `CGImage`, as iOS keeps them; nil for an empty image.
    open var cgImage: CGImage? { bitmap.map { CGImage(bitmap: $0, utType: sourceFormat?.typeIdentifier) } }

    /// An empty image (size zero).
    public override init() {
        bitmap = nil
        sourceFormat = nil
        scale = 1
        imageOrientation = .up
        renderingMode = .automatic
        super.init()
    }

    init(
        bitmap: Bitmap, scale: CGFloat, format: ImageFormat? = nil, orientation: Orientation = .up,
        renderingMode: RenderingMode = .automatic
    ) {
        self.bitmap = bitmap
        self.sourceFormat = format
        self.scale = scale > 0 ? scale : 1
        self.imageOrientation = orientation
        self.renderingMode = renderingMode
        super.init()
    }

    /// Decodes `data` at scale 1; nil when it is not an image.
    public convenience init?(data: Data) {
        self.init(data: data, scale: 1)
    }

    /// Decodes `data` with `scale` pixels a point; nil when it is not an image.
    public convenience init?(data: Data, scale: CGFloat) {
        guard let (bitmap, format, orientation) = Self.decode(data, source: "data") else { return nil }
        self.init(bitmap: bitmap, scale: scale, format: format, orientation: EXIFOrientation.imageOrientation(orientation))
        ImageReport.decoded(bitmap, format: format, bytes: data.count, scale: self.scale, source: "data")
    }

    /// The image's pixels with a scale and the orientation to show them in (drawing and `size`
    /// follow it, as on iOS).
    public convenience init(cgImage: CGImage, scale: CGFloat, orientation: Orientation) {
        self.init(bitmap: cgImage.bitmap.oriented(EXIFOrientation.exif(orientation)), scale: scale, orientation: orientation)
    }

    /// The image's pixels at scale 1.
    public convenience init(cgImage: CGImage) {
        self.init(cgImage: cgImage, scale: 1, orientation: .up)
    }

    /// Decodes `data`, reporting why not when it cannot.
    static func decode(_ data: Data, source: String, path: String? = nil) -> (Bitmap, ImageFormat, orientation: Int)? {
        do {
            return try Bitmap.decode(data)
        } catch {
            ImageReport.notAnImage(bytes: data.count, source: source, reason: error.message, path: path)
            return nil
        }
    }

    /// The same pixels with another rendering mode.
    open func withRenderingMode(_ renderingMode: RenderingMode) -> UIImage {
        guard bitmap != nil else { return self }
        return copyOfAttributes(renderingMode: renderingMode)
    }

    /// The insets Auto Layout aligns the image's views by (set with `withAlignmentRectInsets(_:)`).
    open internal(set) var alignmentRectInsets: UIEdgeInsets = .zero
    /// Whether the image is drawn mirrored in a right-to-left layout.
    open internal(set) var flipsForRightToLeftLayoutDirection = false

    /// The same pixels with other alignment insets.
    open func withAlignmentRectInsets(_ alignmentInsets: UIEdgeInsets) -> UIImage {
        let image = copyOfAttributes()
        image.alignmentRectInsets = alignmentInsets
        return image
    }

    /// The same pixels, marked to be mirrored in a right-to-left layout (nsesim lays out left to right).
    open func imageFlippedForRightToLeftLayoutDirection() -> UIImage {
        let image = copyOfAttributes()
        image.flipsForRightToLeftLayoutDirection = true
        return image
    }

    /// A new image object with the same pixels and attributes (another rendering mode, if given).
    private func copyOfAttributes(renderingMode mode: RenderingMode? = nil) -> UIImage {
        guard let bitmap else { return UIImage() }
        let image = UIImage(
            bitmap: bitmap, scale: scale, format: sourceFormat, orientation: imageOrientation, renderingMode: mode ?? renderingMode)
        image.alignmentRectInsets = alignmentRectInsets
        image.flipsForRightToLeftLayoutDirection = flipsForRightToLeftLayoutDirection
        return image
    }

    /// Frames of an animated image: nil, as for every image made from data on iOS.
    open var images: [UIImage]? { nil }
    /// The duration of an animated image: 0.
    open var duration: TimeInterval { 0 }

    /// How an image's pixels are turned for display (from EXIF on iOS).
    public enum Orientation: Int, Sendable {
        case up, down, left, right, upMirrored, downMirrored, leftMirrored, rightMirrored
    }

    /// Whether an image is drawn as it is or as a template tinted by the view.
    public enum RenderingMode: Int, Sendable {
        case automatic, alwaysOriginal, alwaysTemplate
    }
}

extension UIImage {
    /// The pixel at `x`, `y` as 0xAARRGGBB (alpha 255 opaque), for nsesim's tests.
    @_spi(NSESim) public func pixel(x: Int, y: Int) -> UInt32 { bitmap?.pixel(x: x, y: y) ?? 0 }
}
