import Foundation

/// A view showing an image; its intrinsic size is the image's in points.
open class UIImageView: UIView {
    /// The image shown.
    open var image: UIImage? {
        didSet { invalidateIntrinsicContentSize() }
    }
    /// The image shown when highlighted.
    open var highlightedImage: UIImage?
    /// Whether the highlighted image is shown.
    open var isHighlighted: Bool = false
    /// The frames of an animation (stored: shown is the first, or `image`).
    open var animationImages: [UIImage]?
    /// The frames of the highlighted animation (stored).
    open var highlightedAnimationImages: [UIImage]?
    /// The length of one cycle of the animation.
    open var animationDuration: TimeInterval = 0
    /// How many times the animation repeats (0: forever).
    open var animationRepeatCount: Int = 0
    /// Whether the animation runs.
    open private(set) var isAnimating: Bool = false
    /// The configuration of a symbol image (stored).
    open var preferredSymbolConfiguration: UIImage.SymbolConfiguration?

    /// An image view showing `image`, as big as it.
    public init(image: UIImage?) {
        self.image = image
        super.init(frame: CGRect(origin: .zero, size: image?.size ?? .zero))
        isUserInteractionEnabled = false
    }

    /// An image view with an image and a highlighted image.
    public init(image: UIImage?, highlightedImage: UIImage?) {
        self.image = image
        self.highlightedImage = highlightedImage
        super.init(frame: CGRect(origin: .zero, size: image?.size ?? .zero))
        isUserInteractionEnabled = false
    }

    public override init(frame: CGRect) {
        super.init(frame: frame)
        isUserInteractionEnabled = false
    }

    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        isUserInteractionEnabled = false
    }

    /// Starts the animation (recorded).
    open func startAnimating() { isAnimating = true }
    /// Stops the animation.
    open func stopAnimating() { isAnimating = false }

    /// The image shown now: the highlighted one when highlighted, else the image or the first frame.
    var shownImage: UIImage? {
        (isHighlighted ? highlightedImage : nil) ?? image ?? animationImages?.first
    }

    /// The image's size in points; none without an image.
    open override var intrinsicContentSize: CGSize {
        guard let image = shownImage else { return CGSize(width: UIView.noIntrinsicMetric, height: UIView.noIntrinsicMetric) }
        return image.size
    }

    /// The image's size.
    open override func sizeThatFits(_ size: CGSize) -> CGSize { shownImage?.size ?? bounds.size }
}
