import Foundation

/// CoreGraphics' colour: sRGB (or grey) components and alpha.
public final class CGColor: @unchecked Sendable {
    /// The colour as sRGB, what drawing uses.
    @_spi(NSESim) public let rgba: RGBA
    /// The colour's space: grey for the grey initializers, else RGB.
    public let colorSpace: CGColorSpace?

    /// A colour of `rgba` (UIKit's `cgColor`).
    @_spi(NSESim) public init(_ rgba: RGBA, space: CGColorSpace? = nil) {
        self.rgba = rgba
        self.colorSpace = space ?? .deviceRGB
    }

    /// An sRGB colour.
    public convenience init(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        self.init(RGBA(red: red, green: green, blue: blue, alpha: alpha))
    }

    /// An sRGB colour.
    public convenience init(srgbRed red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        self.init(RGBA(red: red, green: green, blue: blue, alpha: alpha))
    }

    /// A grey.
    public convenience init(gray: CGFloat, alpha: CGFloat) {
        self.init(RGBA(red: gray, green: gray, blue: gray, alpha: alpha), space: .deviceGray)
    }

    /// A colour of `components` (the space's, then alpha) in `space`; nil when their count is wrong.
    public convenience init?(colorSpace space: CGColorSpace, components: UnsafePointer<CGFloat>) {
        if space.model == .monochrome {
            self.init(RGBA(red: components[0], green: components[0], blue: components[0], alpha: components[1]), space: space)
        } else if space.model == .rgb {
            self.init(RGBA(red: components[0], green: components[1], blue: components[2], alpha: components[3]), space: space)
        } else {
            return nil
        }
    }

    /// The space's components, then alpha.
    public var components: [CGFloat]? {
        colorSpace?.model == .monochrome ? [rgba.red, rgba.alpha] : [rgba.red, rgba.green, rgba.blue, rgba.alpha]
    }
    /// The count of `components`.
    public var numberOfComponents: Int { colorSpace?.model == .monochrome ? 2 : 4 }
    /// The alpha component.
    public var alpha: CGFloat { rgba.alpha }

    /// The same colour with another alpha.
    public func copy(alpha: CGFloat) -> CGColor? {
        CGColor(RGBA(red: rgba.red, green: rgba.green, blue: rgba.blue, alpha: alpha), space: colorSpace)
    }

    /// Opaque black.
    public static let black = CGColor(gray: 0, alpha: 1)
    /// Opaque white.
    public static let white = CGColor(gray: 1, alpha: 1)
    /// Transparent.
    public static let clear = CGColor(gray: 0, alpha: 0)
}

extension CGColor: Equatable {
    /// Whether both are the same colour.
    public static func == (lhs: CGColor, rhs: CGColor) -> Bool { lhs.rgba == rhs.rgba }
}
