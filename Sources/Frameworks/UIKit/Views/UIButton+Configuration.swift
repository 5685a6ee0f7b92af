import Foundation

/// The edges of a rectangle by reading direction (left to right here: leading is left).
public struct NSDirectionalRectEdge: OptionSet, Hashable, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }

    public static let top = NSDirectionalRectEdge(rawValue: 1 << 0)
    public static let leading = NSDirectionalRectEdge(rawValue: 1 << 1)
    public static let bottom = NSDirectionalRectEdge(rawValue: 1 << 2)
    public static let trailing = NSDirectionalRectEdge(rawValue: 1 << 3)
    public static let all: NSDirectionalRectEdge = [.top, .leading, .bottom, .trailing]
}

extension UIButton {
    /// A button's look (iOS 15): a style (`plain()`, `filled()`…), a title and an image with their
    /// spacing, colours, insets and a corner style. nsesim uses it for the button's title, colours
    /// and size (the title in the body font at the medium size: 17 points, with 7 points above and
    /// below and 12 at the sides) and the snapshot's background and corner radius (filled styles:
    /// the tint colour; tinted: the tint at 15 %; gray: the tertiary fill; corners 4, 6 or 8
    /// points by size, half the height for a capsule).
    public struct Configuration: Hashable {
        enum Style: Hashable { case plain, tinted, gray, filled, borderless, bordered, borderedTinted, borderedProminent }

        /// How round the background's corners are.
        public enum CornerStyle: Int, Hashable, Sendable { case fixed = -1, dynamic, small, medium, large, capsule }
        /// The size of a button: its font and insets.
        public enum Size: Int, Hashable, Sendable { case mini, small, medium, large }
        /// How title and subtitle are aligned.
        public enum TitleAlignment: Int, Hashable, Sendable { case automatic, leading, center, trailing }

        let style: Style
        /// The title.
        public var title: String?
        /// The subtitle, under the title.
        public var subtitle: String?
        /// The image.
        public var image: UIImage?
        /// Where the image is, relative to the title.
        public var imagePlacement: NSDirectionalRectEdge = .leading
        /// The space between the image and the title.
        public var imagePadding: CGFloat = 0
        /// The space between the title and the subtitle.
        public var titlePadding: CGFloat = 0
        /// The space around the content.
        public var contentInsets: NSDirectionalEdgeInsets
        /// The colour of the title and image (nil: by style).
        public var baseForegroundColor: UIColor?
        /// The colour of the background (nil: by style).
        public var baseBackgroundColor: UIColor?
        /// How round the corners are.
        public var cornerStyle: CornerStyle = .dynamic
        /// The size.
        public var buttonSize: Size = .medium {
            didSet { contentInsets = Self.insets(for: buttonSize) }
        }
        /// How the title is aligned.
        public var titleAlignment: TitleAlignment = .automatic
        /// Whether an activity indicator replaces the image (stored).
        public var showsActivityIndicator: Bool = false

        init(style: Style) {
            self.style = style
            contentInsets = Self.insets(for: .medium)
        }

        static func insets(for size: Size) -> NSDirectionalEdgeInsets {
            switch size {
            case .mini: NSDirectionalEdgeInsets(top: 3, leading: 8, bottom: 3, trailing: 8)
            case .small: NSDirectionalEdgeInsets(top: 5, leading: 10, bottom: 5, trailing: 10)
            case .medium: NSDirectionalEdgeInsets(top: 7, leading: 12, bottom: 7, trailing: 12)
            case .large: NSDirectionalEdgeInsets(top: 14, leading: 20, bottom: 14, trailing: 20)
            }
        }

        /// A plain button: no background.
        public static func plain() -> Configuration { Configuration(style: .plain) }
        /// A button with a tinted background.
        public static func tinted() -> Configuration { Configuration(style: .tinted) }
        /// A button with a gray background.
        public static func gray() -> Configuration { Configuration(style: .gray) }
        /// A button with a background of the tint colour.
        public static func filled() -> Configuration { Configuration(style: .filled) }
        /// A button without a border.
        public static func borderless() -> Configuration { Configuration(style: .borderless) }
        /// A bordered button (gray).
        public static func bordered() -> Configuration { Configuration(style: .bordered) }
        /// A bordered, tinted button.
        public static func borderedTinted() -> Configuration { Configuration(style: .borderedTinted) }
        /// A bordered, prominent button (filled).
        public static func borderedProminent() -> Configuration { Configuration(style: .borderedProminent) }

        /// The font of the title at this size.
        var font: UIFont {
            switch buttonSize {
            case .mini: .systemFont(ofSize: 12)
            case .small: .systemFont(ofSize: 15)
            case .medium, .large: .systemFont(ofSize: 17)
            }
        }

        var isFilled: Bool { style == .filled || style == .borderedProminent }

        /// The colour of the title and image, with the button's tint.
        func foregroundColor(tint: UIColor) -> UIColor {
            baseForegroundColor ?? (isFilled ? .white : tint)
        }

        /// The background's colour, nil for none.
        func backgroundColor(tint: UIColor) -> UIColor? {
            switch style {
            case .plain, .borderless: baseBackgroundColor
            case .filled, .borderedProminent: baseBackgroundColor ?? tint
            case .tinted, .borderedTinted: (baseBackgroundColor ?? tint).withAlphaComponent(0.15)
            case .gray, .bordered: baseBackgroundColor ?? .tertiarySystemFill
            }
        }

        /// The background's corner radius for a height.
        func cornerRadius(height: CGFloat) -> CGFloat {
            switch cornerStyle {
            case .fixed: 0
            case .small: 4
            case .medium: 6
            case .large: 8
            case .capsule: height / 2
            case .dynamic: buttonSize == .large ? 8 : buttonSize == .medium ? 6 : 4
            }
        }

        /// The size of the content (title, subtitle and image) with the insets.
        func size(title: String?) -> CGSize {
            func measure(_ text: String?, _ size: CGFloat) -> CGSize {
                guard let text, !text.isEmpty else { return .zero }
                return TextMeasure(text: text, pointSize: Double(size), bold: false, numberOfLines: 1, preferredMaxLayoutWidth: 0)
                    .size(forWidth: nil)
            }
            let main = measure(title, font.pointSize)
            let sub = measure(subtitle, font.pointSize * 0.8)
            let text = CGSize(
                width: max(main.width, sub.width),
                height: main.height + sub.height + (main.height > 0 && sub.height > 0 ? titlePadding : 0))
            let picture = image?.size ?? .zero
            let padding = text.width > 0 && picture.width > 0 ? imagePadding : 0
            let content =
                imagePlacement.contains(.top) || imagePlacement.contains(.bottom)
                ? CGSize(width: max(text.width, picture.width), height: text.height + picture.height + padding)
                : CGSize(width: text.width + picture.width + padding, height: max(text.height, picture.height))
            return CGSize(
                width: content.width + contentInsets.leading + contentInsets.trailing,
                height: content.height + contentInsets.top + contentInsets.bottom)
        }
    }

    /// What updates a button's configuration when its state changes.
    public typealias ConfigurationUpdateHandler = (UIButton) -> Void
}
