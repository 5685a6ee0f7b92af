import Foundation

/// CoreGraphics' bitmap image, as `UIImage.cgImage` gives it: 8 bits per component RGBA.
public final class CGImage: @unchecked Sendable {
    let bitmap: Bitmap

    init(bitmap: Bitmap) { self.bitmap = bitmap }

    /// Width in pixels.
    public var width: Int { bitmap.width }
    /// Height in pixels.
    public var height: Int { bitmap.height }
    /// 8.
    public var bitsPerComponent: Int { 8 }
    /// 32.
    public var bitsPerPixel: Int { 32 }
    /// Width × 4.
    public var bytesPerRow: Int { bitmap.width * 4 }

    /// The part of the image inside `rect` (pixels), or nil when `rect` misses the image.
    public func cropping(to rect: CGRect) -> CGImage? {
        let bounds = CGRect(x: 0, y: 0, width: width, height: height)
        let part = rect.integral.intersection(bounds)
        guard !part.isNull, part.width >= 1, part.height >= 1 else { return nil }
        let pixels = PixelRect(part, scale: 1)
        guard let canvas = try? Bitmap.canvas(width: pixels.width, height: pixels.height, opaque: bitmap.isOpaque) else { return nil }
        canvas.draw(bitmap, in: PixelRect(x: 0, y: 0, width: pixels.width, height: pixels.height), from: pixels)
        return CGImage(bitmap: canvas)
    }
}
