import Foundation

/// CoreGraphics' drawing context, what a UIKit drawing gives as `cgContext` or
/// `UIGraphicsGetCurrentContext()`: fills and the settings resize code sets. Transforms, paths
/// and text are not there (a build error names what is missing).
public final class CGContext: @unchecked Sendable {
    let context: GraphicsContext

    init(_ context: GraphicsContext) { self.context = context }

    /// How images are resampled when drawn; nsesim always resamples with area averaging.
    public var interpolationQuality: CGInterpolationQuality = .default
    /// Width of the bitmap in pixels.
    public var width: Int { context.bitmap.width }
    /// Height of the bitmap in pixels.
    public var height: Int { context.bitmap.height }

    /// Sets the fill colour.
    public func setFillColor(_ color: CGColor) { context.fillColor = color.rgba }
    /// Sets the stroke colour.
    public func setStrokeColor(_ color: CGColor) { context.strokeColor = color.rgba }
    /// Fills `rect` (points) with the fill colour.
    public func fill(_ rect: CGRect) { context.fill(rect) }
    /// Clears `rect` (points) to transparent.
    public func clear(_ rect: CGRect) { context.fill(rect, blendMode: .clear) }
    /// Outlines `rect` with the stroke colour.
    public func stroke(_ rect: CGRect) { context.stroke(rect) }
    /// Draws `image` into `rect` (points).
    public func draw(_ image: CGImage, in rect: CGRect) { context.draw(image.bitmap, in: rect) }
    /// The bitmap drawn so far.
    public func makeImage() -> CGImage? { context.image().cgImage }
}

/// Resampling quality settings.
public enum CGInterpolationQuality: Int32, Sendable {
    case `default` = 0, none = 1, low = 2, high = 3, medium = 4
}

/// How a fill combines with what is drawn: `.normal` blends over, `.copy` replaces, `.clear`
/// makes transparent; the other modes blend as `.normal` here.
public enum CGBlendMode: Int32, Sendable {
    case normal, multiply, screen, overlay, darken, lighten, colorDodge, colorBurn, softLight, hardLight, difference,
        exclusion, hue, saturation, color, luminosity, clear, copy, sourceIn, sourceOut, sourceAtop, destinationOver,
        destinationIn, destinationOut, destinationAtop, xor, plusDarker, plusLighter
}

/// CoreGraphics' colour: sRGB components.
public final class CGColor: @unchecked Sendable {
    let rgba: RGBA

    init(_ rgba: RGBA) { self.rgba = rgba }

    /// An sRGB colour.
    public convenience init(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        self.init(RGBA(red: red, green: green, blue: blue, alpha: alpha))
    }

    /// A grey.
    public convenience init(gray: CGFloat, alpha: CGFloat) {
        self.init(RGBA(red: gray, green: gray, blue: gray, alpha: alpha))
    }

    /// Red, green, blue and alpha.
    public var components: [CGFloat]? { [rgba.red, rgba.green, rgba.blue, rgba.alpha] }
    /// 4.
    public var numberOfComponents: Int { 4 }
    /// The alpha component.
    public var alpha: CGFloat { rgba.alpha }
}
