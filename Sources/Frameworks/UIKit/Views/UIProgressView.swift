import Foundation

/// A bar showing progress from 0 to 1; 4 points high (its intrinsic height).
open class UIProgressView: UIView {
    /// The bar's look.
    public enum Style: Int, Sendable { case `default`, bar }

    /// The style.
    open var progressViewStyle: Style = .default
    /// The progress, 0 to 1.
    open var progress: Float = 0 { didSet { progress = min(max(progress, 0), 1) } }
    /// The colour of the filled part (nil: the tint colour).
    open var progressTintColor: UIColor?
    /// The colour of the rest (nil: a light gray).
    open var trackTintColor: UIColor?
    /// An image for the filled part (stored).
    open var progressImage: UIImage?
    /// An image for the rest (stored).
    open var trackImage: UIImage?
    /// The progress object followed (stored).
    open var observedProgress: Progress?

    /// A progress bar of a style.
    public init(progressViewStyle style: Style) {
        progressViewStyle = style
        super.init(frame: .zero)
    }

    public override init(frame: CGRect) { super.init(frame: frame) }

    public required init?(coder: NSCoder) { super.init(coder: coder) }

    /// Sets the progress (at once).
    open func setProgress(_ progress: Float, animated: Bool) {
        self.progress = progress
    }

    /// No intrinsic width, 4 points high.
    open override var intrinsicContentSize: CGSize { CGSize(width: UIView.noIntrinsicMetric, height: 4) }
}
