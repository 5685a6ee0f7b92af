@_spi(NSESim) import CoreGraphics
import Foundation

/// Core Image's colour: red, green, blue and alpha components (sRGB, not premultiplied), as
/// filters take it (`kCIInputColorKey`) and `CIImage(color:)` fills with. Immutable.
open class CIColor: NSObject, @unchecked Sendable {
    /// The components as given (values outside 0...1 are kept; rendering clamps them).
    let rgba: RGBA

    init(rgba: RGBA) {
        self.rgba = rgba
        super.init()
    }

    /// A colour of its components (0...1, sRGB, not premultiplied).
    public convenience init(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        self.init(rgba: RGBA(red: red, green: green, blue: blue, alpha: alpha))
    }

    /// An opaque colour of its components.
    public convenience init(red: CGFloat, green: CGFloat, blue: CGFloat) {
        self.init(red: red, green: green, blue: blue, alpha: 1)
    }

    /// The colour a `CGColor` is.
    public convenience init(cgColor color: CGColor) {
        self.init(rgba: color.rgba)
    }

    /// A colour from its string representation, "r g b" or "r g b a" (as `stringRepresentation`
    /// writes it, brackets allowed); missing or unreadable components are 0, alpha 1.
    public convenience init(string representation: String) {
        let numbers = representation.split(whereSeparator: { " \t[],".contains($0) }).map { CGFloat(Double($0) ?? 0) }
        func component(_ index: Int, _ otherwise: CGFloat) -> CGFloat { index < numbers.count ? numbers[index] : otherwise }
        self.init(red: component(0, 0), green: component(1, 0), blue: component(2, 0), alpha: component(3, 1))
    }

    /// The red component.
    open var red: CGFloat { rgba.red }
    /// The green component.
    open var green: CGFloat { rgba.green }
    /// The blue component.
    open var blue: CGFloat { rgba.blue }
    /// The alpha component (1 opaque).
    open var alpha: CGFloat { rgba.alpha }
    /// 4: red, green, blue, alpha.
    open var numberOfComponents: Int { 4 }
    /// The components as a string, "r g b a", which `CIColor(string:)` reads back.
    open var stringRepresentation: String { "\(red) \(green) \(blue) \(alpha)" }

    /// Opaque black.
    open class var black: CIColor { CIColor(red: 0, green: 0, blue: 0) }
    /// Opaque white.
    open class var white: CIColor { CIColor(red: 1, green: 1, blue: 1) }
    /// Opaque 50% grey.
    open class var gray: CIColor { CIColor(red: 0.5, green: 0.5, blue: 0.5) }
    /// Opaque red.
    open class var red: CIColor { CIColor(red: 1, green: 0, blue: 0) }
    /// Opaque green.
    open class var green: CIColor { CIColor(red: 0, green: 1, blue: 0) }
    /// Opaque blue.
    open class var blue: CIColor { CIColor(red: 0, green: 0, blue: 1) }
    /// Opaque cyan.
    open class var cyan: CIColor { CIColor(red: 0, green: 1, blue: 1) }
    /// Opaque magenta.
    open class var magenta: CIColor { CIColor(red: 1, green: 0, blue: 1) }
    /// Opaque yellow.
    open class var yellow: CIColor { CIColor(red: 1, green: 1, blue: 0) }
    /// Transparent black.
    open class var clear: CIColor { CIColor(red: 0, green: 0, blue: 0, alpha: 0) }

    /// Equal when the components are.
    open override func isEqual(_ object: Any?) -> Bool { (object as? CIColor)?.rgba == rgba }
    /// The components' hash.
    open override var hash: Int { rgba.hashValue }
    /// The components, as `stringRepresentation`.
    open override var description: String { "<CIColor \(stringRepresentation)>" }
}
