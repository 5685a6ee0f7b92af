import Foundation

/// CoreGraphics' bitmap image: pixels with the layout they were made in (a context's, a decoded
/// file's). nsesim keeps 8 bits a component; `dataProvider` gives the pixels in `bitmapInfo`'s layout.
public final class CGImage: @unchecked Sendable {
    /// The pixels (straight-alpha RGBA).
    @_spi(NSESim) public let bitmap: Bitmap
    /// 8.
    public let bitsPerComponent: Int
    /// 32 for RGB, 8 for grey or alpha only.
    public let bitsPerPixel: Int
    /// Bytes from one row to the next in `dataProvider`'s bytes.
    public let bytesPerRow: Int
    /// The image's colour space (nil for an alpha-only image).
    public let colorSpace: CGColorSpace?
    /// Where alpha sits and the byte order.
    public let bitmapInfo: CGBitmapInfo
    /// Whether the image is a mask.
    public let isMask: Bool
    /// The file's type identifier when the image was decoded by ImageIO (`public.png`).
    public let utType: CFString?
    /// Whether drawing it enlarged is smoothed.
    public let shouldInterpolate: Bool

    /// An image of `bitmap`: RGBA, alpha last (straight when the bitmap has alpha, skipped when opaque).
    @_spi(NSESim) public convenience init(bitmap: Bitmap, utType: String? = nil) {
        self.init(
            bitmap: bitmap, bitsPerPixel: 32, bytesPerRow: bitmap.width * 4, colorSpace: .deviceRGB,
            bitmapInfo: CGBitmapInfo(alpha: bitmap.isOpaque ? .noneSkipLast : .last), utType: utType)
    }

    init(
        bitmap: Bitmap, bitsPerPixel: Int, bytesPerRow: Int, colorSpace: CGColorSpace?, bitmapInfo: CGBitmapInfo,
        utType: String? = nil, isMask: Bool = false, shouldInterpolate: Bool = true
    ) {
        self.bitmap = bitmap
        self.bitsPerComponent = 8
        self.bitsPerPixel = bitsPerPixel
        self.bytesPerRow = bytesPerRow
        self.colorSpace = colorSpace
        self.bitmapInfo = bitmapInfo
        self.utType = utType.map { $0 as NSString }
        self.isMask = isMask
        self.shouldInterpolate = shouldInterpolate
    }

    /// An image of the pixels `provider` holds in the layout given (8 bits a component: RGB with
    /// alpha or a skipped byte, grey, alpha only); nil when the layout is not one of those or the
    /// bytes are too few, as on iOS.
    public convenience init?(
        width: Int, height: Int, bitsPerComponent: Int, bitsPerPixel: Int, bytesPerRow: Int, space: CGColorSpace,
        bitmapInfo: CGBitmapInfo, provider: CGDataProvider, decode: UnsafePointer<CGFloat>?, shouldInterpolate: Bool,
        intent: CGColorRenderingIntent
    ) {
        let layout: PixelLayout
        let alpha = bitmapInfo.alphaInfo
        if bitsPerComponent == 8, bitsPerPixel == 32, space.model == .rgb {
            layout = .rgb(alpha: alpha, little: bitmapInfo.byteOrder == .order32Little)
        } else if bitsPerComponent == 8, bitsPerPixel == 8, alpha == .alphaOnly {
            layout = PixelLayout(bytesPerPixel: 1, alpha: 0)
        } else if bitsPerComponent == 8, bitsPerPixel == 8, space.model == .monochrome {
            layout = PixelLayout(bytesPerPixel: 1, gray: 0)
        } else {
            ImageReport.failed(
                operation: "image", api: "CGImage(width:height:…)",
                reason:
                    "\(bitsPerComponent) bits/component, \(bitsPerPixel) bits/pixel, \(PixelLayout.name(alpha)): nsesim reads 8-bit RGB, grey and alpha-only pixels"
            )
            return nil
        }
        guard width > 0, height > 0, width <= 1 << 20, height <= 1 << 20, bytesPerRow <= 1 << 26,
            bytesPerRow >= width * layout.bytesPerPixel,
            provider.bytes.count >= bytesPerRow * (height - 1) + width * layout.bytesPerPixel
        else {
            ImageReport.failed(
                operation: "image", api: "CGImage(width:height:…)",
                reason: "\(provider.bytes.count) bytes are too few for \(width)×\(height) pixels \(bytesPerRow) bytes a row")
            return nil
        }
        guard let bitmap = try? Bitmap.canvas(width: width, height: height, opaque: layout.alpha < 0) else { return nil }
        provider.bytes.withUnsafeBytes { bitmap.import(from: $0.baseAddress!, bytesPerRow: bytesPerRow, layout: layout) }
        self.init(
            bitmap: bitmap, bitsPerPixel: bitsPerPixel, bytesPerRow: bytesPerRow, colorSpace: space, bitmapInfo: bitmapInfo,
            shouldInterpolate: shouldInterpolate)
        ImageReport.made(bitmap, api: "CGImage(width:height:…)")
    }

    /// Width in pixels.
    public var width: Int { bitmap.width }
    /// Height in pixels.
    public var height: Int { bitmap.height }
    /// Where alpha sits.
    public var alphaInfo: CGImageAlphaInfo { bitmapInfo.alphaInfo }
    /// The byte order of the components.
    public var byteOrderInfo: CGImageByteOrderInfo { bitmapInfo.byteOrder }
    /// No decode array is kept.
    public var decode: UnsafePointer<CGFloat>? { nil }
    /// The default intent.
    public var renderingIntent: CGColorRenderingIntent { .defaultIntent }

    /// The pixels in the image's layout (`bytesPerRow` a row), as iOS gives them.
    public var dataProvider: CGDataProvider? {
        var bytes = Data(count: bytesPerRow * height)
        bytes.withUnsafeMutableBytes { bitmap.export(to: $0.baseAddress!, bytesPerRow: bytesPerRow, layout: layout) }
        return CGDataProvider(bytes: bytes)
    }

    /// The layout of `dataProvider`'s bytes.
    var layout: PixelLayout {
        if alphaInfo == .alphaOnly { return PixelLayout(bytesPerPixel: 1, alpha: 0) }
        if colorSpace?.model == .monochrome { return PixelLayout(bytesPerPixel: 1, gray: 0) }
        return .rgb(alpha: alphaInfo, little: byteOrderInfo == .order32Little)
    }

    /// The part of the image inside `rect` (pixels, origin at the top left), or nil when `rect`
    /// misses the image.
    public func cropping(to rect: CGRect) -> CGImage? {
        let bounds = CGRect(x: 0, y: 0, width: width, height: height)
        let part = rect.integral.intersection(bounds)
        guard !part.isNull, part.width >= 1, part.height >= 1 else { return nil }
        let pixels = PixelRect(part, scale: 1)
        guard let canvas = try? Bitmap.canvas(width: pixels.width, height: pixels.height, opaque: bitmap.isOpaque) else { return nil }
        canvas.draw(bitmap, in: PixelRect(x: 0, y: 0, width: pixels.width, height: pixels.height), from: pixels)
        let bytesPerPixel = bitsPerPixel / 8
        return CGImage(
            bitmap: canvas, bitsPerPixel: bitsPerPixel, bytesPerRow: pixels.width * bytesPerPixel, colorSpace: colorSpace,
            bitmapInfo: bitmapInfo, utType: utType.map { $0 as String })
    }

    /// A copy in another colour space (the pixels are kept: nsesim draws every space as sRGB).
    public func copy(colorSpace: CGColorSpace) -> CGImage? {
        CGImage(
            bitmap: bitmap, bitsPerPixel: bitsPerPixel, bytesPerRow: bytesPerRow, colorSpace: colorSpace, bitmapInfo: bitmapInfo,
            utType: utType.map { $0 as String })
    }

    /// A copy of the image.
    public func copy() -> CGImage? { self }
}

/// How colours outside a space's gamut are mapped.
public enum CGColorRenderingIntent: Int32, Sendable {
    case defaultIntent = 0, absoluteColorimetric, relativeColorimetric, perceptual, saturation
}

/// The image's width.
public func CGImageGetWidth(_ image: CGImage?) -> Int { image?.width ?? 0 }
/// The image's height.
public func CGImageGetHeight(_ image: CGImage?) -> Int { image?.height ?? 0 }
