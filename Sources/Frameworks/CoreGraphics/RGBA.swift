import Foundation

/// A colour as sRGB components 0...1, the value behind `UIColor` and `CGColor`.
@_spi(NSESim) public struct RGBA: Sendable, Hashable {
    /// The components, 0...1.
    public var red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat

    /// A colour of its components.
    public init(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        (self.red, self.green, self.blue, self.alpha) = (red, green, blue, alpha)
    }

    /// Opaque black.
    public static let black = RGBA(red: 0, green: 0, blue: 0, alpha: 1)

    /// Red as a byte.
    public var red8: UInt8 { Self.byte(red) }
    /// Green as a byte.
    public var green8: UInt8 { Self.byte(green) }
    /// Blue as a byte.
    public var blue8: UInt8 { Self.byte(blue) }
    /// Alpha as a byte.
    public var alpha8: UInt8 { Self.byte(alpha) }

    private static func byte(_ component: CGFloat) -> UInt8 { UInt8((min(max(component, 0), 1) * 255).rounded()) }
}
