import Foundation

/// One element of a path, in the path's coordinates.
enum PathElement: Sendable, Equatable {
    case move(CGPoint)
    case line(CGPoint)
    case quad(CGPoint, CGPoint)
    case cubic(CGPoint, CGPoint, CGPoint)
    case close

    /// The element transformed.
    func applying(_ t: CGAffineTransform) -> PathElement {
        switch self {
        case .move(let p): .move(p.applying(t))
        case .line(let p): .line(p.applying(t))
        case .quad(let c, let p): .quad(c.applying(t), p.applying(t))
        case .cubic(let c1, let c2, let p): .cubic(c1.applying(t), c2.applying(t), p.applying(t))
        case .close: .close
        }
    }
}

/// An immutable path: lines, curves, arcs, rectangles, ellipses, filled or stroked by a context
/// (rasterised for real) or used as its clip.
public class CGPath: @unchecked Sendable {
    var elements: [PathElement]

    init(elements: [PathElement]) { self.elements = elements }

    /// A rectangle.
    public convenience init(rect: CGRect, transform: UnsafePointer<CGAffineTransform>?) {
        let path = CGMutablePath()
        path.addRect(rect, transform: transform?.pointee ?? .identity)
        self.init(elements: path.elements)
    }

    /// An ellipse inside `rect`.
    public convenience init(ellipseIn rect: CGRect, transform: UnsafePointer<CGAffineTransform>?) {
        let path = CGMutablePath()
        path.addEllipse(in: rect, transform: transform?.pointee ?? .identity)
        self.init(elements: path.elements)
    }

    /// A rectangle with elliptical corners.
    public convenience init(
        roundedRect rect: CGRect, cornerWidth: CGFloat, cornerHeight: CGFloat, transform: UnsafePointer<CGAffineTransform>?
    ) {
        let path = CGMutablePath()
        path.addRoundedRect(in: rect, cornerWidth: cornerWidth, cornerHeight: cornerHeight, transform: transform?.pointee ?? .identity)
        self.init(elements: path.elements)
    }

    /// Whether the path has no elements.
    public var isEmpty: Bool { elements.isEmpty }

    /// The last point of the path (zero when empty).
    public var currentPoint: CGPoint { PathGeometry.currentPoint(elements) }

    /// The smallest rectangle holding every point, control points included.
    public var boundingBox: CGRect { PathGeometry.bounds(elements, controlPoints: true) }

    /// The smallest rectangle holding the path's curves.
    public var boundingBoxOfPath: CGRect { PathGeometry.bounds(elements, controlPoints: false) }

    /// Whether `point` is inside the path filled with `rule`.
    public func contains(_ point: CGPoint, using rule: CGPathFillRule = .winding, transform: CGAffineTransform = .identity) -> Bool {
        PathGeometry.contains(
            point, polygons: PathGeometry.flatten(elements.map { $0.applying(transform) }, tolerance: 0.05), evenOdd: rule == .evenOdd)
    }

    /// An immutable copy.
    public func copy() -> CGPath? { CGPath(elements: elements) }

    /// A copy transformed.
    public func copy(using transform: UnsafePointer<CGAffineTransform>?) -> CGPath? {
        CGPath(elements: elements.map { $0.applying(transform?.pointee ?? .identity) })
    }

    /// A mutable copy.
    public func mutableCopy() -> CGMutablePath? { CGMutablePath(elements: elements) }

    /// The outline of the path stroked with these settings, as a path to fill.
    public func copy(
        strokingWithWidth lineWidth: CGFloat, lineCap: CGLineCap, lineJoin: CGLineJoin, miterLimit: CGFloat,
        transform: CGAffineTransform = .identity
    ) -> CGPath {
        let style = StrokeStyle(width: lineWidth, cap: lineCap, join: lineJoin, miterLimit: miterLimit)
        let polygons = PathGeometry.stroke(elements, style: style, tolerance: 0.05)
        var out: [PathElement] = []
        for polygon in polygons where polygon.count > 2 {
            out.append(.move(polygon[0].applying(transform)))
            out += polygon.dropFirst().map { .line($0.applying(transform)) }
            out.append(.close)
        }
        return CGPath(elements: out)
    }
}

extension CGPath: Equatable {
    /// Whether both have the same elements.
    public static func == (lhs: CGPath, rhs: CGPath) -> Bool { lhs.elements == rhs.elements }
}

/// A path being built.
public class CGMutablePath: CGPath, @unchecked Sendable {
    /// An empty path.
    public init() { super.init(elements: []) }

    override init(elements: [PathElement]) { super.init(elements: elements) }

    /// Starts a subpath at `point`.
    public func move(to point: CGPoint, transform: CGAffineTransform = .identity) {
        elements.append(.move(point.applying(transform)))
    }

    /// A line from the current point to `point`.
    public func addLine(to point: CGPoint, transform: CGAffineTransform = .identity) {
        elements.append(.line(point.applying(transform)))
    }

    /// Lines through `points`, starting a subpath at the first.
    public func addLines(between points: [CGPoint], transform: CGAffineTransform = .identity) {
        guard let first = points.first else { return }
        move(to: first, transform: transform)
        for point in points.dropFirst() { addLine(to: point, transform: transform) }
    }

    /// A quadratic Bézier curve.
    public func addQuadCurve(to end: CGPoint, control: CGPoint, transform: CGAffineTransform = .identity) {
        elements.append(.quad(control.applying(transform), end.applying(transform)))
    }

    /// A cubic Bézier curve.
    public func addCurve(to end: CGPoint, control1: CGPoint, control2: CGPoint, transform: CGAffineTransform = .identity) {
        elements.append(.cubic(control1.applying(transform), control2.applying(transform), end.applying(transform)))
    }

    /// A closed rectangle subpath.
    public func addRect(_ rect: CGRect, transform: CGAffineTransform = .identity) {
        let r = rect.standardized
        addLines(
            between: [
                CGPoint(x: r.minX, y: r.minY), CGPoint(x: r.maxX, y: r.minY), CGPoint(x: r.maxX, y: r.maxY), CGPoint(x: r.minX, y: r.maxY),
            ], transform: transform)
        closeSubpath()
    }

    /// Closed rectangles.
    public func addRects(_ rects: [CGRect], transform: CGAffineTransform = .identity) {
        for rect in rects { addRect(rect, transform: transform) }
    }

    /// A closed ellipse inside `rect`.
    public func addEllipse(in rect: CGRect, transform: CGAffineTransform = .identity) {
        elements += PathGeometry.ellipse(in: rect.standardized).map { $0.applying(transform) }
    }

    /// A closed rectangle with elliptical corners (clamped to half the sides).
    public func addRoundedRect(in rect: CGRect, cornerWidth: CGFloat, cornerHeight: CGFloat, transform: CGAffineTransform = .identity) {
        elements += PathGeometry.roundedRect(rect.standardized, cornerWidth: cornerWidth, cornerHeight: cornerHeight).map {
            $0.applying(transform)
        }
    }

    /// An arc of the circle at `center` from `startAngle` to `endAngle` (radians, from the x axis
    /// towards y), clockwise (decreasing angles) or not; a line joins it to the current point.
    public func addArc(
        center: CGPoint, radius: CGFloat, startAngle: CGFloat, endAngle: CGFloat, clockwise: Bool, transform: CGAffineTransform = .identity
    ) {
        let arc = PathGeometry.arc(
            center: center, radius: radius, start: startAngle, end: endAngle, clockwise: clockwise,
            joinedTo: elements.isEmpty || elements.last == .close ? nil : currentPoint)
        elements += arc.map { $0.applying(transform) }
    }

    /// An arc of `delta` radians from `startAngle`.
    public func addRelativeArc(
        center: CGPoint, radius: CGFloat, startAngle: CGFloat, delta: CGFloat, transform: CGAffineTransform = .identity
    ) {
        addArc(
            center: center, radius: radius, startAngle: startAngle, endAngle: startAngle + delta, clockwise: delta < 0, transform: transform
        )
    }

    /// An arc of `radius` tangent to the line from the current point to `tangent1End` and to the
    /// line from there to `tangent2End`.
    public func addArc(tangent1End: CGPoint, tangent2End: CGPoint, radius: CGFloat, transform: CGAffineTransform = .identity) {
        let arc = PathGeometry.arc(from: currentPoint, tangent1End: tangent1End, tangent2End: tangent2End, radius: radius)
        elements += arc.map { $0.applying(transform) }
    }

    /// Another path's elements.
    public func addPath(_ path: CGPath, transform: CGAffineTransform = .identity) {
        elements += path.elements.map { $0.applying(transform) }
    }

    /// Closes the current subpath.
    public func closeSubpath() {
        if !elements.isEmpty { elements.append(.close) }
    }
}

/// Which points are inside a path: non-zero winding or even-odd.
public enum CGPathFillRule: Int, Sendable {
    case winding = 0, evenOdd = 1
}

/// How a context draws its path.
public enum CGPathDrawingMode: Int32, Sendable {
    case fill = 0, eoFill, stroke, fillStroke, eoFillStroke
}

/// The ends of stroked lines.
public enum CGLineCap: Int32, Sendable {
    case butt = 0, round, square
}

/// The corners of stroked lines.
public enum CGLineJoin: Int32, Sendable {
    case miter = 0, round, bevel
}
