@_spi(NSESim) import CoreGraphics
import Foundation

/// Core Image's image: an immutable recipe (a bitmap, a colour, and the crops, transforms and
/// filters over them) that costs nothing until a `CIContext` renders it into pixels. Coordinates
/// have their origin at the bottom left, as CoreGraphics'.
open class CIImage: NSObject, @unchecked Sendable {
    /// What the image is made of.
    let recipe: Recipe

    /// The rectangle the image covers (outside it the image is clear): the bitmap's size for a
    /// `CGImage`, infinite for a colour, grown by a blur, cut by a crop.
    public let extent: CGRect

    init(recipe: Recipe) {
        self.recipe = recipe
        self.extent = recipe.extent
        super.init()
    }

    /// An image of a `CGImage`'s pixels, its bottom-left pixel at the origin.
    public convenience init(cgImage image: CGImage) {
        self.init(recipe: .bitmap(image))
    }

    /// An image of a `CGImage`'s pixels (the options are accepted and not needed here).
    public convenience init(cgImage image: CGImage, options: [CIImageOption: Any]?) {
        self.init(cgImage: image)
    }

    /// An image of `color` everywhere: its extent is infinite, so crop it before rendering.
    public convenience init(color: CIColor) {
        self.init(recipe: .constant(color))
    }

    /// An image decoded from PNG, JPEG, GIF or WebP bytes (turned upright by their EXIF
    /// orientation); nil when they are not an image nsesim decodes.
    public convenience init?(data: Data) {
        guard let (bitmap, format, _) = try? Bitmap.decode(data) else {
            ImageReport.notAnImage(bytes: data.count, source: "data", reason: "not an image nsesim decodes", api: "CIImage(data:)")
            return nil
        }
        ImageReport.decoded(bitmap, format: format, bytes: data.count, scale: 1, source: "data", api: "CIImage(data:)")
        self.init(cgImage: CGImage(bitmap: bitmap, utType: format.typeIdentifier))
    }

    /// An image decoded from PNG, JPEG, GIF or WebP bytes (the options are accepted and not needed here).
    public convenience init?(data: Data, options: [CIImageOption: Any]?) {
        self.init(data: data)
    }

    /// An image decoded from the file at `url`; nil when it cannot be read or is not an image.
    public convenience init?(contentsOf url: URL) {
        guard let data = try? Data(contentsOf: url) else { return nil }
        self.init(data: data)
    }

    /// An image with nothing in it (empty extent).
    open class func empty() -> CIImage { CIImage(recipe: .empty) }

    /// The `CGImage` the image was made from, if it was made from one (nil for a filter's output).
    open var cgImage: CGImage? {
        if case .bitmap(let image) = recipe { return image }
        return nil
    }

    /// The image's metadata: none here.
    open var properties: [String: Any] { [:] }

    /// The file the image was read from: not kept here.
    open var url: URL? { nil }

    /// The part of the image inside `rect`; clear outside it.
    open func cropped(to rect: CGRect) -> CIImage {
        CIImage(recipe: .crop(self, rect))
    }

    /// The image moved, scaled or turned by `matrix` (in image coordinates, origin at the bottom left).
    open func transformed(by matrix: CGAffineTransform) -> CIImage {
        matrix.isIdentity ? self : CIImage(recipe: .transform(self, matrix))
    }

    /// The image transformed by `matrix` (area-averaged when it shrinks, whatever `highQualityDownsample` says).
    open func transformed(by matrix: CGAffineTransform, highQualityDownsample: Bool) -> CIImage {
        transformed(by: matrix)
    }

    /// The image drawn over `dest` (source-over compositing); the extent is both extents' union.
    open func composited(over dest: CIImage) -> CIImage {
        CIImage(recipe: .sourceOver(self, dest))
    }

    /// The image with its edge pixels repeated outward without end (infinite extent), what a
    /// blur reads at the edges instead of clear pixels.
    open func clampedToExtent() -> CIImage {
        extent.isInfinite ? self : CIImage(recipe: .clamp(self))
    }

    /// The image blurred by a Gaussian of standard deviation `sigma` pixels (`CIGaussianBlur`).
    open func applyingGaussianBlur(sigma: Double) -> CIImage {
        sigma > 0 ? CIImage(recipe: .gaussianBlur(self, sigma: sigma)) : self
    }

    /// The output of the filter `filterName` with this image as `kCIInputImageKey` and the other
    /// inputs from `params`; an empty image when no such filter exists.
    open func applyingFilter(_ filterName: String, parameters params: [String: Any]) -> CIImage {
        guard let filter = CIFilter(name: filterName) else { return .empty() }
        filter.setValue(self, forKey: kCIInputImageKey)
        for (key, value) in params { filter.setValue(value, forKey: key) }
        return filter.outputImage ?? .empty()
    }

    /// The output of the filter `filterName`, its inputs at their defaults, with this image as `kCIInputImageKey`.
    open func applyingFilter(_ filterName: String) -> CIImage {
        applyingFilter(filterName, parameters: [:])
    }

    /// The recipe, for debugging.
    open override var description: String { "<CIImage \(recipe.name) extent \(extent)>" }
}

/// Options for making a `CIImage` (accepted; none changes what nsesim makes).
public struct CIImageOption: Hashable, RawRepresentable, Sendable {
    /// The option's name.
    public let rawValue: String
    /// An option of its name.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// The colour space to read the pixels in.
    public static let colorSpace = CIImageOption(rawValue: "kCIImageColorSpace")
    /// Whether to apply the EXIF orientation.
    public static let applyOrientationProperty = CIImageOption(rawValue: "kCIImageApplyOrientationProperty")
    /// Metadata to keep with the image.
    public static let properties = CIImageOption(rawValue: "kCIImageProperties")
}
