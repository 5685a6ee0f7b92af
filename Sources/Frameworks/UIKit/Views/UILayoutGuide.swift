import Foundation

/// A rectangle that takes part in Auto Layout without being a view: a view's
/// `safeAreaLayoutGuide` (its bounds: an extension's interface has no unsafe area),
/// `layoutMarginsGuide` (the bounds inset by the layout margins), or one added with
/// `UIView.addLayoutGuide(_:)`, placed by its constraints.
open class UILayoutGuide: NSObject {
    /// The view the guide belongs to.
    open internal(set) weak var owningView: UIView?
    /// A name for debugging.
    open var identifier: String = ""
    /// The guide's rectangle in its owning view's coordinates, after layout.
    open internal(set) var layoutFrame: CGRect = .zero

    enum Kind { case custom, safeArea, margins }
    var kind: Kind = .custom

    public override init() { super.init() }

    init(kind: Kind, owner: UIView) {
        self.kind = kind
        self.owningView = owner
        super.init()
        identifier = kind == .safeArea ? "UIViewSafeAreaLayoutGuide" : kind == .margins ? "UIViewLayoutMarginsGuide" : ""
    }

    /// The left edge.
    open var leftAnchor: NSLayoutXAxisAnchor { NSLayoutXAxisAnchor(self, .left) }
    /// The right edge.
    open var rightAnchor: NSLayoutXAxisAnchor { NSLayoutXAxisAnchor(self, .right) }
    /// The leading edge.
    open var leadingAnchor: NSLayoutXAxisAnchor { NSLayoutXAxisAnchor(self, .leading) }
    /// The trailing edge.
    open var trailingAnchor: NSLayoutXAxisAnchor { NSLayoutXAxisAnchor(self, .trailing) }
    /// The top edge.
    open var topAnchor: NSLayoutYAxisAnchor { NSLayoutYAxisAnchor(self, .top) }
    /// The bottom edge.
    open var bottomAnchor: NSLayoutYAxisAnchor { NSLayoutYAxisAnchor(self, .bottom) }
    /// The width.
    open var widthAnchor: NSLayoutDimension { NSLayoutDimension(self, .width) }
    /// The height.
    open var heightAnchor: NSLayoutDimension { NSLayoutDimension(self, .height) }
    /// The horizontal centre.
    open var centerXAnchor: NSLayoutXAxisAnchor { NSLayoutXAxisAnchor(self, .centerX) }
    /// The vertical centre.
    open var centerYAnchor: NSLayoutYAxisAnchor { NSLayoutYAxisAnchor(self, .centerY) }
}
