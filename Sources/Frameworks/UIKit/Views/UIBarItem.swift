import Foundation

/// An item of a navigation bar, toolbar or tab bar: title, image and whether it is enabled,
/// stored (a content extension's interface has no bars).
open class UIBarItem: NSObject {
    /// The title.
    open var title: String?
    /// The image.
    open var image: UIImage?
    /// The image for a compact (landscape phone) bar.
    open var landscapeImagePhone: UIImage?
    /// The image's insets.
    open var imageInsets: UIEdgeInsets = .zero
    /// Whether the item can be used.
    open var isEnabled = true
    /// A number the app gives the item.
    open var tag = 0

    public override init() { super.init() }
}

/// A button of a navigation bar or toolbar, with a target and action (stored).
open class UIBarButtonItem: UIBarItem {
    /// How the button is drawn.
    public enum Style: Int, Sendable { case plain = 0, bordered = 1, done = 2 }

    /// The style.
    open var style: Style = .plain
    /// The object sent `action`.
    open weak var target: AnyObject?
    /// The selector sent when tapped.
    open var action: Selector?
    /// What the button runs when tapped (iOS 14).
    open var primaryAction: UIAction?

    public override init() { super.init() }

    /// A button with a title.
    public convenience init(title: String?, style: Style, target: Any?, action: Selector?) {
        self.init()
        self.title = title
        self.style = style
        self.target = target as AnyObject?
        self.action = action
    }

    /// A button with an image.
    public convenience init(image: UIImage?, style: Style, target: Any?, action: Selector?) {
        self.init()
        self.image = image
        self.style = style
        self.target = target as AnyObject?
        self.action = action
    }

    /// A button running `primaryAction` (iOS 14).
    public convenience init(title: String? = nil, image: UIImage? = nil, primaryAction: UIAction? = nil) {
        self.init()
        self.title = title ?? primaryAction?.title
        self.image = image ?? primaryAction?.image
        self.primaryAction = primaryAction
    }
}
