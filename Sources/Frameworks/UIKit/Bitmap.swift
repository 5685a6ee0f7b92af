import CImageBridge
import Foundation

/// Decoded pixels (straight-alpha RGBA in the C bridge), freed with the last reference. Immutable once
/// made, except while a drawing context draws into it on one thread.
final class Bitmap: @unchecked Sendable {
    let pointer: UnsafeMutableRawPointer
    let width: Int
    let height: Int
    /// Whether every pixel is opaque (a JPEG, an opaque renderer): PNG output then has no alpha.
    let isOpaque: Bool

    private init(pointer: UnsafeMutableRawPointer, isOpaque: Bool) {
        self.pointer = pointer
        self.width = Int(nsesim_image_width(pointer))
        self.height = Int(nsesim_image_height(pointer))
        self.isOpaque = isOpaque
    }

    deinit { nsesim_image_destroy(pointer) }

    /// Decodes `data`, or throws why not: not an image, a format nsesim does not decode, damaged
    /// bytes, or a codec library that cannot be loaded.
    static func decode(_ data: Data) throws(ImageLibraryError) -> (Bitmap, ImageFormat, orientation: Int) {
        guard let format = ImageFormat(sniffing: data) else {
            throw ImageLibraryError(message: "not an image (PNG, JPEG, GIF, WebP, HEIF, TIFF or BMP)")
        }
        guard let bridgeFormat = format.bridgeFormat else {
            throw ImageLibraryError(message: "\(format.typeIdentifier) is not decoded by nsesim (PNG, JPEG, GIF and WebP are)")
        }
        try ImageLibrary.load(bridgeFormat)
        var error = [CChar](repeating: 0, count: 512)
        let pointer = data.withUnsafeBytes { bytes in
            nsesim_image_decode(bytes.baseAddress, bytes.count, bridgeFormat, &error, error.count)
        }
        guard let pointer else {
            throw ImageLibraryError(message: "damaged \(format.typeIdentifier) data: \(ImageLibrary.string(error))")
        }
        let orientation = format == .jpeg ? EXIFOrientation.of(jpeg: data) : 1
        return (Bitmap(pointer: pointer, isOpaque: format.isOpaque).oriented(orientation), format, orientation)
    }

    /// A new canvas of `width` × `height` pixels: transparent, or opaque black.
    static func canvas(width: Int, height: Int, opaque: Bool) throws(ImageLibraryError) -> Bitmap {
        guard let pointer = nsesim_image_create(Int32(clamping: width), Int32(clamping: height), opaque ? 0 : 1) else {
            throw ImageLibraryError(message: "cannot make a \(width)×\(height) bitmap")
        }
        return Bitmap(pointer: pointer, isOpaque: opaque)
    }

    /// A copy turned upright as EXIF orientation `orientation` says (self for 1).
    func oriented(_ orientation: Int) -> Bitmap {
        guard orientation != 1, let pointer = nsesim_image_oriented(pointer, Int32(orientation)) else { return self }
        return Bitmap(pointer: pointer, isOpaque: isOpaque)
    }

    /// An exact copy, or nil when memory ran out.
    func copy() -> Bitmap? {
        nsesim_image_clone(pointer).map { Bitmap(pointer: $0, isOpaque: isOpaque) }
    }

    /// Draws `source` (its `from` pixels, all by default) into `rect`, in pixels, resampled.
    func draw(_ source: Bitmap, in rect: PixelRect, from: PixelRect? = nil) {
        let from = from ?? PixelRect(x: 0, y: 0, width: source.width, height: source.height)
        nsesim_image_draw(
            pointer, source.pointer, Int32(clamping: rect.x), Int32(clamping: rect.y),
            Int32(clamping: rect.width), Int32(clamping: rect.height),
            Int32(clamping: from.x), Int32(clamping: from.y), Int32(clamping: from.width), Int32(clamping: from.height))
    }

    /// Fills `rect`, in pixels, with `color`, blended over what is there or replacing it.
    func fill(_ rect: PixelRect, with color: RGBA, blend: Bool) {
        nsesim_image_fill(
            pointer, Int32(clamping: rect.x), Int32(clamping: rect.y), Int32(clamping: rect.width),
            Int32(clamping: rect.height), color.red8, color.green8, color.blue8, color.alpha8, blend ? 1 : 0)
    }

    /// The pixel at `x`, `y` as 0xAARRGGBB (alpha 255 is opaque).
    func pixel(x: Int, y: Int) -> UInt32 { nsesim_image_pixel(pointer, Int32(clamping: x), Int32(clamping: y)) }

    /// The bitmap encoded as PNG or JPEG (`quality` 0...1), or nil when the codec cannot.
    func encoded(as format: ImageFormat, quality: Double = 1) -> Data? {
        guard let bridgeFormat = format.bridgeFormat, (try? ImageLibrary.load(bridgeFormat)) != nil else { return nil }
        var size = 0
        let quality = Int32((min(max(quality, 0), 1) * 100).rounded())
        guard let bytes = nsesim_image_encode(pointer, bridgeFormat, quality, isOpaque ? 0 : 1, &size), size > 0 else {
            return nil
        }
        defer { nsesim_image_free_data(bytes) }
        return Data(bytes: bytes, count: Int(size))
    }
}

/// A rectangle in whole pixels.
struct PixelRect: Sendable, Equatable {
    var x: Int, y: Int, width: Int, height: Int

    /// `rect` in points, at `scale` pixels a point, rounded out to whole pixels.
    init(_ rect: CGRect, scale: CGFloat) {
        let minX = (rect.minX * scale).rounded(.down)
        let minY = (rect.minY * scale).rounded(.down)
        let maxX = (rect.maxX * scale).rounded(.up)
        let maxY = (rect.maxY * scale).rounded(.up)
        self.init(x: Int(minX), y: Int(minY), width: Int(maxX - minX), height: Int(maxY - minY))
    }

    init(x: Int, y: Int, width: Int, height: Int) {
        (self.x, self.y, self.width, self.height) = (x, y, width, height)
    }
}
