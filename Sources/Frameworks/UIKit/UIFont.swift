import Foundation

/// A font as a value: name, family, size and weight, with the system font's metrics. Nothing
/// draws text here; extensions use fonts to build attributed strings and sizes.
open class UIFont: NSObject, @unchecked Sendable {
    /// The PostScript name (".SFUI-Regular" for the system font).
    public let fontName: String
    /// The family (".AppleSystemUIFont" for the system font).
    public let familyName: String
    /// The size in points.
    public let pointSize: CGFloat
    /// The weight (regular unless made with one).
    let weight: Weight

    init(fontName: String, familyName: String, pointSize: CGFloat, weight: Weight = .regular) {
        self.fontName = fontName
        self.familyName = familyName
        self.pointSize = pointSize
        self.weight = weight
        super.init()
    }

    /// The font `fontName` (PostScript or family name) of iOS's built-in families or of the
    /// extension's `UIAppFonts`; nil for a font iOS does not have, as on iOS.
    public convenience init?(name fontName: String, size fontSize: CGFloat) {
        guard let family = FontCatalog.family(of: fontName) else { return nil }
        self.init(fontName: fontName, familyName: family, pointSize: fontSize)
    }

    /// The system font.
    open class func systemFont(ofSize fontSize: CGFloat) -> UIFont { systemFont(ofSize: fontSize, weight: .regular) }

    /// The system font at a weight.
    open class func systemFont(ofSize fontSize: CGFloat, weight: Weight) -> UIFont {
        UIFont(fontName: ".SFUI-\(weight.name)", familyName: ".AppleSystemUIFont", pointSize: fontSize, weight: weight)
    }

    /// The bold system font.
    open class func boldSystemFont(ofSize fontSize: CGFloat) -> UIFont { systemFont(ofSize: fontSize, weight: .bold) }

    /// The italic system font.
    open class func italicSystemFont(ofSize fontSize: CGFloat) -> UIFont {
        UIFont(fontName: ".SFUI-RegularItalic", familyName: ".AppleSystemUIFont", pointSize: fontSize)
    }

    /// The monospaced system font (SF Mono).
    open class func monospacedSystemFont(ofSize fontSize: CGFloat, weight: Weight) -> UIFont {
        UIFont(fontName: ".SFUIMono-\(weight.name)", familyName: ".AppleSystemUIFontMonospaced", pointSize: fontSize, weight: weight)
    }

    /// The system font with monospaced digits.
    open class func monospacedDigitSystemFont(ofSize fontSize: CGFloat, weight: Weight) -> UIFont {
        systemFont(ofSize: fontSize, weight: weight)
    }

    /// The font of a text style at the default Dynamic Type size (Large).
    open class func preferredFont(forTextStyle style: TextStyle) -> UIFont {
        systemFont(ofSize: style.defaultSize, weight: style == .headline ? .semibold : .regular)
    }

    /// The font of a text style; traits are those of nsesim's one screen.
    open class func preferredFont(forTextStyle style: TextStyle, compatibleWith traitCollection: UITraitCollection?) -> UIFont {
        preferredFont(forTextStyle: style)
    }

    /// The same font at another size.
    open func withSize(_ fontSize: CGFloat) -> UIFont {
        UIFont(fontName: fontName, familyName: familyName, pointSize: fontSize, weight: weight)
    }

    /// The system font's proportions (SF Pro).
    open var ascender: CGFloat { pointSize * 0.952 }
    open var descender: CGFloat { pointSize * -0.238 }
    open var capHeight: CGFloat { pointSize * 0.705 }
    open var xHeight: CGFloat { pointSize * 0.517 }
    open var lineHeight: CGFloat { ascender - descender }
    open var leading: CGFloat { 0 }

    /// Font families iOS has (the built-in ones and the extension's `UIAppFonts`).
    open class var familyNames: [String] { FontCatalog.families }

    open override func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? UIFont else { return false }
        return other.fontName == fontName && other.pointSize == pointSize
    }

    open override var hash: Int { fontName.hashValue ^ pointSize.hashValue }

    /// A font weight: Apple's values from -1 (thinnest) to 1.
    public struct Weight: RawRepresentable, Hashable, Sendable {
        public let rawValue: CGFloat
        public init(rawValue: CGFloat) { self.rawValue = rawValue }
        public init(_ rawValue: CGFloat) { self.rawValue = rawValue }

        public static let ultraLight = Weight(-0.8)
        public static let thin = Weight(-0.6)
        public static let light = Weight(-0.4)
        public static let regular = Weight(0)
        public static let medium = Weight(0.23)
        public static let semibold = Weight(0.3)
        public static let bold = Weight(0.4)
        public static let heavy = Weight(0.56)
        public static let black = Weight(0.62)

        var name: String {
            let names: [(Weight, String)] = [
                (.ultraLight, "Ultralight"), (.thin, "Thin"), (.light, "Light"), (.regular, "Regular"),
                (.medium, "Medium"), (.semibold, "Semibold"), (.bold, "Bold"), (.heavy, "Heavy"),
                (.black, "Black"),
            ]
            return names.min { abs($0.0.rawValue - rawValue) < abs($1.0.rawValue - rawValue) }!.1
        }
    }

    /// A Dynamic Type text style.
    public struct TextStyle: RawRepresentable, Hashable, Sendable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public init(_ rawValue: String) { self.rawValue = rawValue }

        public static let largeTitle = TextStyle("UICTFontTextStyleTitle0")
        public static let title1 = TextStyle("UICTFontTextStyleTitle1")
        public static let title2 = TextStyle("UICTFontTextStyleTitle2")
        public static let title3 = TextStyle("UICTFontTextStyleTitle3")
        public static let headline = TextStyle("UICTFontTextStyleHeadline")
        public static let subheadline = TextStyle("UICTFontTextStyleSubhead")
        public static let body = TextStyle("UICTFontTextStyleBody")
        public static let callout = TextStyle("UICTFontTextStyleCallout")
        public static let footnote = TextStyle("UICTFontTextStyleFootnote")
        public static let caption1 = TextStyle("UICTFontTextStyleCaption1")
        public static let caption2 = TextStyle("UICTFontTextStyleCaption2")

        /// The size at the Large Dynamic Type setting.
        var defaultSize: CGFloat {
            let sizes: [TextStyle: CGFloat] = [
                .largeTitle: 34, .title1: 28, .title2: 22, .title3: 20, .headline: 17,
                .subheadline: 15, .body: 17, .callout: 16, .footnote: 13, .caption1: 12, .caption2: 11,
            ]
            return sizes[self] ?? 17
        }
    }
}

/// The font families an iOS device has, and the extension's own (`UIAppFonts`).
enum FontCatalog {
    static let builtIn = [
        "Academy Engraved LET", "American Typewriter", "Apple SD Gothic Neo", "Arial", "Arial Hebrew", "Arial Rounded MT Bold",
        "Avenir", "Avenir Next", "Avenir Next Condensed", "Baskerville", "Bodoni 72", "Bradley Hand", "Chalkboard SE",
        "Chalkduster", "Charter", "Cochin", "Copperplate", "Courier", "Courier New", "Didot", "DIN Alternate",
        "DIN Condensed", "Futura", "Georgia", "Gill Sans", "Helvetica", "Helvetica Neue", "Hiragino Sans", "Hoefler Text",
        "Kailasa", "Marker Felt", "Menlo", "Noteworthy", "Optima", "Palatino", "Papyrus", "Party LET", "PingFang SC",
        "Rockwell", "Savoye LET", "Snell Roundhand", "Symbol", "Times New Roman", "Trebuchet MS", "Verdana", "Zapfino",
    ]

    static var families: [String] { builtIn + appFonts }

    /// The extension's fonts from `UIAppFonts`, by file name without extension.
    static var appFonts: [String] {
        let files = Bundle.main.object(forInfoDictionaryKey: "UIAppFonts") as? [String] ?? []
        return files.map { ($0 as NSString).deletingPathExtension }
    }

    /// The family of a PostScript name ("HelveticaNeue-Bold" → "Helvetica Neue") or family name.
    static func family(of name: String) -> String? {
        let squeezed = { (text: String) in text.replacingOccurrences(of: " ", with: "").lowercased() }
        let base = squeezed(String(name.split(separator: "-").first ?? ""))
        let candidates = families.filter { family in
            let key = squeezed(family)
            return key == squeezed(name) || key == base || (base.hasPrefix(key) && base.count - key.count <= 2)
        }
        return candidates.max { $0.count < $1.count }
    }
}
