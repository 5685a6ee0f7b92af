import CImageBridge
import Foundation

extension CGContext {
    // MARK: - The current path (points go through the CTM as they are added, as in CoreGraphics)

    /// Starts a new, empty path.
    public func beginPath() { currentPath = [] }
    /// Starts a subpath at `point`.
    public func move(to point: CGPoint) { currentPath.append(.move(point.applying(state.ctm))) }
    /// A line from the current point.
    public func addLine(to point: CGPoint) { currentPath.append(.line(point.applying(state.ctm))) }
    /// Lines through `points`.
    public func addLines(between points: [CGPoint]) { add { $0.addLines(between: points) } }
    /// A closed rectangle.
    public func addRect(_ rect: CGRect) { add { $0.addRect(rect) } }
    /// Closed rectangles.
    public func addRects(_ rects: [CGRect]) { add { $0.addRects(rects) } }
    /// A closed ellipse inside `rect`.
    public func addEllipse(in rect: CGRect) { add { $0.addEllipse(in: rect) } }
    /// A cubic curve.
    public func addCurve(to end: CGPoint, control1: CGPoint, control2: CGPoint) {
        add { $0.addCurve(to: end, control1: control1, control2: control2) }
    }
    /// A quadratic curve.
    public func addQuadCurve(to end: CGPoint, control: CGPoint) { add { $0.addQuadCurve(to: end, control: control) } }
    /// An arc of a circle (see `CGMutablePath.addArc(center:radius:startAngle:endAngle:clockwise:transform:)`).
    public func addArc(center: CGPoint, radius: CGFloat, startAngle: CGFloat, endAngle: CGFloat, clockwise: Bool) {
        add { $0.addArc(center: center, radius: radius, startAngle: startAngle, endAngle: endAngle, clockwise: clockwise) }
    }
    /// An arc tangent to two lines.
    public func addArc(tangent1End: CGPoint, tangent2End: CGPoint, radius: CGFloat) {
        add { $0.addArc(tangent1End: tangent1End, tangent2End: tangent2End, radius: radius) }
    }
    /// Another path, through the CTM.
    public func addPath(_ path: CGPath) { currentPath += path.elements.map { $0.applying(state.ctm) } }
    /// Closes the current subpath.
    public func closePath() { if !currentPath.isEmpty { currentPath.append(.close) } }
    /// Whether the current path is empty.
    public var isPathEmpty: Bool { currentPath.isEmpty }
    /// The current path, in user space.
    public var path: CGPath? { currentPath.isEmpty ? nil : CGPath(elements: currentPath.map { $0.applying(state.ctm.inverted()) }) }
    /// The bounds of the current path, in user space.
    public var boundingBoxOfPath: CGRect {
        PathGeometry.bounds(currentPath.map { $0.applying(state.ctm.inverted()) }, controlPoints: false)
    }
    /// The current point, in user space.
    public var currentPointOfPath: CGPoint { PathGeometry.currentPoint(currentPath).applying(state.ctm.inverted()) }

    /// Builds user-space elements with a mutable path (joined to the current point) and adds them through the CTM.
    private func add(_ build: (CGMutablePath) -> Void) {
        let inverse = state.ctm.inverted()
        let scratch = CGMutablePath(elements: currentPath.map { $0.applying(inverse) })
        let before = scratch.elements.count
        build(scratch)
        currentPath += scratch.elements[before...].map { $0.applying(state.ctm) }
    }

    // MARK: - Filling and stroking

    /// Fills the current path (non-zero or even-odd) and clears it.
    public func fillPath(using rule: CGPathFillRule = .winding) {
        fill(polygons: PathGeometry.flatten(currentPath, tolerance: 0.2).map(\.points), evenOdd: rule == .evenOdd, color: state.fill)
        currentPath = []
    }

    /// Fills the current path with the even-odd rule.
    public func eoFillPath() { fillPath(using: .evenOdd) }

    /// Strokes the current path with the stroke colour and line settings, and clears it.
    public func strokePath() {
        strokeDevicePath(currentPath)
        currentPath = []
    }

    /// Draws the current path as `mode` says, and clears it.
    public func drawPath(using mode: CGPathDrawingMode) {
        let current = currentPath
        switch mode {
        case .fill, .fillStroke:
            fill(polygons: PathGeometry.flatten(current, tolerance: 0.2).map(\.points), evenOdd: false, color: state.fill)
        case .eoFill, .eoFillStroke:
            fill(polygons: PathGeometry.flatten(current, tolerance: 0.2).map(\.points), evenOdd: true, color: state.fill)
        case .stroke: break
        }
        if mode == .stroke || mode == .fillStroke || mode == .eoFillStroke { strokeDevicePath(current) }
        currentPath = []
    }

    /// Fills `rect` with the fill colour.
    public func fill(_ rect: CGRect) { fill(elements: CGPath(rect: rect, transform: nil).elements) }
    /// Fills each rectangle.
    public func fill(_ rects: [CGRect]) { for rect in rects { fill(rect) } }
    /// Fills the ellipse inside `rect`.
    public func fillEllipse(in rect: CGRect) { fill(elements: CGPath(ellipseIn: rect, transform: nil).elements) }
    /// Clears `rect` to transparent (black for an opaque context).
    public func clear(_ rect: CGRect) {
        let saved = state.blendMode
        state.blendMode = .clear
        fill(rect)
        state.blendMode = saved
    }
    /// Strokes `rect`'s outline, centred on its edges.
    public func stroke(_ rect: CGRect) { strokeUserPath(CGPath(rect: rect, transform: nil).elements) }
    /// Strokes `rect`'s outline `width` wide.
    public func stroke(_ rect: CGRect, width: CGFloat) {
        let saved = state.line.width
        state.line.width = width
        stroke(rect)
        state.line.width = saved
    }
    /// Strokes the ellipse inside `rect`.
    public func strokeEllipse(in rect: CGRect) { strokeUserPath(CGPath(ellipseIn: rect, transform: nil).elements) }
    /// Strokes the line segments between each pair of points.
    public func strokeLineSegments(between points: [CGPoint]) {
        var elements: [PathElement] = []
        var index = 0
        while index + 1 < points.count {
            elements += [.move(points[index]), .line(points[index + 1])]
            index += 2
        }
        strokeUserPath(elements)
    }

    private func fill(elements: [PathElement]) {
        fill(
            polygons: PathGeometry.flatten(elements.map { $0.applying(state.ctm) }, tolerance: 0.2).map(\.points), evenOdd: false,
            color: state.fill)
    }

    private func strokeUserPath(_ elements: [PathElement]) {
        strokeDevicePath(elements.map { $0.applying(state.ctm) })
    }

    /// Strokes a device-space path: outlined in user space (where the line width is), then filled in device space.
    private func strokeDevicePath(_ elements: [PathElement]) {
        let inverse = state.ctm.inverted()
        let deviceScale = sqrt(abs(state.ctm.a * state.ctm.d - state.ctm.b * state.ctm.c))
        let polygons = PathGeometry.stroke(
            elements.map { $0.applying(inverse) }, style: state.line, tolerance: 0.2 / max(deviceScale, 1e-6))
        fill(polygons: polygons.map { $0.map { $0.applying(state.ctm) } }, evenOdd: false, color: state.stroke)
    }

    /// Fills device-space polygons with `color` through the clip, in the blend mode.
    func fill(polygons: [[CGPoint]], evenOdd: Bool, color: RGBA) {
        guard let coverage = Self.coverage(polygons, width: width, height: height, evenOdd: evenOdd) else { return }
        prepare()
        var color = color
        color.alpha *= state.alpha
        bitmap.fill(coverage: coverage, clip: state.clip, color: color, mode: fillMode)
        finish()
    }

    /// The bridge's operator for the blend mode: Porter and Duff's and the separable modes
    /// multiply, screen, darken and lighten; the others (overlay, hue, …) draw as `.normal`.
    var fillMode: nsesim_fill_mode {
        switch state.blendMode {
        case .clear: NSESIM_FILL_CLEAR
        case .copy: NSESIM_FILL_COPY
        case .sourceIn: NSESIM_FILL_SOURCE_IN
        case .sourceOut: NSESIM_FILL_SOURCE_OUT
        case .sourceAtop: NSESIM_FILL_SOURCE_ATOP
        case .destinationOver: NSESIM_FILL_DESTINATION_OVER
        case .destinationIn: NSESIM_FILL_DESTINATION_IN
        case .destinationOut: NSESIM_FILL_DESTINATION_OUT
        case .destinationAtop: NSESIM_FILL_DESTINATION_ATOP
        case .xor: NSESIM_FILL_XOR
        case .plusLighter: NSESIM_FILL_PLUS_LIGHTER
        case .multiply: NSESIM_FILL_MULTIPLY
        case .screen: NSESIM_FILL_SCREEN
        case .darken: NSESIM_FILL_DARKEN
        case .lighten: NSESIM_FILL_LIGHTEN
        default: NSESIM_FILL_OVER
        }
    }

    /// The coverage of polygons over a width × height bitmap, or nil when they cover nothing.
    static func coverage(_ polygons: [[CGPoint]], width: Int, height: Int, evenOdd: Bool) -> [UInt8]? {
        let polygons = polygons.filter { $0.count > 2 }
        guard !polygons.isEmpty else { return nil }
        let points = polygons.flatMap { $0.flatMap { [Double($0.x), Double($0.y)] } }
        let counts = polygons.map { Int32($0.count) }
        var coverage = [UInt8](repeating: 0, count: width * height)
        let ok = coverage.withUnsafeMutableBufferPointer { out in
            nsesim_path_coverage(Int32(width), Int32(height), points, counts, Int32(counts.count), evenOdd ? 1 : 0, out.baseAddress)
        }
        return ok == 1 ? coverage : nil
    }

    // MARK: - Clipping

    /// Intersects the clip with the current path (non-zero or even-odd) and clears the path.
    public func clip(using rule: CGPathFillRule = .winding) {
        let polygons = PathGeometry.flatten(currentPath, tolerance: 0.2).map(\.points)
        currentPath = []
        intersectClip(
            Self.coverage(polygons, width: width, height: height, evenOdd: rule == .evenOdd) ?? [UInt8](repeating: 0, count: width * height)
        )
    }

    /// Intersects the clip with the current path, even-odd.
    public func eoClip() { clip(using: .evenOdd) }

    /// Intersects the clip with `rect`.
    public func clip(to rect: CGRect) { clip(to: [rect]) }

    /// Intersects the clip with the union of `rects`.
    public func clip(to rects: [CGRect]) {
        let saved = currentPath
        currentPath = []
        addRects(rects)
        clip()
        currentPath = saved
    }

    /// Intersects the clip with `mask` (an alpha or grey image) drawn into `rect`: where the mask is
    /// opaque (alpha) or white (grey), drawing shows.
    public func clip(to rect: CGRect, mask: CGImage) {
        guard let canvas = try? Bitmap.canvas(width: width, height: height, opaque: false) else { return }
        let transform = Self.imageTransform(mask, in: rect, ctm: state.ctm, upright: false)
        canvas.draw(mask.bitmap, transform: transform, clip: nil, alpha: 1, mode: NSESIM_FILL_COPY, nearest: false)
        let grey = mask.colorSpace?.model == .monochrome && mask.alphaInfo != .alphaOnly
        var coverage = [UInt8](repeating: 0, count: width * height)
        for y in 0..<height {
            for x in 0..<width {
                let pixel = canvas.pixel(x: x, y: y)
                coverage[y * width + x] = grey ? UInt8((pixel >> 16) & 0xFF) : UInt8(pixel >> 24)
            }
        }
        intersectClip(coverage)
    }

    /// Removes the clip (iOS 10's `resetClip`).
    public func resetClip() { state.clip = nil }

    /// The bounds of the clip, in user space.
    public var boundingBoxOfClipPath: CGRect {
        let device: CGRect
        if let clip = state.clip {
            var (minX, minY, maxX, maxY) = (width, height, -1, -1)
            for y in 0..<height {
                for x in 0..<width where clip[y * width + x] > 0 {
                    (minX, minY, maxX, maxY) = (min(minX, x), min(minY, y), max(maxX, x), max(maxY, y))
                }
            }
            guard maxX >= minX else { return .zero }
            device = CGRect(x: minX, y: minY, width: maxX - minX + 1, height: maxY - minY + 1)
        } else {
            device = CGRect(x: 0, y: 0, width: width, height: height)
        }
        return device.applying(state.ctm.inverted())
    }

    private func intersectClip(_ coverage: [UInt8]) {
        guard let clip = state.clip else {
            state.clip = coverage
            return
        }
        state.clip = zip(clip, coverage).map { UInt8((UInt16($0) * UInt16($1) + 127) / 255) }
    }

    // MARK: - Images

    /// Draws `image` into `rect` (user space), upright in CoreGraphics' y-up space: upside down
    /// in UIKit's flipped context, as on iOS.
    public func draw(_ image: CGImage, in rect: CGRect) {
        draw(image.bitmap, transform: Self.imageTransform(image, in: rect, ctm: state.ctm, upright: false))
    }

    /// Draws `image` tiled from `rect` (once here: tiles beyond the first are not drawn).
    public func draw(_ image: CGImage, in rect: CGRect, byTiling: Bool) { draw(image, in: rect) }

    /// Draws `bitmap` into `rect` the way UIKit's `UIImage.draw(in:)` does: its top at the top of
    /// `rect` in the context's space.
    @_spi(NSESim) public func drawUpright(_ bitmap: Bitmap, in rect: CGRect) {
        let t = state.ctm
        // Scale and translation only, nothing clipped: the whole-pixel drawing UIKit always did.
        if t.b == 0, t.c == 0, t.a > 0, t.d > 0, state.clip == nil, state.alpha == 1, state.blendMode == .normal {
            prepare()
            self.bitmap.draw(bitmap, in: PixelRect(rect.applying(t), scale: 1))
            finish()
            return
        }
        let source = CGAffineTransform(
            a: rect.width / CGFloat(bitmap.width), b: 0, c: 0, d: rect.height / CGFloat(bitmap.height), tx: rect.minX, ty: rect.minY)
        draw(bitmap, transform: source.concatenating(t))
    }

    private func draw(_ source: Bitmap, transform: CGAffineTransform) {
        prepare()
        source.drawn(
            into: bitmap, transform: transform, clip: state.clip, alpha: state.alpha, mode: fillMode, nearest: state.interpolation == .none)
        finish()
    }

    /// The transform from an image's pixels (y down) to device pixels for drawing it into `rect`.
    static func imageTransform(_ image: CGImage, in rect: CGRect, ctm: CGAffineTransform, upright: Bool) -> CGAffineTransform {
        let w = CGFloat(image.width)
        let h = CGFloat(image.height)
        let source =
            upright
            ? CGAffineTransform(a: rect.width / w, b: 0, c: 0, d: rect.height / h, tx: rect.minX, ty: rect.minY)
            : CGAffineTransform(a: rect.width / w, b: 0, c: 0, d: -rect.height / h, tx: rect.minX, ty: rect.maxY)
        return source.concatenating(ctm)
    }

    // MARK: - UIKit's drawing

    /// Fills `rect` (user space) the way UIKit's `UIRectFill` does: whole pixels (rounded out)
    /// when the CTM only scales and moves and nothing is clipped, else anti-aliased.
    @_spi(NSESim) public func fillPixels(_ rect: CGRect, blendMode: CGBlendMode) {
        let saved = state.blendMode
        state.blendMode = blendMode
        defer { state.blendMode = saved }
        let t = state.ctm
        guard t.b == 0, t.c == 0, state.clip == nil, [.normal, .clear, .copy].contains(blendMode) else {
            fill(rect)
            return
        }
        let device = rect.applying(t)
        let pixels = PixelRect(device, scale: 1)
        prepare()
        var color = state.fill
        color.alpha *= state.alpha
        switch blendMode {
        case .clear: bitmap.fill(pixels, with: RGBA(red: 0, green: 0, blue: 0, alpha: 0), blend: false)
        case .copy: bitmap.fill(pixels, with: color, blend: false)
        default: bitmap.fill(pixels, with: color, blend: true)
        }
        finish()
    }

    /// The fill colour, as UIKit's `setFill()` sets it.
    @_spi(NSESim) public var fillRGBA: RGBA {
        get { state.fill }
        set { state.fill = newValue }
    }

    /// The stroke colour, as UIKit's `setStroke()` sets it.
    @_spi(NSESim) public var strokeRGBA: RGBA {
        get { state.stroke }
        set { state.stroke = newValue }
    }
}

extension Bitmap {
    /// Draws self into `destination` through `transform`.
    fileprivate func drawn(
        into destination: Bitmap, transform: CGAffineTransform, clip: [UInt8]?, alpha: CGFloat, mode: nsesim_fill_mode, nearest: Bool
    ) {
        destination.draw(self, transform: transform, clip: clip, alpha: alpha, mode: mode, nearest: nearest)
    }

}
