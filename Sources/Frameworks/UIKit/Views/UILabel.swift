import Foundation

/// A view showing text. Its intrinsic size is the text measured by `TextMeasure` (an approximate
/// advance per character with the font's size; wrapped at the label's width when
/// `numberOfLines` is 0 or more than 1).
open class UILabel: UIView {
    private var storedAttributedText: NSAttributedString?

    /// The text; setting it replaces `attributedText`.
    open var text: String? {
        get { storedAttributedText?.string }
        set {
            storedAttributedText = newValue.map { NSAttributedString(string: $0) }
            invalidateIntrinsicContentSize()
        }
    }

    /// The styled text; `text` is its string. The label's font, text colour and alignment become
    /// those of the first character's attributes, as on iOS.
    open var attributedText: NSAttributedString? {
        get { storedAttributedText }
        set {
            storedAttributedText = newValue
            if let string = newValue, string.length > 0 {
                let attributes = string.attributes(at: 0, effectiveRange: nil)
                if let font = attributes[.font] as? UIFont { self.font = font }
                if let color = attributes[.foregroundColor] as? UIColor { textColor = color }
                if let style = attributes[.paragraphStyle] as? NSParagraphStyle { textAlignment = style.alignment }
            }
            invalidateIntrinsicContentSize()
        }
    }

    /// The font: the system font of 17 points by default.
    open var font: UIFont! = .systemFont(ofSize: 17) {
        didSet {
            if font == nil { font = .systemFont(ofSize: 17) }
            invalidateIntrinsicContentSize()
        }
    }

    /// The colour of the text: the label colour by default.
    open var textColor: UIColor! = .label {
        didSet { if textColor == nil { textColor = .label } }
    }

    /// The most lines shown; 0: as many as the text needs.
    open var numberOfLines: Int = 1 {
        didSet { invalidateIntrinsicContentSize() }
    }

    /// How the lines are aligned.
    open var textAlignment: NSTextAlignment = .natural
    /// How a line too long is cut.
    open var lineBreakMode: NSLineBreakMode = .byTruncatingTail
    /// Whether the font shrinks to fit the width (stored).
    open var adjustsFontSizeToFitWidth: Bool = false
    /// The smallest scale of the font when shrinking (stored).
    open var minimumScaleFactor: CGFloat = 0
    /// Whether letters tighten before truncating (stored).
    open var allowsDefaultTighteningForTruncation: Bool = false
    /// Whether the font follows the Dynamic Type setting (stored).
    open var adjustsFontForContentSizeCategory: Bool = false
    /// The width at which a multi-line label wraps when nothing else sets it.
    open var preferredMaxLayoutWidth: CGFloat = 0 {
        didSet { invalidateIntrinsicContentSize() }
    }
    /// Whether the label is enabled (a disabled one is drawn dimmed).
    open var isEnabled: Bool = true
    /// Whether the label is highlighted.
    open var isHighlighted: Bool = false
    /// The colour of highlighted text.
    open var highlightedTextColor: UIColor?
    /// The colour of the text's shadow.
    open var shadowColor: UIColor?
    /// The offset of the text's shadow.
    open var shadowOffset = CGSize(width: 0, height: -1)

    public override init(frame: CGRect) {
        super.init(frame: frame)
        isUserInteractionEnabled = false
    }

    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        isUserInteractionEnabled = false
    }

    var textMeasure: TextMeasure {
        TextMeasure(
            text: text ?? "", pointSize: Double(font.pointSize),
            bold: font.weight.rawValue >= 0.3 || font.fontName.contains("Bold"),
            numberOfLines: numberOfLines, preferredMaxLayoutWidth: Double(preferredMaxLayoutWidth))
    }

    /// The text's size on one line (or wrapped at `preferredMaxLayoutWidth`).
    open override var intrinsicContentSize: CGSize { textMeasure.size(forWidth: nil) }

    /// The text's size wrapped at the width of `size` (on one line when the width is 0).
    open override func sizeThatFits(_ size: CGSize) -> CGSize {
        textMeasure.size(forWidth: numberOfLines == 1 || size.width <= 0 ? nil : Double(size.width))
    }

    /// The rectangle of the text in `bounds`.
    open func textRect(forBounds bounds: CGRect, limitedToNumberOfLines numberOfLines: Int) -> CGRect {
        var measure = textMeasure
        measure.numberOfLines = numberOfLines
        return CGRect(origin: bounds.origin, size: measure.size(forWidth: Double(bounds.width)))
    }

    /// Draws the text (never called by nsesim).
    open func drawText(in rect: CGRect) {}

    override var layoutIntrinsic: LayoutSolver.Intrinsic { .text(textMeasure) }
    override var layoutFirstBaseline: Double? { Double(font.ascender) }
    override var layoutLastBaselineFromBottom: Double { Double(-font.descender) }
}
