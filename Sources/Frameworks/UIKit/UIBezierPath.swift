@_spi(NSESim) import CoreGraphics
import Foundation

/// The corners of a rectangle, for `UIBezierPath(roundedRect:byRoundingCorners:cornerRadii:)`.
public struct UIRectCorner: OptionSet, Sendable, Hashable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    public static let topLeft = UIRectCorner(rawValue: 1 << 0)
    public static let topRight = UIRectCorner(rawValue: 1 << 1)
    public static let bottomLeft = UIRectCorner(rawValue: 1 << 2)
    public static let bottomRight = UIRectCorner(rawValue: 1 << 3)
    public static let allCorners: UIRectCorner = [.topLeft, .topRight, .bottomLeft, .bottomRight]
}

/// A path of lines and curves in UIKit's coordinates (origin top left), over a `CGMutablePath`,
/// filled, stroked and clipped into the current UIKit context for real: how extensions round an
/// avatar (`UIBezierPath(ovalIn:).addClip()`) or its corners.
open class UIBezierPath: NSObject, @unchecked Sendable {
    /// The path.
    private var path = CGMutablePath()

    /// The width `stroke()` draws with.
    open var lineWidth: CGFloat = 1
    /// How `stroke()` ends open subpaths.
    open var lineCapStyle: CGLineCap = .butt
    /// How `stroke()` joins segments.
    open var lineJoinStyle: CGLineJoin = .miter
    /// The miter limit of `stroke()`.
    open var miterLimit: CGFloat = 10
    /// Whether `fill()` and `addClip()` use the even-odd rule (else non-zero winding).
    open var usesEvenOddFillRule = false
    /// The curve flatness (stored; curves are drawn as precisely as the rasteriser draws them).
    open var flatness: CGFloat = 0.6

    /// An empty path.
    public override init() { super.init() }

    /// A rectangle.
    public convenience init(rect: CGRect) {
        self.init()
        path.addRect(rect)
    }

    /// An ellipse inscribed in `rect` (a circle for a square).
    public convenience init(ovalIn rect: CGRect) {
        self.init()
        path.addEllipse(in: rect)
    }

    /// A rectangle whose four corners are rounded with `cornerRadius` (at most half the shorter side).
    public convenience init(roundedRect rect: CGRect, cornerRadius: CGFloat) {
        self.init(roundedRect: rect, byRoundingCorners: .allCorners, cornerRadii: CGSize(width: cornerRadius, height: cornerRadius))
    }

    /// A rectangle with the given corners rounded by elliptical arcs of `cornerRadii` (each at
    /// most half the side), the others square; in UIKit's coordinates (top left first).
    public convenience init(roundedRect rect: CGRect, byRoundingCorners corners: UIRectCorner, cornerRadii: CGSize) {
        self.init()
        let rect = rect.standardized
        let rx = max(0, min(cornerRadii.width, rect.width / 2))
        let ry = max(0, min(cornerRadii.height, rect.height / 2))
        // Control-point distance of a quarter ellipse by cubic Béziers.
        let k: CGFloat = 0.5522847498
        let (minX, minY, maxX, maxY) = (rect.minX, rect.minY, rect.maxX, rect.maxY)
        func r(_ corner: UIRectCorner) -> (CGFloat, CGFloat) { corners.contains(corner) ? (rx, ry) : (0, 0) }
        let (tlx, tly) = r(.topLeft)
        let (trx, try_) = r(.topRight)
        let (brx, bry) = r(.bottomRight)
        let (blx, bly) = r(.bottomLeft)
        path.move(to: CGPoint(x: minX + tlx, y: minY))
        path.addLine(to: CGPoint(x: maxX - trx, y: minY))
        if trx > 0 {
            path.addCurve(
                to: CGPoint(x: maxX, y: minY + try_), control1: CGPoint(x: maxX - trx + trx * k, y: minY),
                control2: CGPoint(x: maxX, y: minY + try_ - try_ * k))
        }
        path.addLine(to: CGPoint(x: maxX, y: maxY - bry))
        if brx > 0 {
            path.addCurve(
                to: CGPoint(x: maxX - brx, y: maxY), control1: CGPoint(x: maxX, y: maxY - bry + bry * k),
                control2: CGPoint(x: maxX - brx + brx * k, y: maxY))
        }
        path.addLine(to: CGPoint(x: minX + blx, y: maxY))
        if blx > 0 {
            path.addCurve(
                to: CGPoint(x: minX, y: maxY - bly), control1: CGPoint(x: minX + blx - blx * k, y: maxY),
                control2: CGPoint(x: minX, y: maxY - bly + bly * k))
        }
        path.addLine(to: CGPoint(x: minX, y: minY + tly))
        if tlx > 0 {
            path.addCurve(
                to: CGPoint(x: minX + tlx, y: minY), control1: CGPoint(x: minX, y: minY + tly - tly * k),
                control2: CGPoint(x: minX + tlx - tlx * k, y: minY))
        }
        path.closeSubpath()
    }

    /// An arc of a circle; angles in radians, measured as UIKit measures them (clockwise on screen).
    public convenience init(arcCenter center: CGPoint, radius: CGFloat, startAngle: CGFloat, endAngle: CGFloat, clockwise: Bool) {
        self.init()
        addArc(withCenter: center, radius: radius, startAngle: startAngle, endAngle: endAngle, clockwise: clockwise)
    }

    /// A copy of `cgPath`.
    public convenience init(cgPath: CGPath) {
        self.init()
        path.addPath(cgPath)
    }

    /// The path as CoreGraphics draws it.
    open var cgPath: CGPath {
        get { path.copy() ?? CGMutablePath() }
        set { path = newValue.mutableCopy() ?? CGMutablePath() }
    }

    /// Whether the path has no elements.
    open var isEmpty: Bool { path.isEmpty }
    /// The smallest rectangle holding the path's points (control points included, as on iOS).
    open var bounds: CGRect { path.boundingBox }
    /// The end of the last segment.
    open var currentPoint: CGPoint { path.currentPoint }

    open func move(to point: CGPoint) { path.move(to: point) }
    open func addLine(to point: CGPoint) { path.addLine(to: point) }
    open func addCurve(to endPoint: CGPoint, controlPoint1: CGPoint, controlPoint2: CGPoint) {
        path.addCurve(to: endPoint, control1: controlPoint1, control2: controlPoint2)
    }
    open func addQuadCurve(to endPoint: CGPoint, controlPoint: CGPoint) { path.addQuadCurve(to: endPoint, control: controlPoint) }
    /// An arc (a line from the current point to its start, when there is one).
    open func addArc(withCenter center: CGPoint, radius: CGFloat, startAngle: CGFloat, endAngle: CGFloat, clockwise: Bool) {
        path.addArc(center: center, radius: radius, startAngle: startAngle, endAngle: endAngle, clockwise: !clockwise)
    }
    open func close() { path.closeSubpath() }
    open func removeAllPoints() { path = CGMutablePath() }
    /// Adds `bezierPath`'s elements.
    open func append(_ bezierPath: UIBezierPath) { path.addPath(bezierPath.path) }
    /// Transforms every point.
    open func apply(_ transform: CGAffineTransform) {
        var transform = transform
        path = path.copy(using: &transform)?.mutableCopy() ?? path
    }
    /// Whether `point` is inside (by the fill rule).
    open func contains(_ point: CGPoint) -> Bool { path.contains(point, using: usesEvenOddFillRule ? .evenOdd : .winding) }

    /// Fills the inside in the current context's fill colour (`UIColor.setFill()`); nothing without a context.
    open func fill() {
        guard let context = UIGraphicsGetCurrentContext() else { return }
        context.saveGState()
        context.addPath(path)
        context.fillPath(using: usesEvenOddFillRule ? .evenOdd : .winding)
        context.restoreGState()
    }

    /// Draws the outline with `lineWidth` in the current context's stroke colour.
    open func stroke() {
        guard let context = UIGraphicsGetCurrentContext() else { return }
        context.saveGState()
        context.setLineWidth(lineWidth)
        context.setLineCap(lineCapStyle)
        context.setLineJoin(lineJoinStyle)
        context.setMiterLimit(miterLimit)
        context.addPath(path)
        context.strokePath()
        context.restoreGState()
    }

    /// Limits later drawing in the current context to the inside.
    open func addClip() {
        guard let context = UIGraphicsGetCurrentContext() else { return }
        context.addPath(path)
        context.clip(using: usesEvenOddFillRule ? .evenOdd : .winding)
    }
}
