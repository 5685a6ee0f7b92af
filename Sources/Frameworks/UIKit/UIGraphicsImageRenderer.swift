@_spi(NSESim) import CoreGraphics
import Foundation

/// Draws into a bitmap and makes an image of it: `renderer.image { _ in image.draw(in: rect) }`,
/// the way iOS code draws an image smaller.
open class UIGraphicsImageRenderer: @unchecked Sendable {
    /// The drawing's closure type.
    public typealias DrawingActions = (UIGraphicsImageRendererContext) -> Void

    /// The renderer's format: scale and opacity.
    public let format: UIGraphicsImageRendererFormat
    let bounds: CGRect

    /// A renderer for `size` points in the default format (the screen's scale, not opaque).
    public convenience init(size: CGSize) {
        self.init(size: size, format: .default())
    }

    /// A renderer for `size` points in `format`.
    public convenience init(size: CGSize, format: UIGraphicsImageRendererFormat) {
        self.init(bounds: CGRect(origin: .zero, size: size), format: format)
    }

    /// A renderer for `bounds` in `format`.
    public init(bounds: CGRect, format: UIGraphicsImageRendererFormat = .default()) {
        self.bounds = bounds
        self.format = format
    }

    /// Whether the renderer can make images: always.
    open var allowsImageOutput: Bool { true }

    /// Runs `actions` with a fresh bitmap current and returns what they drew.
    open func image(actions: DrawingActions) -> UIImage {
        guard let context = makeContext() else { return UIImage() }
        return run(actions, in: context).uiImage()
    }

    /// What `actions` drew, as PNG data.
    open func pngData(actions: DrawingActions) -> Data {
        image(actions: actions).pngData() ?? Data()
    }

    /// What `actions` drew, as JPEG data at `compressionQuality`.
    open func jpegData(withCompressionQuality compressionQuality: CGFloat, actions: DrawingActions) -> Data {
        image(actions: actions).jpegData(compressionQuality: compressionQuality) ?? Data()
    }

    private func makeContext() -> CGContext? {
        let scale = format.scale > 0 ? format.scale : UIScreen.main.scale
        do {
            return try CGContext(size: bounds.size, scale: scale, opaque: format.opaque, api: "UIGraphicsImageRenderer")
        } catch {
            ImageReport.contextFailed(error, api: "UIGraphicsImageRenderer")
            return nil
        }
    }

    private func run(_ actions: DrawingActions, in context: CGContext) -> CGContext {
        GraphicsContextStack.push(context)
        defer { GraphicsContextStack.pop() }
        actions(UIGraphicsImageRendererContext(context: context, format: format))
        return context
    }
}

/// A renderer's scale and opacity.
open class UIGraphicsImageRendererFormat: @unchecked Sendable {
    /// Pixels per point; the screen's by default.
    open var scale: CGFloat
    /// Whether the bitmap has no alpha channel (its background starts black).
    open var opaque: Bool
    /// The colour range; images here are standard range.
    open var preferredRange: Range = .standard

    /// The screen's scale, not opaque.
    public init() {
        scale = UIScreen.main.scale
        opaque = false
    }

    /// The format for the main screen.
    open class func `default`() -> UIGraphicsImageRendererFormat { UIGraphicsImageRendererFormat() }

    /// The most capable format of the device: here the same as `default()`.
    open class func preferred() -> UIGraphicsImageRendererFormat { UIGraphicsImageRendererFormat() }

    /// A colour range.
    public enum Range: Int, Sendable {
        case unspecified = -1, automatic = 0, extended = 1, standard = 2
    }
}

/// What a renderer's actions draw with.
open class UIGraphicsImageRendererContext: @unchecked Sendable {
    let context: CGContext
    /// The renderer's format.
    public let format: UIGraphicsImageRendererFormat

    init(context: CGContext, format: UIGraphicsImageRendererFormat) {
        self.context = context
        self.format = format
    }

    /// The CoreGraphics context underneath.
    open var cgContext: CGContext { context }
    /// What has been drawn so far.
    open var currentImage: UIImage { context.uiImage() }

    /// Fills `rect` with the current fill colour (`UIColor.setFill()`).
    open func fill(_ rect: CGRect) { context.fillPixels(rect, blendMode: .normal) }
    /// Fills `rect` with the current fill colour in `blendMode`.
    open func fill(_ rect: CGRect, blendMode: CGBlendMode) { context.fillPixels(rect, blendMode: blendMode) }
    /// Outlines `rect` inside its edges with the current stroke colour.
    open func stroke(_ rect: CGRect) { context.strokeInside(rect) }
    /// Clips to `rect`.
    open func clip(to rect: CGRect) { context.clip(to: rect) }
}
