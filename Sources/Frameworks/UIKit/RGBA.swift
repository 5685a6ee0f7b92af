import Foundation

/// A colour as sRGB components 0...1, the value behind `UIColor` and `CGColor`.
struct RGBA: Sendable, Hashable {
    var red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat

    static let black = RGBA(red: 0, green: 0, blue: 0, alpha: 1)

    var red8: UInt8 { Self.byte(red) }
    var green8: UInt8 { Self.byte(green) }
    var blue8: UInt8 { Self.byte(blue) }
    var alpha8: UInt8 { Self.byte(alpha) }

    private static func byte(_ component: CGFloat) -> UInt8 { UInt8((min(max(component, 0), 1) * 255).rounded()) }
}
