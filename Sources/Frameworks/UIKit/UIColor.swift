@_spi(NSESim) import CoreGraphics
import Foundation

/// A colour, kept as sRGB components (extended range allowed). System colours have their
/// light-appearance values.
open class UIColor: NSObject, @unchecked Sendable {
    let rgba: RGBA

    init(_ rgba: RGBA) {
        self.rgba = rgba
        super.init()
    }

    /// A colour from sRGB components.
    public convenience init(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        self.init(RGBA(red: red, green: green, blue: blue, alpha: alpha))
    }

    /// A colour from Display P3 components (kept as given: no colour management here).
    public convenience init(displayP3Red red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        self.init(red: red, green: green, blue: blue, alpha: alpha)
    }

    /// A grey.
    public convenience init(white: CGFloat, alpha: CGFloat) {
        self.init(red: white, green: white, blue: white, alpha: alpha)
    }

    /// A colour from hue, saturation and brightness (HSB, all 0...1).
    public convenience init(hue: CGFloat, saturation: CGFloat, brightness: CGFloat, alpha: CGFloat) {
        let h = (hue - hue.rounded(.down)) * 6
        let s = min(max(saturation, 0), 1)
        let v = brightness
        let sector = Int(h) % 6
        let f = h - CGFloat(Int(h))
        let p = v * (1 - s)
        let q = v * (1 - s * f)
        let t = v * (1 - s * (1 - f))
        let (r, g, b): (CGFloat, CGFloat, CGFloat) =
            switch sector {
            case 0: (v, t, p)
            case 1: (q, v, p)
            case 2: (p, v, t)
            case 3: (p, q, v)
            case 4: (t, p, v)
            default: (v, p, q)
            }
        self.init(red: r, green: g, blue: b, alpha: alpha)
    }

    /// The colour of a `CGColor`.
    public convenience init(cgColor: CGColor) {
        self.init(cgColor.rgba)
    }

    /// A colour from the asset catalog: nsesim reads none, so nil (as iOS for a missing name).
    public convenience init?(named name: String) {
        return nil
    }

    /// The colour with another alpha.
    open func withAlphaComponent(_ alpha: CGFloat) -> UIColor {
        UIColor(RGBA(red: rgba.red, green: rgba.green, blue: rgba.blue, alpha: alpha))
    }

    /// The colour for a trait collection: system colours have one appearance here.
    open func resolvedColor(with traitCollection: UITraitCollection) -> UIColor { self }

    /// The components; true, since every colour here is RGB.
    open func getRed(
        _ red: UnsafeMutablePointer<CGFloat>?, green: UnsafeMutablePointer<CGFloat>?,
        blue: UnsafeMutablePointer<CGFloat>?, alpha: UnsafeMutablePointer<CGFloat>?
    ) -> Bool {
        red?.pointee = rgba.red
        green?.pointee = rgba.green
        blue?.pointee = rgba.blue
        alpha?.pointee = rgba.alpha
        return true
    }

    /// The grey level (the mean of the components) and alpha.
    open func getWhite(_ white: UnsafeMutablePointer<CGFloat>?, alpha: UnsafeMutablePointer<CGFloat>?) -> Bool {
        white?.pointee = (rgba.red + rgba.green + rgba.blue) / 3
        alpha?.pointee = rgba.alpha
        return true
    }

    /// Hue, saturation, brightness and alpha.
    open func getHue(
        _ hue: UnsafeMutablePointer<CGFloat>?, saturation: UnsafeMutablePointer<CGFloat>?,
        brightness: UnsafeMutablePointer<CGFloat>?, alpha: UnsafeMutablePointer<CGFloat>?
    ) -> Bool {
        let maximum = max(rgba.red, rgba.green, rgba.blue)
        let minimum = min(rgba.red, rgba.green, rgba.blue)
        let delta = maximum - minimum
        var h: CGFloat = 0
        if delta > 0 {
            if maximum == rgba.red {
                h = ((rgba.green - rgba.blue) / delta).truncatingRemainder(dividingBy: 6)
            } else if maximum == rgba.green {
                h = (rgba.blue - rgba.red) / delta + 2
            } else {
                h = (rgba.red - rgba.green) / delta + 4
            }
            h /= 6
            if h < 0 { h += 1 }
        }
        hue?.pointee = h
        saturation?.pointee = maximum == 0 ? 0 : delta / maximum
        brightness?.pointee = maximum
        alpha?.pointee = rgba.alpha
        return true
    }

    /// The colour as a `CGColor`.
    open var cgColor: CGColor { CGColor(rgba) }

    /// Makes this the fill colour of the current drawing context.
    open func setFill() { GraphicsContextStack.current?.fillRGBA = rgba }
    /// Makes this the stroke colour of the current drawing context.
    open func setStroke() { GraphicsContextStack.current?.strokeRGBA = rgba }
    /// Makes this the fill and stroke colour of the current drawing context.
    open func set() {
        setFill()
        setStroke()
    }

    open override func isEqual(_ object: Any?) -> Bool {
        (object as? UIColor)?.rgba == rgba
    }

    open override var hash: Int { rgba.hashValue }

    open override var description: String {
        String(format: "UIExtendedSRGBColorSpace %g %g %g %g", rgba.red, rgba.green, rgba.blue, rgba.alpha)
    }
}
