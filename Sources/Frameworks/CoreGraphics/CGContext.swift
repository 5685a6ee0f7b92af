import CImageBridge
import Foundation
import NSESimRuntime

/// CoreGraphics' drawing context into a bitmap: one made with
/// `CGContext(data:width:height:bitsPerComponent:bytesPerRow:space:bitmapInfo:)` (origin at the
/// bottom left, y up, as on iOS), or UIKit's (`UIGraphicsGetCurrentContext()`, a renderer's
/// `cgContext`: origin at the top left, scaled). Fills, strokes, paths, clips, transforms and
/// images are drawn for real into the bitmap (anti-aliased coverage, area-averaged resampling);
/// the caller's `data` holds the pixels after each drawing, in the layout `bitmapInfo` names.
/// Text, shadows, gradients, patterns and dashes are not drawn (their settings are kept).
public final class CGContext: @unchecked Sendable {
    /// The pixels drawn into (straight-alpha RGBA).
    @_spi(NSESim) public let bitmap: Bitmap
    /// Pixels per point: UIKit's scale, 1 for a bitmap context.
    @_spi(NSESim) public let scale: CGFloat
    /// The size in points (UIKit's) or pixels (a bitmap context).
    @_spi(NSESim) public let size: CGSize

    /// Width of the bitmap in pixels.
    public let width: Int
    /// Height of the bitmap in pixels.
    public let height: Int
    /// 8.
    public let bitsPerComponent: Int
    /// 32 for RGB, 8 for grey and alpha only.
    public let bitsPerPixel: Int
    /// Bytes from one row of `data` to the next.
    public let bytesPerRow: Int
    /// The context's colour space (nil for alpha only).
    public let colorSpace: CGColorSpace?
    /// The layout of `data`'s pixels.
    public let bitmapInfo: CGBitmapInfo

    let layout: PixelLayout
    /// The caller's buffer, or the context's own.
    private let buffer: UnsafeMutableRawPointer
    private let ownsBuffer: Bool
    /// What the buffer held after the last drawing: a change by the caller is read back before the next.
    private var exported: Data?
    /// Whether `data` is read by anyone: the caller's memory, or the context's once `data` was asked for.
    private var bufferInUse: Bool

    var state = GraphicsState()
    private var savedStates: [GraphicsState] = []
    /// The current path, in device pixels (CoreGraphics applies the CTM as a path is built).
    var currentPath: [PathElement] = []

    /// A bitmap context drawing into `data` (or memory of its own when nil), or nil when the
    /// parameters are not a layout iOS draws into (the reason on stderr and in the report, as
    /// CoreGraphics logs it). 8 bits a component: RGB with premultiplied or skipped alpha, grey, alpha only.
    public convenience init?(
        data: UnsafeMutableRawPointer?, width: Int, height: Int, bitsPerComponent: Int, bytesPerRow: Int, space: CGColorSpace,
        bitmapInfo: UInt32
    ) {
        self.init(
            bitmapData: data, width: width, height: height, bitsPerComponent: bitsPerComponent, bytesPerRow: bytesPerRow, space: space,
            bitmapInfo: CGBitmapInfo(rawValue: bitmapInfo))
    }

    /// The same, with the layout as a `CGBitmapInfo`.
    public convenience init?(
        data: UnsafeMutableRawPointer?, width: Int, height: Int, bitsPerComponent: Int, bytesPerRow: Int, space: CGColorSpace,
        bitmapInfo: CGBitmapInfo
    ) {
        self.init(
            bitmapData: data, width: width, height: height, bitsPerComponent: bitsPerComponent, bytesPerRow: bytesPerRow, space: space,
            bitmapInfo: bitmapInfo)
    }

    private convenience init?(
        bitmapData data: UnsafeMutableRawPointer?, width: Int, height: Int, bitsPerComponent: Int, bytesPerRow: Int,
        space: CGColorSpace, bitmapInfo: CGBitmapInfo
    ) {
        let api = "CGBitmapContextCreate"
        let layout: PixelLayout
        switch PixelLayout.context(bitsPerComponent: bitsPerComponent, components: space.numberOfComponents, bitmapInfo: bitmapInfo) {
        case .success(let value): layout = value
        case .failure(let refusal):
            ImageReport.failed(operation: "render", api: api, reason: refusal.message)
            return nil
        }
        // Sides CoreGraphics refuses (not positive), or whose bytes no memory holds.
        guard width > 0, height > 0, width <= 1 << 20, height <= 1 << 20, bytesPerRow >= 0, bytesPerRow <= 1 << 26 else {
            ImageReport.failed(
                operation: "render", api: api, reason: "invalid image size: \(width) × \(height), \(bytesPerRow) bytes a row")
            return nil
        }
        let minimum = width * layout.bytesPerPixel
        guard bytesPerRow == 0 || bytesPerRow >= minimum else {
            ImageReport.failed(
                operation: "render", api: api,
                reason: "invalid data bytes/row: should be at least \(minimum) for 8 integer bits/component, "
                    + "\(space.numberOfComponents) components, \(PixelLayout.name(bitmapInfo.alphaInfo)).")
            return nil
        }
        // Rows of a context's own memory are padded to 16 bytes, as CoreGraphics pads them.
        let rowBytes = bytesPerRow > 0 ? bytesPerRow : (minimum + 15) / 16 * 16
        let opaque = layout.alpha < 0
        guard let bitmap = try? Bitmap.canvas(width: width, height: height, opaque: opaque) else {
            ImageReport.failed(operation: "render", api: api, reason: "no memory for a \(width)×\(height) bitmap")
            return nil
        }
        let owns = data == nil
        let buffer = data ?? UnsafeMutableRawPointer.allocate(byteCount: rowBytes * height, alignment: 16)
        if owns { buffer.initializeMemory(as: UInt8.self, repeating: 0, count: rowBytes * height) }
        self.init(
            bitmap: bitmap, scale: 1, size: CGSize(width: width, height: height),
            base: CGAffineTransform(a: 1, b: 0, c: 0, d: -1, tx: 0, ty: CGFloat(height)),
            bitsPerPixel: layout.bytesPerPixel * 8, bytesPerRow: rowBytes,
            colorSpace: layout.alpha == 0 && layout.bytesPerPixel == 1 ? nil : space,
            bitmapInfo: bitmapInfo, layout: layout, buffer: buffer, ownsBuffer: owns)
        if !owns { bitmap.import(from: buffer, bytesPerRow: rowBytes, layout: layout) }
        ImageReport.context(
            bitmap, scale: 1, api: "CGContext",
            extra: [
                "bytesPerRow": .integer(Int64(rowBytes)), "alphaInfo": .string(PixelLayout.name(bitmapInfo.alphaInfo)),
                "callerMemory": .bool(!owns), "decodedBytes": .integer(Int64(rowBytes * height)),
            ])
    }

    /// UIKit's context: `size` points at `scale` pixels a point, origin at the top left, BGRA
    /// premultiplied as on iOS.
    @_spi(NSESim) public convenience init(size: CGSize, scale: CGFloat, opaque: Bool, api: String) throws(ImageLibraryError) {
        let pixels = PixelRect(CGRect(origin: .zero, size: size), scale: scale)
        let bitmap = try Bitmap.canvas(width: max(pixels.width, 1), height: max(pixels.height, 1), opaque: opaque)
        let alpha: CGImageAlphaInfo = opaque ? .noneSkipFirst : .premultipliedFirst
        let layout = PixelLayout.rgb(alpha: alpha, little: true)
        let rowBytes = bitmap.width * 4
        let buffer = UnsafeMutableRawPointer.allocate(byteCount: rowBytes * bitmap.height, alignment: 16)
        buffer.initializeMemory(as: UInt8.self, repeating: 0, count: rowBytes * bitmap.height)
        self.init(
            bitmap: bitmap, scale: scale, size: size, base: CGAffineTransform(scaleX: scale, y: scale), bitsPerPixel: 32,
            bytesPerRow: rowBytes, colorSpace: .deviceRGB,
            bitmapInfo: CGBitmapInfo(rawValue: alpha.rawValue | CGBitmapInfo.byteOrder32Little.rawValue), layout: layout, buffer: buffer,
            ownsBuffer: true)
        ImageReport.context(bitmap, scale: scale, api: api)
    }

    private init(
        bitmap: Bitmap, scale: CGFloat, size: CGSize, base: CGAffineTransform, bitsPerPixel: Int, bytesPerRow: Int,
        colorSpace: CGColorSpace?, bitmapInfo: CGBitmapInfo, layout: PixelLayout, buffer: UnsafeMutableRawPointer, ownsBuffer: Bool
    ) {
        self.bitmap = bitmap
        self.scale = scale
        self.size = size
        self.width = bitmap.width
        self.height = bitmap.height
        self.bitsPerComponent = 8
        self.bitsPerPixel = bitsPerPixel
        self.bytesPerRow = bytesPerRow
        self.colorSpace = colorSpace
        self.bitmapInfo = bitmapInfo
        self.layout = layout
        self.buffer = buffer
        self.ownsBuffer = ownsBuffer
        self.bufferInUse = !ownsBuffer
        state.ctm = base
    }

    deinit { if ownsBuffer { buffer.deallocate() } }

    /// The pixels, in `bitmapInfo`'s layout, `bytesPerRow` apart.
    public var data: UnsafeMutableRawPointer? {
        if !bufferInUse {
            bufferInUse = true
            synchronize()
        }
        return buffer
    }

    /// Where alpha sits in `data`'s pixels.
    public var alphaInfo: CGImageAlphaInfo { bitmapInfo.alphaInfo }

    /// An image of what has been drawn so far (a copy: drawing on does not change it).
    public func makeImage() -> CGImage? {
        prepare()
        guard let copy = bitmap.copy() else { return nil }
        ImageReport.made(copy, api: "CGContext.makeImage")
        return CGImage(
            bitmap: copy, bitsPerPixel: bitsPerPixel, bytesPerRow: bytesPerRow, colorSpace: colorSpace, bitmapInfo: bitmapInfo,
            isMask: layout.alpha == 0 && layout.bytesPerPixel == 1)
    }

    // MARK: - The graphics state

    /// Pushes a copy of the graphics state (CTM, colours, line settings, clip).
    public func saveGState() { savedStates.append(state) }
    /// Pops the graphics state pushed last.
    public func restoreGState() { if let last = savedStates.popLast() { state = last } }

    /// The current transform from user space to the bitmap's pixels (y down).
    public var ctm: CGAffineTransform { state.ctm }
    /// The user-space to device-space transform.
    public var userSpaceToDeviceSpaceTransform: CGAffineTransform { state.ctm }
    /// Moves the origin.
    public func translateBy(x: CGFloat, y: CGFloat) { state.ctm = CGAffineTransform(translationX: x, y: y).concatenating(state.ctm) }
    /// Scales user space.
    public func scaleBy(x: CGFloat, y: CGFloat) { state.ctm = CGAffineTransform(scaleX: x, y: y).concatenating(state.ctm) }
    /// Rotates user space by `angle` radians.
    public func rotate(by angle: CGFloat) { state.ctm = CGAffineTransform(rotationAngle: angle).concatenating(state.ctm) }
    /// Applies `transform` to user space.
    public func concatenate(_ transform: CGAffineTransform) { state.ctm = transform.concatenating(state.ctm) }

    /// How images are resampled when drawn: `.none` samples the nearest pixel; the others
    /// average (shrinking) or interpolate (enlarging).
    public var interpolationQuality: CGInterpolationQuality {
        get { state.interpolation }
        set { state.interpolation = newValue }
    }

    /// Sets the fill colour.
    public func setFillColor(_ color: CGColor) { state.fill = color.rgba }
    /// Sets the fill colour from RGB components.
    public func setFillColor(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        state.fill = RGBA(red: red, green: green, blue: blue, alpha: alpha)
    }
    /// Sets the fill colour to a grey.
    public func setFillColor(gray: CGFloat, alpha: CGFloat) { state.fill = RGBA(red: gray, green: gray, blue: gray, alpha: alpha) }
    /// Sets the stroke colour.
    public func setStrokeColor(_ color: CGColor) { state.stroke = color.rgba }
    /// Sets the stroke colour from RGB components.
    public func setStrokeColor(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        state.stroke = RGBA(red: red, green: green, blue: blue, alpha: alpha)
    }
    /// Sets the stroke colour to a grey.
    public func setStrokeColor(gray: CGFloat, alpha: CGFloat) { state.stroke = RGBA(red: gray, green: gray, blue: gray, alpha: alpha) }
    /// Sets the line width (user space).
    public func setLineWidth(_ width: CGFloat) { state.line.width = width }
    /// Sets the ends of stroked lines.
    public func setLineCap(_ cap: CGLineCap) { state.line.cap = cap }
    /// Sets the corners of stroked lines.
    public func setLineJoin(_ join: CGLineJoin) { state.line.join = join }
    /// Sets the miter limit.
    public func setMiterLimit(_ limit: CGFloat) { state.line.miterLimit = limit }
    /// Sets a dash pattern (kept; lines are drawn solid).
    public func setLineDash(phase: CGFloat, lengths: [CGFloat]) { state.dash = lengths }
    /// Sets the alpha every drawing is multiplied by.
    public func setAlpha(_ alpha: CGFloat) { state.alpha = min(max(alpha, 0), 1) }
    /// Sets how drawings combine with the pixels: `.normal` blends over, `.copy` replaces,
    /// `.clear` clears; the other modes blend as `.normal` here.
    public func setBlendMode(_ mode: CGBlendMode) { state.blendMode = mode }
    /// Turns anti-aliasing on or off (kept; edges are always anti-aliased).
    public func setShouldAntialias(_ shouldAntialias: Bool) { state.antialias = shouldAntialias }
    /// Allows anti-aliasing (kept).
    public func setAllowsAntialiasing(_ allowsAntialiasing: Bool) {}
    /// Sets a shadow (kept; not drawn).
    public func setShadow(offset: CGSize, blur: CGFloat, color: CGColor?) {}
    /// Sets a shadow (kept; not drawn).
    public func setShadow(offset: CGSize, blur: CGFloat) {}
    /// Sets the rendering intent (kept).
    public func setRenderingIntent(_ intent: CGColorRenderingIntent) {}
    /// Sets whether fonts are smoothed (kept; no text is drawn).
    public func setShouldSmoothFonts(_ shouldSmoothFonts: Bool) {}
    /// Flushes drawing to `data` (drawing is written at once here).
    public func flush() { if bufferInUse { synchronize() } }

    // MARK: - The caller's memory

    /// Reads the caller's changes to `data` back, before drawing.
    func prepare() {
        guard bufferInUse, let exported else { return }
        let count = bytesPerRow * height
        let changed = exported.withUnsafeBytes { memcmp($0.baseAddress!, buffer, count) != 0 }
        if changed { bitmap.import(from: buffer, bytesPerRow: bytesPerRow, layout: layout) }
    }

    /// Writes the pixels to `data`, after drawing, when anyone reads it.
    func finish() { if bufferInUse { synchronize() } }

    private func synchronize() {
        bitmap.export(to: buffer, bytesPerRow: bytesPerRow, layout: layout)
        exported = Data(bytes: buffer, count: bytesPerRow * height)
    }
}

/// What `saveGState()` keeps.
struct GraphicsState: Sendable {
    var ctm = CGAffineTransform.identity
    var fill = RGBA.black
    var stroke = RGBA.black
    var line = StrokeStyle()
    var dash: [CGFloat] = []
    var alpha: CGFloat = 1
    var blendMode = CGBlendMode.normal
    var antialias = true
    var interpolation = CGInterpolationQuality.default
    /// Coverage of each pixel by the clip (nil: the whole bitmap).
    var clip: [UInt8]?
}

/// Resampling quality settings.
public enum CGInterpolationQuality: Int32, Sendable {
    case `default` = 0, none = 1, low = 2, high = 3, medium = 4
}

/// How a drawing combines with what is there: `.normal` blends over, `.copy` replaces, `.clear`
/// makes transparent; the other modes blend as `.normal` here.
public enum CGBlendMode: Int32, Sendable {
    case normal, multiply, screen, overlay, darken, lighten, colorDodge, colorBurn, softLight, hardLight, difference,
        exclusion, hue, saturation, color, luminosity, clear, copy, sourceIn, sourceOut, sourceAtop, destinationOver,
        destinationIn, destinationOut, destinationAtop, xor, plusDarker, plusLighter
}
