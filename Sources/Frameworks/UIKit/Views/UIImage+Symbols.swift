@_spi(NSESim) import CoreGraphics
import Foundation

extension UIImage {
    /// What an image is made with (iOS 13): the base of `SymbolConfiguration`.
    open class Configuration: NSObject, @unchecked Sendable {
        public override init() { super.init() }
    }

    /// The size and weight of an SF Symbol image.
    open class SymbolConfiguration: Configuration, @unchecked Sendable {
        /// The point size of the font the symbol goes with (17 unless set).
        public let pointSize: CGFloat
        /// The weight.
        public let weight: SymbolWeight
        /// The scale relative to the font.
        public let scale: SymbolScale

        /// A configuration of a point size, weight and scale.
        public init(pointSize: CGFloat, weight: SymbolWeight = .unspecified, scale: SymbolScale = .default) {
            self.pointSize = pointSize
            self.weight = weight
            self.scale = scale
            super.init()
        }

        /// A configuration of a weight.
        public convenience init(weight: SymbolWeight) { self.init(pointSize: 17, weight: weight) }
        /// A configuration of a scale.
        public convenience init(scale: SymbolScale) { self.init(pointSize: 17, scale: scale) }
        /// A configuration of a text style's size.
        public convenience init(textStyle: UIFont.TextStyle, scale: SymbolScale = .default) {
            self.init(pointSize: textStyle.defaultSize, scale: scale)
        }
        /// A configuration of a font's size.
        public convenience init(font: UIFont, scale: SymbolScale = .default) {
            self.init(pointSize: font.pointSize, scale: scale)
        }

        /// The configuration with another's values where it has them (the other's point size).
        open func applying(_ configuration: Configuration?) -> SymbolConfiguration {
            guard let other = configuration as? SymbolConfiguration else { return self }
            return SymbolConfiguration(
                pointSize: other.pointSize, weight: other.weight == .unspecified ? weight : other.weight,
                scale: other.scale == .default || other.scale == .unspecified ? scale : other.scale)
        }

        /// The side of the symbol's square in points.
        var side: CGFloat {
            let factor: CGFloat =
                switch scale {
                case .small: 0.95
                case .large: 1.55
                default: 1.2
                }
            return (pointSize * factor).rounded()
        }
    }

    /// The weight of a symbol.
    public enum SymbolWeight: Int, Sendable {
        case unspecified, ultraLight, thin, light, regular, medium, semibold, bold, heavy, black
    }

    /// The scale of a symbol relative to its font.
    public enum SymbolScale: Int, Sendable {
        case `default` = -1, unspecified, small, medium, large
    }

    /// An SF Symbol by name. nsesim has not the symbols' drawings: the image is transparent, a
    /// square of the symbol's size (20 points at the default 17-point configuration) at the
    /// screen's scale, so layouts that use it are as on iOS.
    public convenience init?(systemName name: String) {
        self.init(systemName: name, withConfiguration: nil)
    }

    /// An SF Symbol by name, of a configuration (transparent: see `init(systemName:)`).
    public convenience init?(systemName name: String, withConfiguration configuration: Configuration?) {
        let symbol = (configuration as? SymbolConfiguration) ?? SymbolConfiguration(pointSize: 17)
        let scale = UIScreen.main.scale
        let pixels = Int((symbol.side * scale).rounded())
        guard !name.isEmpty, let bitmap = try? Bitmap.canvas(width: pixels, height: pixels, opaque: false) else { return nil }
        self.init(bitmap: bitmap, scale: scale, renderingMode: .alwaysTemplate)
    }

    /// An SF Symbol by name (transparent: see `init(systemName:)`).
    public convenience init?(systemName name: String, compatibleWith traitCollection: UITraitCollection?) {
        self.init(systemName: name, withConfiguration: nil)
    }

    /// The image at another symbol configuration's size (a new transparent square).
    public func withConfiguration(_ configuration: Configuration) -> UIImage {
        guard let symbol = configuration as? SymbolConfiguration, renderingMode == .alwaysTemplate else { return self }
        return UIImage(systemName: "symbol", withConfiguration: symbol) ?? self
    }

    /// The image drawn in a colour (kept: the colour is not applied).
    public func withTintColor(_ color: UIColor) -> UIImage { self }

    /// The image drawn in a colour with a rendering mode (kept).
    public func withTintColor(_ color: UIColor, renderingMode: RenderingMode) -> UIImage { self }
}
