import CImageBridge
import Foundation

/// Decoded pixels (straight-alpha RGBA in the C bridge), freed with the last reference. Immutable once
/// made, except while a drawing context draws into it on one thread. Shared by CoreGraphics, ImageIO
/// and UIKit (one copy per process: the library of this package).
@_spi(NSESim) public final class Bitmap: @unchecked Sendable {
    /// The bridge's image.
    public let pointer: UnsafeMutableRawPointer
    /// Width in pixels.
    public let width: Int
    /// Height in pixels.
    public let height: Int
    /// Whether every pixel is opaque (a JPEG, an opaque renderer): PNG output then has no alpha.
    public let isOpaque: Bool

    private init(pointer: UnsafeMutableRawPointer, isOpaque: Bool) {
        self.pointer = pointer
        self.width = Int(nsesim_image_width(pointer))
        self.height = Int(nsesim_image_height(pointer))
        self.isOpaque = isOpaque
    }

    deinit { nsesim_image_destroy(pointer) }

    /// The bytes the pixels take (4 a pixel), what the memory limit counts.
    public var byteCount: Int { width * height * 4 }

    /// Decodes `data` turned upright by its EXIF orientation, or throws why not: not an image, a
    /// format nsesim does not decode, damaged bytes, or a codec library that cannot be loaded.
    public static func decode(_ data: Data) throws(ImageLibraryError) -> (Bitmap, ImageFormat, orientation: Int) {
        let (bitmap, format) = try decode(data, frame: 0, minimumSide: 0)
        let orientation = format == .jpeg ? EXIFOrientation.of(jpeg: data) : 1
        return (bitmap.oriented(orientation), format, orientation)
    }

    /// Decodes frame `frame` of `data` as stored (not turned); a JPEG with `minimumSide` > 0 is
    /// decoded scaled down by libjpeg-turbo, no smaller than that on its larger side.
    public static func decode(_ data: Data, frame: Int, minimumSide: Int) throws(ImageLibraryError) -> (Bitmap, ImageFormat) {
        let format = try sniff(data)
        var error = [CChar](repeating: 0, count: 512)
        let pointer = data.withUnsafeBytes { bytes in
            nsesim_image_decode_frame(
                bytes.baseAddress, bytes.count, format.bridgeFormat!, Int32(clamping: frame), Int32(clamping: minimumSide), &error,
                error.count)
        }
        guard let pointer else {
            throw ImageLibraryError(message: "damaged \(format.typeIdentifier) data: \(ImageLibrary.string(error))")
        }
        return (Bitmap(pointer: pointer, isOpaque: format.isOpaque), format)
    }

    /// What the header of `data` says without decoding the pixels: size, alpha, frame count.
    public static func info(_ data: Data) throws(ImageLibraryError) -> ImageInfo {
        let format = try sniff(data)
        var error = [CChar](repeating: 0, count: 512)
        var (width, height, alpha, frames): (Int32, Int32, Int32, Int32) = (0, 0, 0, 0)
        let ok = data.withUnsafeBytes { bytes in
            nsesim_image_info(bytes.baseAddress, bytes.count, format.bridgeFormat!, &width, &height, &alpha, &frames, &error, error.count)
        }
        guard ok == 1 else { throw ImageLibraryError(message: "damaged \(format.typeIdentifier) data: \(ImageLibrary.string(error))") }
        return ImageInfo(
            format: format, width: Int(width), height: Int(height), hasAlpha: alpha != 0, frameCount: Int(frames),
            orientation: format == .jpeg ? EXIFOrientation.of(jpeg: data) : 1)
    }

    /// The format of `data`, its codec loaded, or why it cannot be decoded.
    private static func sniff(_ data: Data) throws(ImageLibraryError) -> ImageFormat {
        guard let format = ImageFormat(sniffing: data) else {
            throw ImageLibraryError(message: "not an image (PNG, JPEG, GIF, WebP, HEIF, TIFF or BMP)")
        }
        guard let bridgeFormat = format.bridgeFormat else {
            throw ImageLibraryError(message: "\(format.typeIdentifier) is not decoded by nsesim (PNG, JPEG, GIF and WebP are)")
        }
        try ImageLibrary.load(bridgeFormat)
        return format
    }

    /// A new canvas of `width` × `height` pixels: transparent, or opaque black.
    public static func canvas(width: Int, height: Int, opaque: Bool) throws(ImageLibraryError) -> Bitmap {
        guard let pointer = nsesim_image_create(Int32(clamping: width), Int32(clamping: height), opaque ? 0 : 1) else {
            throw ImageLibraryError(message: "cannot make a \(width)×\(height) bitmap")
        }
        return Bitmap(pointer: pointer, isOpaque: opaque)
    }

    /// A copy turned upright as EXIF orientation `orientation` says (self for 1).
    public func oriented(_ orientation: Int) -> Bitmap {
        guard orientation != 1, let pointer = nsesim_image_oriented(pointer, Int32(orientation)) else { return self }
        return Bitmap(pointer: pointer, isOpaque: isOpaque)
    }

    /// An exact copy, or nil when memory ran out.
    public func copy() -> Bitmap? {
        nsesim_image_clone(pointer).map { Bitmap(pointer: $0, isOpaque: isOpaque) }
    }

    /// A copy resampled to `width` × `height` (area-averaged when smaller), or nil when memory ran out.
    public func resampled(width: Int, height: Int) -> Bitmap? {
        guard let canvas = nsesim_image_create(Int32(clamping: width), Int32(clamping: height), 1) else { return nil }
        nsesim_image_resample(pointer, canvas)
        return Bitmap(pointer: canvas, isOpaque: isOpaque)
    }

    /// Draws `source` (its `from` pixels, all by default) into `rect`, in pixels, resampled.
    public func draw(_ source: Bitmap, in rect: PixelRect, from: PixelRect? = nil) {
        let from = from ?? PixelRect(x: 0, y: 0, width: source.width, height: source.height)
        nsesim_image_draw(
            pointer, source.pointer, Int32(clamping: rect.x), Int32(clamping: rect.y),
            Int32(clamping: rect.width), Int32(clamping: rect.height),
            Int32(clamping: from.x), Int32(clamping: from.y), Int32(clamping: from.width), Int32(clamping: from.height))
    }

    /// Draws `source` through `transform` (source pixels, y down, to this bitmap's pixels), through
    /// `clip` (a coverage mask of this size) when given.
    func draw(_ source: Bitmap, transform: CGAffineTransform, clip: [UInt8]?, alpha: CGFloat, mode: nsesim_fill_mode, nearest: Bool) {
        let matrix = [transform.a, transform.b, transform.c, transform.d, transform.tx, transform.ty].map(Double.init)
        Self.withOptionalBuffer(clip) { clip in
            nsesim_image_draw_transformed(pointer, source.pointer, matrix, clip, Double(alpha), Int32(mode.rawValue), nearest ? 1 : 0)
        }
    }

    /// Fills the pixels `coverage` covers (through `clip`) with `color`.
    func fill(coverage: [UInt8], clip: [UInt8]?, color: RGBA, mode: nsesim_fill_mode) {
        Self.withOptionalBuffer(clip) { clip in
            nsesim_image_fill_coverage(pointer, coverage, clip, color.red8, color.green8, color.blue8, color.alpha8, Int32(mode.rawValue))
        }
    }

    private static func withOptionalBuffer(_ buffer: [UInt8]?, _ body: (UnsafePointer<UInt8>?) -> Void) {
        if let buffer { buffer.withUnsafeBufferPointer { body($0.baseAddress) } } else { body(nil) }
    }

    /// Fills `rect`, in pixels, with `color`, blended over what is there or replacing it.
    public func fill(_ rect: PixelRect, with color: RGBA, blend: Bool) {
        nsesim_image_fill(
            pointer, Int32(clamping: rect.x), Int32(clamping: rect.y), Int32(clamping: rect.width),
            Int32(clamping: rect.height), color.red8, color.green8, color.blue8, color.alpha8, blend ? 1 : 0)
    }

    /// Writes the pixels into `buffer` in `layout`.
    func export(to buffer: UnsafeMutableRawPointer, bytesPerRow: Int, layout: PixelLayout) {
        var c = layout.bridge
        nsesim_image_export(pointer, buffer, Int32(clamping: bytesPerRow), &c)
    }

    /// The pixels themselves: `width` × `height` straight-alpha RGBA, 4 bytes a pixel, rows from the
    /// top with no padding, for a decoder outside this package to write into (AVFoundation's video
    /// frames, converted there by libswscale without a copy).
    public var rgbaPixels: UnsafeMutableRawPointer { UnsafeMutableRawPointer(nsesim_image_pixels(pointer)) }

    /// Reads the pixels from `buffer` in `layout`.
    func `import`(from buffer: UnsafeRawPointer, bytesPerRow: Int, layout: PixelLayout) {
        var c = layout.bridge
        nsesim_image_import(pointer, buffer, Int32(clamping: bytesPerRow), &c)
    }

    /// The pixel at `x`, `y` as 0xAARRGGBB (alpha 255 is opaque).
    public func pixel(x: Int, y: Int) -> UInt32 { nsesim_image_pixel(pointer, Int32(clamping: x), Int32(clamping: y)) }

    /// The bitmap encoded as PNG or JPEG (`quality` 0...1), or nil when the codec cannot.
    public func encoded(as format: ImageFormat, quality: Double = 1) -> Data? {
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

/// What an image file's header says (ImageIO's properties without decoding the pixels).
@_spi(NSESim) public struct ImageInfo: Sendable, Equatable {
    /// The file's format.
    public var format: ImageFormat
    /// Width and height in pixels, as stored.
    public var width: Int, height: Int
    /// Whether the pixels have an alpha channel.
    public var hasAlpha: Bool
    /// Frames (GIF), else 1.
    public var frameCount: Int
    /// EXIF orientation 1...8 (JPEG), else 1.
    public var orientation: Int
}

/// A rectangle in whole pixels.
@_spi(NSESim) public struct PixelRect: Sendable, Equatable {
    /// The rectangle's origin and size.
    public var x: Int, y: Int, width: Int, height: Int

    /// `rect` in points, at `scale` pixels a point, rounded out to whole pixels.
    public init(_ rect: CGRect, scale: CGFloat) {
        let minX = (rect.minX * scale).rounded(.down)
        let minY = (rect.minY * scale).rounded(.down)
        let maxX = (rect.maxX * scale).rounded(.up)
        let maxY = (rect.maxY * scale).rounded(.up)
        self.init(x: Int(minX), y: Int(minY), width: Int(maxX - minX), height: Int(maxY - minY))
    }

    /// A rectangle of its four numbers.
    public init(x: Int, y: Int, width: Int, height: Int) {
        (self.x, self.y, self.width, self.height) = (x, y, width, height)
    }
}
