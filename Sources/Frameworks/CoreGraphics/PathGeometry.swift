import Foundation

/// How a path is stroked.
struct StrokeStyle: Sendable, Equatable {
    var width: CGFloat = 1
    var cap: CGLineCap = .butt
    var join: CGLineJoin = .miter
    var miterLimit: CGFloat = 10
}

/// A flattened subpath: its points and whether it was closed.
struct Polyline: Sendable, Equatable {
    var points: [CGPoint]
    var closed: Bool
}

/// The geometry behind paths, pure: curves and arcs as Bézier elements, flattening into polygons
/// within a tolerance, the outline of a stroke as polygons filled with the non-zero rule.
enum PathGeometry {
    /// Cubic Bézier handle length for a quarter circle of radius 1.
    static let kappa: CGFloat = 0.5522847498307936

    static func currentPoint(_ elements: [PathElement]) -> CGPoint {
        var start = CGPoint.zero
        var current = CGPoint.zero
        for element in elements {
            switch element {
            case .move(let p): (start, current) = (p, p)
            case .line(let p), .quad(_, let p), .cubic(_, _, let p): current = p
            case .close: current = start
            }
        }
        return current
    }

    static func bounds(_ elements: [PathElement], controlPoints: Bool) -> CGRect {
        var points: [CGPoint] = []
        if controlPoints {
            for element in elements {
                switch element {
                case .move(let p), .line(let p): points.append(p)
                case .quad(let c, let p): points += [c, p]
                case .cubic(let c1, let c2, let p): points += [c1, c2, p]
                case .close: break
                }
            }
        } else {
            points = flatten(elements, tolerance: 0.01).flatMap(\.points)
        }
        guard let first = points.first else { return .null }
        var (minX, minY, maxX, maxY) = (first.x, first.y, first.x, first.y)
        for p in points {
            (minX, minY, maxX, maxY) = (min(minX, p.x), min(minY, p.y), max(maxX, p.x), max(maxY, p.y))
        }
        return CGRect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }

    /// The subpaths as polylines, curves split until within `tolerance` of the curve.
    static func flatten(_ elements: [PathElement], tolerance: CGFloat) -> [Polyline] {
        var lines: [Polyline] = []
        var current: [CGPoint] = []
        var last = CGPoint.zero
        func finish(closed: Bool) {
            if current.count > 1 { lines.append(Polyline(points: current, closed: closed)) }
            current = []
        }
        for element in elements {
            switch element {
            case .move(let p):
                finish(closed: false)
                current = [p]
                last = p
            case .line(let p):
                if current.isEmpty { current = [last] }
                current.append(p)
                last = p
            case .quad(let c, let p):
                if current.isEmpty { current = [last] }
                let c1 = CGPoint(x: last.x + (c.x - last.x) * 2 / 3, y: last.y + (c.y - last.y) * 2 / 3)
                let c2 = CGPoint(x: p.x + (c.x - p.x) * 2 / 3, y: p.y + (c.y - p.y) * 2 / 3)
                current += cubicPoints(last, c1, c2, p, tolerance: tolerance)
                last = p
            case .cubic(let c1, let c2, let p):
                if current.isEmpty { current = [last] }
                current += cubicPoints(last, c1, c2, p, tolerance: tolerance)
                last = p
            case .close:
                let start = current.first ?? last
                finish(closed: true)
                last = start
            }
        }
        finish(closed: false)
        return lines
    }

    /// Points along a cubic (without its start), enough that chords stay within `tolerance`.
    static func cubicPoints(_ p0: CGPoint, _ p1: CGPoint, _ p2: CGPoint, _ p3: CGPoint, tolerance: CGFloat) -> [CGPoint] {
        let dd = max(hypot(p0.x - 2 * p1.x + p2.x, p0.y - 2 * p1.y + p2.y), hypot(p1.x - 2 * p2.x + p3.x, p1.y - 2 * p2.y + p3.y))
        let count = max(1, min(1000, Int((sqrt(dd * 6 / (8 * max(tolerance, 1e-4)))).rounded(.up))))
        return (1...count).map { i in
            let t = CGFloat(i) / CGFloat(count)
            let u = 1 - t
            let a = u * u * u
            let b = 3 * u * u * t
            let c = 3 * u * t * t
            let d = t * t * t
            return CGPoint(x: a * p0.x + b * p1.x + c * p2.x + d * p3.x, y: a * p0.y + b * p1.y + c * p2.y + d * p3.y)
        }
    }

    static func contains(_ point: CGPoint, polygons: [Polyline], evenOdd: Bool) -> Bool {
        var winding = 0
        for polygon in polygons {
            let points = polygon.points
            for i in points.indices {
                let a = points[i]
                let b = points[(i + 1) % points.count]
                guard (a.y <= point.y && b.y > point.y) || (b.y <= point.y && a.y > point.y) else { continue }
                let x = a.x + (point.y - a.y) / (b.y - a.y) * (b.x - a.x)
                if x > point.x { winding += b.y > a.y ? 1 : -1 }
            }
        }
        return evenOdd ? winding % 2 != 0 : winding != 0
    }

    static func ellipse(in rect: CGRect) -> [PathElement] {
        let (cx, cy, rx, ry) = (rect.midX, rect.midY, rect.width / 2, rect.height / 2)
        let (kx, ky) = (rx * kappa, ry * kappa)
        return [
            .move(CGPoint(x: cx + rx, y: cy)),
            .cubic(CGPoint(x: cx + rx, y: cy + ky), CGPoint(x: cx + kx, y: cy + ry), CGPoint(x: cx, y: cy + ry)),
            .cubic(CGPoint(x: cx - kx, y: cy + ry), CGPoint(x: cx - rx, y: cy + ky), CGPoint(x: cx - rx, y: cy)),
            .cubic(CGPoint(x: cx - rx, y: cy - ky), CGPoint(x: cx - kx, y: cy - ry), CGPoint(x: cx, y: cy - ry)),
            .cubic(CGPoint(x: cx + kx, y: cy - ry), CGPoint(x: cx + rx, y: cy - ky), CGPoint(x: cx + rx, y: cy)),
            .close,
        ]
    }

    static func roundedRect(_ r: CGRect, cornerWidth: CGFloat, cornerHeight: CGFloat) -> [PathElement] {
        let w = min(max(cornerWidth, 0), r.width / 2)
        let h = min(max(cornerHeight, 0), r.height / 2)
        guard w > 0, h > 0 else {
            return [
                .move(CGPoint(x: r.minX, y: r.minY)), .line(CGPoint(x: r.maxX, y: r.minY)), .line(CGPoint(x: r.maxX, y: r.maxY)),
                .line(CGPoint(x: r.minX, y: r.maxY)), .close,
            ]
        }
        let (kw, kh) = (w * kappa, h * kappa)
        return [
            .move(CGPoint(x: r.minX + w, y: r.minY)),
            .line(CGPoint(x: r.maxX - w, y: r.minY)),
            .cubic(CGPoint(x: r.maxX - w + kw, y: r.minY), CGPoint(x: r.maxX, y: r.minY + h - kh), CGPoint(x: r.maxX, y: r.minY + h)),
            .line(CGPoint(x: r.maxX, y: r.maxY - h)),
            .cubic(CGPoint(x: r.maxX, y: r.maxY - h + kh), CGPoint(x: r.maxX - w + kw, y: r.maxY), CGPoint(x: r.maxX - w, y: r.maxY)),
            .line(CGPoint(x: r.minX + w, y: r.maxY)),
            .cubic(CGPoint(x: r.minX + w - kw, y: r.maxY), CGPoint(x: r.minX, y: r.maxY - h + kh), CGPoint(x: r.minX, y: r.maxY - h)),
            .line(CGPoint(x: r.minX, y: r.minY + h)),
            .cubic(CGPoint(x: r.minX, y: r.minY + h - kh), CGPoint(x: r.minX + w - kw, y: r.minY), CGPoint(x: r.minX + w, y: r.minY)),
            .close,
        ]
    }

    /// An arc as cubics of at most a quarter turn; it starts with a line from `joinedTo` (a move when nil).
    static func arc(center: CGPoint, radius: CGFloat, start: CGFloat, end: CGFloat, clockwise: Bool, joinedTo: CGPoint?) -> [PathElement] {
        let twoPi = 2 * CGFloat.pi
        var sweep = end - start
        if clockwise {
            while sweep > 0 { sweep -= twoPi }
            sweep = max(sweep, -twoPi)
        } else {
            while sweep < 0 { sweep += twoPi }
            sweep = min(sweep, twoPi)
        }
        func point(_ angle: CGFloat) -> CGPoint { CGPoint(x: center.x + radius * cos(angle), y: center.y + radius * sin(angle)) }
        var elements: [PathElement] = [joinedTo == nil ? .move(point(start)) : .line(point(start))]
        let parts = max(1, Int((abs(sweep) / (CGFloat.pi / 2)).rounded(.up)))
        let step = sweep / CGFloat(parts)
        let k = 4 / 3 * tan(step / 4) * radius
        var angle = start
        for _ in 0..<parts {
            let next = angle + step
            let p0 = point(angle)
            let p3 = point(next)
            let c1 = CGPoint(x: p0.x - k * sin(angle), y: p0.y + k * cos(angle))
            let c2 = CGPoint(x: p3.x + k * sin(next), y: p3.y - k * cos(next))
            elements.append(.cubic(c1, c2, p3))
            angle = next
        }
        return elements
    }

    /// The arc tangent to two lines (`arcTo`), after a line from `p0` to its first tangent point.
    static func arc(from p0: CGPoint, tangent1End p1: CGPoint, tangent2End p2: CGPoint, radius: CGFloat) -> [PathElement] {
        let v1 = CGPoint(x: p0.x - p1.x, y: p0.y - p1.y)
        let v2 = CGPoint(x: p2.x - p1.x, y: p2.y - p1.y)
        let l1 = hypot(v1.x, v1.y)
        let l2 = hypot(v2.x, v2.y)
        guard l1 > 0, l2 > 0, radius > 0 else { return [.line(p1)] }
        let cosine = (v1.x * v2.x + v1.y * v2.y) / (l1 * l2)
        let angle = acos(min(max(cosine, -1), 1))
        guard angle > 1e-6, angle < CGFloat.pi - 1e-6 else { return [.line(p1)] }
        let distance = radius / tan(angle / 2)
        let t1 = CGPoint(x: p1.x + v1.x / l1 * distance, y: p1.y + v1.y / l1 * distance)
        let t2 = CGPoint(x: p1.x + v2.x / l2 * distance, y: p1.y + v2.y / l2 * distance)
        let bisector = CGPoint(x: v1.x / l1 + v2.x / l2, y: v1.y / l1 + v2.y / l2)
        let bl = hypot(bisector.x, bisector.y)
        let centerDistance = radius / sin(angle / 2)
        let center = CGPoint(x: p1.x + bisector.x / bl * centerDistance, y: p1.y + bisector.y / bl * centerDistance)
        let start = atan2(t1.y - center.y, t1.x - center.x)
        let end = atan2(t2.y - center.y, t2.x - center.x)
        let cross = v1.x * v2.y - v1.y * v2.x
        return arc(center: center, radius: radius, start: start, end: end, clockwise: cross < 0, joinedTo: p0)
    }

    /// The outline of the stroke of `elements`: polygons oriented alike, to fill with the non-zero rule.
    static func stroke(_ elements: [PathElement], style: StrokeStyle, tolerance: CGFloat) -> [[CGPoint]] {
        let half = max(style.width, 0) / 2
        guard half > 0 else { return [] }
        var polygons: [[CGPoint]] = []
        func add(_ polygon: [CGPoint]) {
            guard polygon.count > 2 else { return }
            polygons.append(signedArea(polygon) < 0 ? polygon.reversed() : polygon)
        }
        func disc(_ p: CGPoint) -> [CGPoint] {
            let count = max(8, Int((CGFloat.pi * 2 * half / max(tolerance * 4, 0.1)).rounded(.up)).clamped(to: 8...128))
            return (0..<count).map { i in
                let a = CGFloat(i) / CGFloat(count) * 2 * CGFloat.pi
                return CGPoint(x: p.x + half * cos(a), y: p.y + half * sin(a))
            }
        }
        for line in flatten(elements, tolerance: tolerance) {
            var points = line.points
            points = points.enumerated().filter { $0.offset == 0 || $0.element != points[$0.offset - 1] }.map(\.element)
            if line.closed, points.count > 1, points.first == points.last { points.removeLast() }
            guard points.count > 1 else { continue }
            let segments = line.closed ? points.count : points.count - 1
            var directions: [CGPoint] = []
            for i in 0..<segments {
                var a = points[i]
                var b = points[(i + 1) % points.count]
                let length = hypot(b.x - a.x, b.y - a.y)
                let d = CGPoint(x: (b.x - a.x) / length, y: (b.y - a.y) / length)
                directions.append(d)
                if !line.closed, style.cap == .square {
                    if i == 0 { a = CGPoint(x: a.x - d.x * half, y: a.y - d.y * half) }
                    if i == segments - 1 { b = CGPoint(x: b.x + d.x * half, y: b.y + d.y * half) }
                }
                let n = CGPoint(x: -d.y * half, y: d.x * half)
                add([
                    CGPoint(x: a.x + n.x, y: a.y + n.y), CGPoint(x: b.x + n.x, y: b.y + n.y), CGPoint(x: b.x - n.x, y: b.y - n.y),
                    CGPoint(x: a.x - n.x, y: a.y - n.y),
                ])
            }
            // Joins at the inner vertices (all of them when closed).
            let joints = line.closed ? Array(0..<points.count) : Array(1..<max(1, points.count - 1))
            for j in joints {
                let incoming = directions[(j - 1 + directions.count) % directions.count]
                let outgoing = directions[j % directions.count]
                let p = points[j]
                let cross = incoming.x * outgoing.y - incoming.y * outgoing.x
                if abs(cross) < 1e-9 { continue }
                switch style.join {
                case .round:
                    add(disc(p))
                case .bevel, .miter:
                    // The outer side is opposite the turn.
                    let sign: CGFloat = cross > 0 ? -1 : 1
                    let n1 = CGPoint(x: -incoming.y * half * sign, y: incoming.x * half * sign)
                    let n2 = CGPoint(x: -outgoing.y * half * sign, y: outgoing.x * half * sign)
                    let a = CGPoint(x: p.x + n1.x, y: p.y + n1.y)
                    let b = CGPoint(x: p.x + n2.x, y: p.y + n2.y)
                    let cosine = incoming.x * outgoing.x + incoming.y * outgoing.y
                    let miterRatio = 1 / max(sin(acos(min(max(-cosine, -1), 1)) / 2), 1e-9)
                    if style.join == .miter, miterRatio <= style.miterLimit {
                        let mid = CGPoint(x: (n1.x + n2.x) / 2, y: (n1.y + n2.y) / 2)
                        let ml = hypot(mid.x, mid.y)
                        let tip = CGPoint(x: p.x + mid.x / ml * half * miterRatio, y: p.y + mid.y / ml * half * miterRatio)
                        add([p, a, tip, b])
                    } else {
                        add([p, a, b])
                    }
                }
            }
            if !line.closed, style.cap == .round {
                add(disc(points[0]))
                add(disc(points[points.count - 1]))
            }
        }
        return polygons
    }

    static func signedArea(_ polygon: [CGPoint]) -> CGFloat {
        var area: CGFloat = 0
        for i in polygon.indices {
            let a = polygon[i]
            let b = polygon[(i + 1) % polygon.count]
            area += a.x * b.y - b.x * a.y
        }
        return area / 2
    }
}

extension Comparable {
    fileprivate func clamped(to range: ClosedRange<Self>) -> Self { min(max(self, range.lowerBound), range.upperBound) }
}
