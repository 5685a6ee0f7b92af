import Foundation

/// A control showing a title and an image per state. nsesim keeps its `titleLabel` and
/// `imageView` out of `subviews` (they are iOS's private subviews); its intrinsic size is the
/// title's and the image's side by side, plus 6 points above and below the title (a system
/// button with a 15 point title is 30 points high, as on iOS) and the content insets.
open class UIButton: UIControl {
    /// The type given at creation.
    open private(set) var buttonType: ButtonType = .custom
    private var titles: [UInt: String] = [:]
    private var attributedTitles: [UInt: NSAttributedString] = [:]
    private var titleColors: [UInt: UIColor] = [:]
    private var images: [UInt: UIImage] = [:]
    private var backgroundImages: [UInt: UIImage] = [:]
    private lazy var label: UILabel = {
        let label = UILabel()
        label.font = .systemFont(ofSize: 15)
        return label
    }()
    private lazy var imageViewStorage = UIImageView()

    /// Space around the title and image together.
    open var contentEdgeInsets: UIEdgeInsets = .zero { didSet { invalidateIntrinsicContentSize() } }
    /// Space around the title (moves it; the intrinsic size ignores it, as on iOS).
    open var titleEdgeInsets: UIEdgeInsets = .zero
    /// Space around the image.
    open var imageEdgeInsets: UIEdgeInsets = .zero
    /// Whether the image dims when highlighted (stored).
    open var adjustsImageWhenHighlighted: Bool = true
    /// Whether the image dims when disabled (stored).
    open var adjustsImageWhenDisabled: Bool = true
    /// Whether touches show a glow (stored).
    open var showsTouchWhenHighlighted: Bool = false
    /// The menu shown (stored, as any object).
    open var menu: AnyObject?
    /// Whether the menu is the primary action (stored).
    open var showsMenuAsPrimaryAction: Bool = false
    /// The look of the button (iOS 15); its title, image and colours win over the per-state ones.
    open var configuration: Configuration? {
        didSet {
            updateConfiguration()
            invalidateIntrinsicContentSize()
        }
    }
    /// Called to update the configuration when the state changes (`setNeedsUpdateConfiguration()`).
    open var configurationUpdateHandler: ConfigurationUpdateHandler?
    /// Whether the state changes update the configuration (stored).
    open var automaticallyUpdatesConfiguration: Bool = true

    /// A button of a type: a system button's title is the tint colour.
    public convenience init(type buttonType: ButtonType) {
        self.init(frame: .zero)
        self.buttonType = buttonType
    }

    /// A button of a type running `primaryAction` when tapped; its title and image are the action's (iOS 14).
    public convenience init(type buttonType: ButtonType = .system, primaryAction: UIAction?) {
        self.init(type: buttonType)
        if let primaryAction {
            setTitle(primaryAction.title.isEmpty ? nil : primaryAction.title, for: .normal)
            setImage(primaryAction.image, for: .normal)
            addAction(primaryAction, for: .primaryActionTriggered)
        }
    }

    public override init(frame: CGRect) { super.init(frame: frame) }

    /// A button with a configuration (iOS 15), running `primaryAction` when tapped.
    public convenience init(configuration: Configuration, primaryAction: UIAction? = nil) {
        self.init(type: .system)
        self.configuration = configuration
        if let primaryAction { addAction(primaryAction, for: .primaryActionTriggered) }
    }

    /// Asks for `configurationUpdateHandler` and `updateConfiguration()`, which nsesim calls at once.
    open func setNeedsUpdateConfiguration() {
        configurationUpdateHandler?(self)
        updateConfiguration()
    }

    /// Override to update `configuration` for the current state.
    open func updateConfiguration() {}

    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        buttonType = .system
    }

    /// Runs the actions of `.primaryActionTriggered` too when `.touchUpInside` is sent, as a tap does.
    open override func sendActions(for controlEvents: UIControl.Event) {
        var events = controlEvents
        if events.contains(.touchUpInside) { events.insert(.primaryActionTriggered) }
        super.sendActions(for: events)
    }

    // MARK: Per state

    private func value<T>(_ table: [UInt: T], _ state: UIControl.State) -> T? { table[state.rawValue] ?? table[0] }

    /// Sets the title of a state.
    open func setTitle(_ title: String?, for state: UIControl.State) {
        titles[state.rawValue] = title
        invalidateIntrinsicContentSize()
    }

    /// The title of a state (the normal one when the state has none).
    open func title(for state: UIControl.State) -> String? { value(titles, state) ?? value(attributedTitles, state)?.string }

    /// Sets the styled title of a state.
    open func setAttributedTitle(_ title: NSAttributedString?, for state: UIControl.State) {
        attributedTitles[state.rawValue] = title
        invalidateIntrinsicContentSize()
    }

    /// The styled title of a state.
    open func attributedTitle(for state: UIControl.State) -> NSAttributedString? { value(attributedTitles, state) }

    /// Sets the title colour of a state.
    open func setTitleColor(_ color: UIColor?, for state: UIControl.State) { titleColors[state.rawValue] = color }

    /// The title colour of a state: the tint colour of a system button, white for a custom one, unless set.
    open func titleColor(for state: UIControl.State) -> UIColor? {
        if let color = value(titleColors, state) { return color }
        if state.contains(.disabled) && buttonType != .custom { return .systemGray }
        return buttonType == .custom ? .white : tintColor
    }

    /// Sets the image of a state.
    open func setImage(_ image: UIImage?, for state: UIControl.State) {
        images[state.rawValue] = image
        invalidateIntrinsicContentSize()
    }

    /// The image of a state.
    open func image(for state: UIControl.State) -> UIImage? { value(images, state) }

    /// Sets the background image of a state.
    open func setBackgroundImage(_ image: UIImage?, for state: UIControl.State) { backgroundImages[state.rawValue] = image }

    /// The background image of a state.
    open func backgroundImage(for state: UIControl.State) -> UIImage? { value(backgroundImages, state) }

    /// The title of the current state (the configuration's when it has one).
    open var currentTitle: String? { configuration?.title ?? title(for: state) }
    /// The title colour of the current state (the configuration's foreground when it has one).
    open var currentTitleColor: UIColor {
        if let configuration, value(titleColors, state) == nil { return configuration.foregroundColor(tint: tintColor) }
        return titleColor(for: state) ?? .white
    }
    /// The image of the current state (the configuration's when it has one).
    open var currentImage: UIImage? { configuration?.image ?? image(for: state) }
    /// The background image of the current state.
    open var currentBackgroundImage: UIImage? { backgroundImage(for: state) }
    /// The styled title of the current state.
    open var currentAttributedTitle: NSAttributedString? { attributedTitle(for: state) }

    /// The label showing the title (its text follows the current state at layout).
    open var titleLabel: UILabel? {
        label.text = currentTitle
        label.textColor = currentTitleColor
        return label
    }

    /// The image view showing the image.
    open var imageView: UIImageView? {
        imageViewStorage.image = currentImage
        return imageViewStorage
    }

    // MARK: Size

    /// The title's and the image's size side by side, with 6 points above and below the title and the content insets.
    open override var intrinsicContentSize: CGSize {
        if let configuration { return configuration.size(title: currentTitle) }
        let title = currentTitle ?? ""
        var measure = label.textMeasure
        measure.text = title
        let titleSize = measure.size(forWidth: nil)
        let imageSize = currentImage?.size ?? .zero
        var width = titleSize.width + imageSize.width
        var height = max(title.isEmpty ? 0 : titleSize.height + 12, imageSize.height)
        if title.isEmpty && currentImage == nil {
            width = 30
            height = 30
        }
        return CGSize(
            width: width + contentEdgeInsets.left + contentEdgeInsets.right,
            height: height + contentEdgeInsets.top + contentEdgeInsets.bottom)
    }

    /// The intrinsic size.
    open override func sizeThatFits(_ size: CGSize) -> CGSize { intrinsicContentSize }

    open override func layoutSubviews() {
        super.layoutSubviews()
        let content = bounds.inset(by: contentEdgeInsets)
        let imageSize = currentImage?.size ?? .zero
        let titleSize = label.intrinsicContentSize
        let total = imageSize.width + titleSize.width
        let x = content.minX + max(0, (content.width - total) / 2)
        imageViewStorage.frame = CGRect(x: x, y: content.midY - imageSize.height / 2, width: imageSize.width, height: imageSize.height)
        label.frame = CGRect(
            x: x + imageSize.width, y: content.midY - titleSize.height / 2,
            width: min(titleSize.width, content.width - imageSize.width), height: titleSize.height)
    }

    /// The kinds of buttons.
    public enum ButtonType: Int, Sendable {
        case custom = 0
        case system
        case detailDisclosure
        case infoLight
        case infoDark
        case contactAdd
        case plain
        case close

        /// A system button (the older rounded rectangle).
        public static var roundedRect: ButtonType { .system }
    }
}
