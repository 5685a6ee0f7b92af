import Foundation

/// A spinner showing that something is under way. Its intrinsic size is iOS's (20 points for
/// `.medium`, 37 for `.large`); it is hidden while stopped when `hidesWhenStopped`.
open class UIActivityIndicatorView: UIView {
    /// The spinner's size.
    public enum Style: Int, Sendable {
        case medium = 100
        case large = 101
        case whiteLarge = 0
        case white = 1
        case gray = 2
    }

    /// The style.
    open var style: Style = .medium { didSet { invalidateIntrinsicContentSize() } }
    /// The colour of the spinner.
    open var color: UIColor! = .gray
    /// Whether the spinner hides while stopped (true by default).
    open var hidesWhenStopped: Bool = true { didSet { isHidden = hidesWhenStopped && !isAnimating } }
    /// Whether it spins.
    open private(set) var isAnimating: Bool = false

    /// A spinner of a style.
    public init(style: Style) {
        self.style = style
        super.init(frame: .zero)
        frame.size = intrinsicContentSize
        isHidden = true
    }

    public override init(frame: CGRect) {
        super.init(frame: frame)
        isHidden = true
    }

    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        isHidden = true
    }

    /// Starts spinning (and shows the spinner).
    open func startAnimating() {
        isAnimating = true
        isHidden = false
    }

    /// Stops spinning (and hides it when `hidesWhenStopped`).
    open func stopAnimating() {
        isAnimating = false
        if hidesWhenStopped { isHidden = true }
    }

    /// 20 × 20 points, or 37 × 37 for the large styles.
    open override var intrinsicContentSize: CGSize {
        style == .large || style == .whiteLarge ? CGSize(width: 37, height: 37) : CGSize(width: 20, height: 20)
    }
}
