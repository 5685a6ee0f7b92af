@_spi(NSESim) import CoreGraphics
import Foundation

/// What a `CIImage` is made of: a source or one step over other images. Nothing is computed
/// until `CIContext` renders.
enum Recipe: Sendable {
    /// A bitmap's pixels, its bottom-left pixel at the origin.
    case bitmap(CGImage)
    /// A colour everywhere (infinite extent).
    case constant(CIColor)
    /// Nothing (empty extent).
    case empty
    /// The input inside a rectangle, clear outside.
    case crop(CIImage, CGRect)
    /// The input moved, scaled or turned by an affine transform.
    case transform(CIImage, CGAffineTransform)
    /// The input's edge pixels repeated outward without end (`clampedToExtent()`).
    case clamp(CIImage)
    /// A colour change applied to each pixel of the input.
    case colorChange(CIImage, ColorOperation)
    /// The first image drawn over the second (Porter-Duff source over).
    case sourceOver(CIImage, CIImage)
    /// A Gaussian blur of standard deviation `sigma` pixels.
    case gaussianBlur(CIImage, sigma: Double)

    /// The recipe's name in the report's filter chain.
    var name: String {
        switch self {
        case .bitmap: "CGImage"
        case .constant: "CIConstantColorGenerator"
        case .empty: "empty"
        case .crop: "crop"
        case .transform: "transform"
        case .clamp: "clampedToExtent"
        case .colorChange(_, let operation): operation.filterName
        case .sourceOver: "CISourceOverCompositing"
        case .gaussianBlur: "CIGaussianBlur"
        }
    }

    /// The images the step reads.
    var inputs: [CIImage] {
        switch self {
        case .bitmap, .constant, .empty: []
        case .crop(let input, _), .transform(let input, _), .clamp(let input), .colorChange(let input, _), .gaussianBlur(let input, _):
            [input]
        case .sourceOver(let top, let bottom): [top, bottom]
        }
    }

    /// The rectangle outside which the image is clear.
    var extent: CGRect {
        switch self {
        case .bitmap(let image): CGRect(x: 0, y: 0, width: image.width, height: image.height)
        case .constant, .clamp: .infinite
        case .empty: .null
        case .crop(let input, let rect): input.extent.intersection(rect)
        case .transform(let input, let transform):
            input.extent.isInfinite || input.extent.isNull ? input.extent : input.extent.applying(transform)
        case .colorChange(let input, _): input.extent
        case .sourceOver(let top, let bottom):
            top.extent.isInfinite || bottom.extent.isInfinite ? .infinite : top.extent.union(bottom.extent)
        case .gaussianBlur(let input, let sigma):
            input.extent.isInfinite || input.extent.isNull
                ? input.extent : input.extent.insetBy(dx: -Self.reach(sigma), dy: -Self.reach(sigma))
        }
    }

    /// How far a blur of `sigma` spreads a pixel: three standard deviations, in whole pixels.
    static func reach(_ sigma: Double) -> CGFloat { CGFloat((3 * max(sigma, 0)).rounded(.up)) }
}

/// A change of each pixel's colour on its own (the colour filters).
enum ColorOperation: Sendable {
    /// `CIColorControls`: saturation (0 grey, 1 unchanged), brightness (added), contrast (about 0.5).
    case controls(saturation: Float, brightness: Float, contrast: Float)
    /// `CIExposureAdjust`: each component times 2^ev.
    case exposure(ev: Float)
    /// `CISepiaTone`: the sepia matrix, mixed with the original by intensity.
    case sepia(intensity: Float)
    /// `CIColorMonochrome`: shades of one colour by luminance, mixed by intensity.
    case monochrome(red: Float, green: Float, blue: Float, intensity: Float)
    /// `CIPhotoEffectMono`: luminance.
    case photoMono
    /// `CIColorInvert`: 1 - each component.
    case invert

    /// The filter's name.
    var filterName: String {
        switch self {
        case .controls: "CIColorControls"
        case .exposure: "CIExposureAdjust"
        case .sepia: "CISepiaTone"
        case .monochrome: "CIColorMonochrome"
        case .photoMono: "CIPhotoEffectMono"
        case .invert: "CIColorInvert"
        }
    }
}
