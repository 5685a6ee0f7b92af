@_spi(NSESim) import CoreGraphics
import Foundation

extension UIImage {
    /// Draws the image scaled into `rect` (points) of the current drawing context: a
    /// `UIGraphicsImageRenderer`'s, or one begun with `UIGraphicsBeginImageContextWithOptions`.
    /// Without a current context nothing is drawn, as on iOS.
    public func draw(in rect: CGRect) {
        guard let bitmap, let context = GraphicsContextStack.current else { return }
        context.drawUpright(bitmap, in: rect)
    }

    /// Draws the image into `rect` with a blend mode and an opacity (`destinationIn` keeps what
    /// is drawn where the image is opaque: how libraries tint an image).
    public func draw(in rect: CGRect, blendMode: CGBlendMode, alpha: CGFloat) {
        guard let context = GraphicsContextStack.current else { return }
        context.saveGState()
        context.setBlendMode(blendMode)
        context.setAlpha(alpha)
        draw(in: rect)
        context.restoreGState()
    }

    /// Draws the image at its size at `point` with a blend mode and an opacity.
    public func draw(at point: CGPoint, blendMode: CGBlendMode, alpha: CGFloat) {
        draw(in: CGRect(origin: point, size: size), blendMode: blendMode, alpha: alpha)
    }

    /// Draws the image at its size with its top-left corner at `point`.
    public func draw(at point: CGPoint) {
        draw(in: CGRect(origin: point, size: size))
    }

    /// A copy drawn into `size` (points, at this image's scale) for display as a thumbnail
    /// (iOS 15); nil for an empty image.
    public func preparingThumbnail(of size: CGSize) -> UIImage? {
        guard let bitmap, size.width > 0, size.height > 0 else { return nil }
        let target = PixelRect(CGRect(origin: .zero, size: size), scale: scale)
        guard let canvas = try? Bitmap.canvas(width: target.width, height: target.height, opaque: bitmap.isOpaque) else { return nil }
        canvas.draw(bitmap, in: target)
        ImageReport.context(canvas, scale: scale, api: "preparingThumbnail")
        return UIImage(bitmap: canvas, scale: scale, format: sourceFormat)
    }

    /// The asynchronous form of `preparingThumbnail(of:)`.
    public func byPreparingThumbnail(ofSize size: CGSize) async -> UIImage? {
        preparingThumbnail(of: size)
    }

    /// The image decoded for display (iOS 15): the pixels are already decoded here.
    public func preparingForDisplay() -> UIImage? { bitmap == nil ? nil : self }

    /// The asynchronous form of `preparingForDisplay()`.
    public func byPreparingForDisplay() async -> UIImage? { preparingForDisplay() }
}
