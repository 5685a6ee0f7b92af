@_spi(NSESim) import CoreGraphics
import Foundation

/// A rectangle on screen and the views inside it: the building block of a content extension's
/// interface. nsesim draws nothing itself: the tree is laid out (`layoutIfNeeded()`) and
/// described as JSON for the picture of the expanded notification.
open class UIView: UIResponder {
    private var storedFrame: CGRect
    private var boundsOrigin: CGPoint = .zero
    /// The subviews, back to front.
    open private(set) var subviews: [UIView] = []
    /// The view this view is a subview of.
    open private(set) weak var superview: UIView?
    /// The view controller whose `view` this is (for the layout callbacks).
    weak var owningViewController: UIViewController?
    private var storedConstraints: [NSLayoutConstraint] = []
    private var storedLayoutGuides: [UILayoutGuide] = []
    private var hugging: (horizontal: UILayoutPriority, vertical: UILayoutPriority) = (.defaultLow, .defaultLow)
    private var compressionResistance: (horizontal: UILayoutPriority, vertical: UILayoutPriority) = (.defaultHigh, .defaultHigh)
    /// The frame the last layout pass found for this view, applied by the superview's `layoutSubviews()`.
    var solvedFrame: CGRect?
    /// Whether `setNeedsLayout()` was called since the last layout.
    var needsLayout = true

    /// A view with a frame, in its superview's coordinates.
    public init(frame: CGRect) {
        storedFrame = frame
        super.init()
        layer.delegate = self
    }

    /// A view from an archive: nsesim's interface builder creates storyboard views this way, with
    /// a coder that holds nothing (the attributes are applied after).
    public required init?(coder: NSCoder) {
        storedFrame = .zero
        super.init()
        layer.delegate = self
    }

    /// A view with an empty frame.
    public override convenience init() {
        self.init(frame: .zero)
    }

    open override var next: UIResponder? { owningViewController ?? superview }

    // MARK: Geometry

    /// The rectangle in the superview's coordinates. Changing its size resizes the subviews
    /// whose `autoresizingMask` says so.
    open var frame: CGRect {
        get { storedFrame }
        set {
            let oldSize = storedFrame.size
            storedFrame = newValue
            if oldSize != newValue.size { sizeChanged(from: oldSize) }
        }
    }

    /// The rectangle in the view's own coordinates: origin (normally zero) and the frame's size.
    open var bounds: CGRect {
        get { CGRect(origin: boundsOrigin, size: storedFrame.size) }
        set {
            boundsOrigin = newValue.origin
            let center = self.center
            frame = CGRect(
                x: center.x - newValue.width / 2, y: center.y - newValue.height / 2,
                width: newValue.width, height: newValue.height)
        }
    }

    /// The centre of the frame, in the superview's coordinates.
    open var center: CGPoint {
        get { CGPoint(x: storedFrame.midX, y: storedFrame.midY) }
        set { storedFrame.origin = CGPoint(x: newValue.x - storedFrame.width / 2, y: newValue.y - storedFrame.height / 2) }
    }

    private func sizeChanged(from oldSize: CGSize) {
        setNeedsLayout()
        guard autoresizesSubviews else { return }
        for subview in subviews where subview.translatesAutoresizingMaskIntoConstraints && !subview.autoresizingMask.isEmpty {
            subview.frame = LayoutSolver.autoresize(
                subview.frame, mask: subview.autoresizingMask.rawValue,
                from: oldSize, to: storedFrame.size)
        }
    }

    // MARK: Hierarchy

    /// Adds a view on top of the subviews (moving it from its former superview).
    open func addSubview(_ view: UIView) {
        insertSubview(view, at: subviews.count)
    }

    /// Inserts a view at an index of `subviews`.
    open func insertSubview(_ view: UIView, at index: Int) {
        if view === self { return }
        let sameParent = view.superview === self
        if sameParent {
            subviews.removeAll { $0 === view }
        } else {
            view.willMove(toSuperview: self)
            view.removeFromSuperview()
        }
        subviews.insert(view, at: min(max(index, 0), subviews.count))
        view.superview = self
        setNeedsLayout()
        if !sameParent {
            didAddSubview(view)
            view.didMoveToSuperview()
        }
    }

    /// Inserts a view just below another subview.
    open func insertSubview(_ view: UIView, belowSubview siblingSubview: UIView) {
        insertSubview(view, at: subviews.firstIndex { $0 === siblingSubview } ?? 0)
    }

    /// Inserts a view just above another subview.
    open func insertSubview(_ view: UIView, aboveSubview siblingSubview: UIView) {
        insertSubview(view, at: (subviews.firstIndex { $0 === siblingSubview } ?? subviews.count - 1) + 1)
    }

    /// Removes the view from its superview, and the constraints that related it to views outside.
    open func removeFromSuperview() {
        guard let parent = superview else { return }
        parent.willRemoveSubview(self)
        willMove(toSuperview: nil)
        parent.subviews.removeAll { $0 === self }
        superview = nil
        var ancestor: UIView? = parent
        while let view = ancestor {
            for constraint in view.constraints where involves(constraint) { view.removeConstraint(constraint) }
            ancestor = view.superview
        }
        parent.setNeedsLayout()
        didMoveToSuperview()
    }

    private func involves(_ constraint: NSLayoutConstraint) -> Bool {
        [constraint.firstItem, constraint.secondItem].contains { item in
            guard let view = NSLayoutConstraint.view(of: item) else { return false }
            return view.isDescendant(of: self)
        }
    }

    /// Moves a subview to the front.
    open func bringSubviewToFront(_ view: UIView) {
        guard let index = subviews.firstIndex(where: { $0 === view }) else { return }
        subviews.append(subviews.remove(at: index))
    }

    /// Moves a subview to the back.
    open func sendSubviewToBack(_ view: UIView) {
        guard let index = subviews.firstIndex(where: { $0 === view }) else { return }
        subviews.insert(subviews.remove(at: index), at: 0)
    }

    /// Swaps two subviews.
    open func exchangeSubview(at index1: Int, withSubviewAt index2: Int) {
        subviews.swapAt(index1, index2)
    }

    /// Whether the view is `view` or inside it.
    open func isDescendant(of view: UIView) -> Bool {
        var current: UIView? = self
        while let candidate = current {
            if candidate === view { return true }
            current = candidate.superview
        }
        return false
    }

    /// The view with this tag: this view or one inside it, depth first.
    open func viewWithTag(_ tag: Int) -> UIView? {
        if self.tag == tag { return self }
        for subview in subviews {
            if let found = subview.viewWithTag(tag) { return found }
        }
        return nil
    }

    /// Called after a subview is added.
    open func didAddSubview(_ subview: UIView) {}
    /// Called before a subview is removed.
    open func willRemoveSubview(_ subview: UIView) {}
    /// Called before the view moves to a superview (nil: removed).
    open func willMove(toSuperview newSuperview: UIView?) {}
    /// Called after the view moved to a superview.
    open func didMoveToSuperview() {}
    /// Called before the view moves to a window (nsesim has none).
    open func willMove(toWindow newWindow: AnyObject?) {}
    /// Called after the view moved to a window.
    open func didMoveToWindow() {}

    /// A point from this view's coordinates to another's (both in one tree).
    open func convert(_ point: CGPoint, to view: UIView?) -> CGPoint {
        let mine = originInRoot
        let theirs = view?.originInRoot ?? .zero
        return CGPoint(x: point.x + mine.x - theirs.x, y: point.y + mine.y - theirs.y)
    }

    /// A point from another view's coordinates to this view's.
    open func convert(_ point: CGPoint, from view: UIView?) -> CGPoint {
        let mine = originInRoot
        let theirs = view?.originInRoot ?? .zero
        return CGPoint(x: point.x + theirs.x - mine.x, y: point.y + theirs.y - mine.y)
    }

    /// A rectangle from this view's coordinates to another's.
    open func convert(_ rect: CGRect, to view: UIView?) -> CGRect {
        CGRect(origin: convert(rect.origin, to: view), size: rect.size)
    }

    /// A rectangle from another view's coordinates to this view's.
    open func convert(_ rect: CGRect, from view: UIView?) -> CGRect {
        CGRect(origin: convert(rect.origin, from: view), size: rect.size)
    }

    private var originInRoot: CGPoint {
        var point = CGPoint(x: -boundsOrigin.x, y: -boundsOrigin.y)
        var view: UIView? = self
        while let current = view, let parent = current.superview {
            point.x += current.frame.minX - parent.bounds.minX
            point.y += current.frame.minY - parent.bounds.minY
            view = parent
        }
        return point
    }

    // MARK: Appearance

    /// The transform applied around the centre when drawn (stored: layout and snapshot use the frame).
    open var transform: CGAffineTransform = .identity
    /// A number to find the view with `viewWithTag(_:)`.
    open var tag: Int = 0
    /// The background colour; nil: transparent.
    open var backgroundColor: UIColor? {
        didSet { layer.backgroundColor = backgroundColor?.cgColor }
    }
    /// Whether the view (and its subviews) is hidden.
    open var isHidden: Bool = false {
        didSet { if oldValue != isHidden { superview?.setNeedsLayout() } }
    }
    /// The opacity, 0 to 1.
    open var alpha: CGFloat = 1
    /// Whether the view is opaque (a drawing hint).
    open var isOpaque: Bool = true
    /// Whether subviews are clipped to the bounds (the layer's `masksToBounds`).
    open var clipsToBounds: Bool {
        get { layer.masksToBounds }
        set { layer.masksToBounds = newValue }
    }
    private var storedTintColor: UIColor?
    /// The tint colour: this view's, else the superview's, else the system blue.
    open var tintColor: UIColor! {
        get { storedTintColor ?? superview?.tintColor ?? .systemBlue }
        set {
            storedTintColor = newValue
            tintColorDidChange()
        }
    }
    /// Whether the tint is dimmed (stored).
    open var tintAdjustmentMode: TintAdjustmentMode = .automatic
    /// Called when the tint colour changes.
    open func tintColorDidChange() {}
    /// How the content fills the bounds.
    open var contentMode: ContentMode = .scaleToFill
    /// Whether the view receives touches (stored: nsesim delivers none).
    open var isUserInteractionEnabled: Bool = true
    /// Whether several touches are delivered (stored).
    open var isMultipleTouchEnabled: Bool = false
    /// Whether the view is made of its frame and autoresizing mask (true, the default) rather
    /// than placed by constraints.
    open var translatesAutoresizingMaskIntoConstraints: Bool = true {
        didSet { superview?.setNeedsLayout() }
    }
    /// How the view resizes when its superview's size changes (with
    /// `translatesAutoresizingMaskIntoConstraints`).
    open var autoresizingMask: AutoresizingMask = []
    /// Whether subviews are resized by their masks when the view's size changes.
    open var autoresizesSubviews: Bool = true
    /// The view's layer; the view is its delegate, as on iOS.
    public let layer = CALayer()

    /// Sets the layer's contents when it is marked for display (`CALayerDelegate`); a view that
    /// draws its frames itself (an animated image view) overrides it.
    open func display(_ layer: CALayer) {}
    /// The class of the layer (CALayer).
    open class var layerClass: AnyClass { CALayer.self }
    /// The accessibility label (stored).
    open var accessibilityLabel: String?
    /// The accessibility identifier (stored).
    open var accessibilityIdentifier: String?
    /// Whether the view is an accessibility element (stored).
    open var isAccessibilityElement: Bool = false
    /// The window (nsesim has none: nil).
    open var window: AnyObject? { nil }
    /// The traits of the only screen nsesim has.
    open var traitCollection: UITraitCollection { .current }

    /// Asks for drawing (nothing draws views in nsesim).
    open func setNeedsDisplay() {}
    /// Asks for drawing part of the view.
    open func setNeedsDisplay(_ rect: CGRect) {}
    /// Draws the view's content (never called by nsesim).
    open func draw(_ rect: CGRect) {}

    // MARK: Constraints storage

    /// The constraints this view holds (those activated whose closest common ancestor it is).
    open var constraints: [NSLayoutConstraint] { storedConstraints }

    /// Holds and activates a constraint.
    open func addConstraint(_ constraint: NSLayoutConstraint) {
        if constraint.holder === self { return }
        constraint.holder?.removeConstraint(constraint)
        storedConstraints.append(constraint)
        constraint.holder = self
        setNeedsLayout()
    }

    /// Holds and activates constraints.
    open func addConstraints(_ constraints: [NSLayoutConstraint]) {
        for constraint in constraints { addConstraint(constraint) }
    }

    /// Removes and deactivates a constraint.
    open func removeConstraint(_ constraint: NSLayoutConstraint) {
        guard constraint.holder === self else { return }
        storedConstraints.removeAll { $0 === constraint }
        constraint.holder = nil
        setNeedsLayout()
    }

    /// Removes and deactivates constraints.
    open func removeConstraints(_ constraints: [NSLayoutConstraint]) {
        for constraint in constraints { removeConstraint(constraint) }
    }

    /// The layout guides added to this view.
    open var layoutGuides: [UILayoutGuide] { storedLayoutGuides }

    /// Adds a layout guide, placed by its constraints.
    open func addLayoutGuide(_ layoutGuide: UILayoutGuide) {
        layoutGuide.owningView = self
        storedLayoutGuides.append(layoutGuide)
    }

    /// Removes a layout guide.
    open func removeLayoutGuide(_ layoutGuide: UILayoutGuide) {
        storedLayoutGuides.removeAll { $0 === layoutGuide }
        layoutGuide.owningView = nil
    }

    /// The safe area: the bounds, since a notification's interface has no unsafe area.
    open var safeAreaLayoutGuide: UILayoutGuide {
        if let guide = storedSafeArea { return guide }
        let guide = UILayoutGuide(kind: .safeArea, owner: self)
        storedSafeArea = guide
        return guide
    }
    /// The bounds inset by `layoutMargins`.
    open var layoutMarginsGuide: UILayoutGuide {
        if let guide = storedMarginsGuide { return guide }
        let guide = UILayoutGuide(kind: .margins, owner: self)
        storedMarginsGuide = guide
        return guide
    }
    var storedSafeArea: UILayoutGuide?
    var storedMarginsGuide: UILayoutGuide?
    /// The guide of readable content: the margins here.
    open var readableContentGuide: UILayoutGuide { layoutMarginsGuide }

    private var storedLayoutMargins: UIEdgeInsets?

    /// The space kept inside the edges for content: 8 points on each side by default. A view
    /// controller's root view has the system minimum margins by default (16 points at the sides,
    /// none at the top and bottom, as on a 393-point-wide iPhone without safe area insets) and
    /// no less at the sides while `viewRespectsSystemMinimumLayoutMargins`.
    open var layoutMargins: UIEdgeInsets {
        get {
            guard let controller = owningViewController else {
                return storedLayoutMargins ?? UIEdgeInsets(top: 8, left: 8, bottom: 8, right: 8)
            }
            let minimum = controller.systemMinimumLayoutMargins
            var margins =
                storedLayoutMargins
                ?? UIEdgeInsets(top: minimum.top, left: minimum.leading, bottom: minimum.bottom, right: minimum.trailing)
            if controller.viewRespectsSystemMinimumLayoutMargins {
                margins.left = max(margins.left, minimum.leading)
                margins.right = max(margins.right, minimum.trailing)
            }
            return margins
        }
        set {
            storedLayoutMargins = newValue
            layoutMarginsDidChange()
            owningViewController?.viewLayoutMarginsDidChange()
            setNeedsLayout()
        }
    }

    /// `layoutMargins` by reading direction (left to right: leading is left).
    open var directionalLayoutMargins: NSDirectionalEdgeInsets {
        get {
            NSDirectionalEdgeInsets(
                top: layoutMargins.top, leading: layoutMargins.left, bottom: layoutMargins.bottom, trailing: layoutMargins.right)
        }
        set { layoutMargins = UIEdgeInsets(top: newValue.top, left: newValue.leading, bottom: newValue.bottom, right: newValue.trailing) }
    }

    /// Whether the margins add the superview's (stored).
    open var preservesSuperviewLayoutMargins: Bool = false
    /// Whether the margins are counted from the safe area (stored: it is the bounds).
    open var insetsLayoutMarginsFromSafeArea: Bool = true
    /// The insets of the safe area: none.
    open var safeAreaInsets: UIEdgeInsets { .zero }
    /// Called when the margins change.
    open func layoutMarginsDidChange() {}
    /// Called when the safe area changes (never).
    open func safeAreaInsetsDidChange() {}

    // MARK: Anchors

    /// The left edge.
    open var leftAnchor: NSLayoutXAxisAnchor { NSLayoutXAxisAnchor(self, .left) }
    /// The right edge.
    open var rightAnchor: NSLayoutXAxisAnchor { NSLayoutXAxisAnchor(self, .right) }
    /// The leading edge (left).
    open var leadingAnchor: NSLayoutXAxisAnchor { NSLayoutXAxisAnchor(self, .leading) }
    /// The trailing edge (right).
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
    /// The baseline of the first line of text (a label's; the bottom of other views).
    open var firstBaselineAnchor: NSLayoutYAxisAnchor { NSLayoutYAxisAnchor(self, .firstBaseline) }
    /// The baseline of the last line of text (a label's; the bottom of other views).
    open var lastBaselineAnchor: NSLayoutYAxisAnchor { NSLayoutYAxisAnchor(self, .lastBaseline) }

    // MARK: Sizes

    /// Value of `intrinsicContentSize` dimensions a view does not have.
    public static let noIntrinsicMetric: CGFloat = -1
    /// The smallest size a view can have (for `systemLayoutSizeFitting(_:)`).
    public static let layoutFittingCompressedSize = CGSize(width: 0, height: 0)
    /// The largest size a view can have.
    public static let layoutFittingExpandedSize = CGSize(width: 10_000, height: 10_000)

    /// The natural size of the content; `noIntrinsicMetric` in both dimensions for a plain view.
    open var intrinsicContentSize: CGSize { CGSize(width: UIView.noIntrinsicMetric, height: UIView.noIntrinsicMetric) }

    /// Says that `intrinsicContentSize` changed.
    open func invalidateIntrinsicContentSize() {
        setNeedsLayout()
        superview?.setNeedsLayout()
    }

    /// The size that fits in `size`: the current size for a plain view.
    open func sizeThatFits(_ size: CGSize) -> CGSize { bounds.size }

    /// Resizes the view to `sizeThatFits` its current size.
    open func sizeToFit() {
        let size = sizeThatFits(bounds.size)
        frame = CGRect(origin: frame.origin, size: size)
    }

    /// The size the view's constraints and content give it: the intrinsic size where it has one,
    /// else `targetSize`.
    open func systemLayoutSizeFitting(_ targetSize: CGSize) -> CGSize {
        let intrinsic = intrinsicContentSize
        return CGSize(
            width: intrinsic.width >= 0 ? intrinsic.width : targetSize.width,
            height: intrinsic.height >= 0 ? intrinsic.height : targetSize.height)
    }

    /// How much the view resists growing beyond its intrinsic size along an axis (stored; 250 by default).
    open func contentHuggingPriority(for axis: NSLayoutConstraint.Axis) -> UILayoutPriority {
        axis == .horizontal ? hugging.horizontal : hugging.vertical
    }

    /// Sets the hugging priority of an axis.
    open func setContentHuggingPriority(_ priority: UILayoutPriority, for axis: NSLayoutConstraint.Axis) {
        if axis == .horizontal { hugging.horizontal = priority } else { hugging.vertical = priority }
    }

    /// How much the view resists shrinking below its intrinsic size (stored; 750 by default).
    open func contentCompressionResistancePriority(for axis: NSLayoutConstraint.Axis) -> UILayoutPriority {
        axis == .horizontal ? compressionResistance.horizontal : compressionResistance.vertical
    }

    /// Sets the compression resistance of an axis.
    open func setContentCompressionResistancePriority(_ priority: UILayoutPriority, for axis: NSLayoutConstraint.Axis) {
        if axis == .horizontal { compressionResistance.horizontal = priority } else { compressionResistance.vertical = priority }
    }

    // MARK: Layout

    /// Asks for layout at the next `layoutIfNeeded()`.
    open func setNeedsLayout() {
        needsLayout = true
    }

    /// Lays out the tree this view is in, from its root (whose frame stays), when a view in it
    /// needs layout (`setNeedsLayout()`, called by every change that moves views): constraints are
    /// solved (`LayoutSolver`), then each view's `layoutSubviews()` runs, top down, and applies
    /// its subviews' frames (a view controller's `viewWillLayoutSubviews()` and
    /// `viewDidLayoutSubviews()` around its view's).
    open func layoutIfNeeded() {
        var root = self
        while let parent = root.superview { root = parent }
        root.layOutTree()
    }

    /// Sets the subviews' frames found by the layout; override to adjust them after `super`.
    open func layoutSubviews() {
        for subview in subviews {
            if let frame = subview.solvedFrame {
                subview.solvedFrame = nil
                subview.frame = frame
            }
        }
    }

    /// What the layout knows of the view's natural size (a label's text measure, else
    /// `intrinsicContentSize`).
    var layoutIntrinsic: LayoutSolver.Intrinsic {
        let size = intrinsicContentSize
        if size.width < 0 && size.height < 0 { return .none }
        return .size(width: size.width >= 0 ? size.width : nil, height: size.height >= 0 ? size.height : nil)
    }

    /// The first baseline from the top (nil: the bottom), for the layout.
    var layoutFirstBaseline: Double? { nil }
    /// The last baseline above the bottom, for the layout.
    var layoutLastBaselineFromBottom: Double { 0 }
    /// The stack the layout places this view's arranged subviews with.
    func layoutStack(indexOf: (UIView) -> Int?) -> LayoutSolver.Stack? { nil }
    var isLayingOut = false

    /// Says that the constraints changed (layout runs at the next `layoutIfNeeded()`).
    open func setNeedsUpdateConstraints() { setNeedsLayout() }
    /// Updates constraints (calls `updateConstraints()`).
    open func updateConstraintsIfNeeded() { updateConstraints() }
    /// Override to update constraints before layout; called by `layoutIfNeeded()`.
    open func updateConstraints() {}
    /// Whether the view needs constraint-based layout (true).
    open class var requiresConstraintBasedLayout: Bool { false }
}

extension UIView: CALayerDelegate {}
