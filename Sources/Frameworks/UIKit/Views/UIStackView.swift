import Foundation

/// A view that lines up its arranged subviews in a row or a column: along the axis by the
/// distribution with `spacing` between them (hidden ones take no space), across it by the
/// alignment. Its intrinsic size is theirs with the spacing.
open class UIStackView: UIView {
    /// The views lined up, in order (each is also a subview).
    open private(set) var arrangedSubviews: [UIView] = []
    /// The direction: a row (horizontal, the default) or a column.
    open var axis: NSLayoutConstraint.Axis = .horizontal { didSet { setNeedsLayout() } }
    /// The space between adjacent arranged subviews (the least, for `.equalSpacing`).
    open var spacing: CGFloat = 0 { didSet { setNeedsLayout() } }
    /// How the length along the axis is shared.
    open var distribution: Distribution = .fill { didSet { setNeedsLayout() } }
    /// How the views are placed across the axis.
    open var alignment: Alignment = .fill { didSet { setNeedsLayout() } }
    /// Whether the views are inside the layout margins rather than the bounds.
    open var isLayoutMarginsRelativeArrangement: Bool = false { didSet { setNeedsLayout() } }
    /// Whether the baselines are measured from the top of the stack (stored).
    open var isBaselineRelativeArrangement: Bool = false
    private var customSpacing: [ObjectIdentifier: CGFloat] = [:]

    /// A stack of views.
    public init(arrangedSubviews views: [UIView]) {
        super.init(frame: .zero)
        for view in views { addArrangedSubview(view) }
    }

    public override init(frame: CGRect) { super.init(frame: frame) }

    public required init?(coder: NSCoder) { super.init(coder: coder) }

    /// Adds a view at the end of the arranged subviews (and as a subview).
    open func addArrangedSubview(_ view: UIView) {
        insertArrangedSubview(view, at: arrangedSubviews.count)
    }

    /// Inserts a view among the arranged subviews (and adds it as a subview).
    open func insertArrangedSubview(_ view: UIView, at stackIndex: Int) {
        arrangedSubviews.removeAll { $0 === view }
        arrangedSubviews.insert(view, at: min(max(stackIndex, 0), arrangedSubviews.count))
        view.translatesAutoresizingMaskIntoConstraints = false
        if view.superview !== self { addSubview(view) }
        setNeedsLayout()
    }

    /// Removes a view from the arranged subviews; it stays a subview, as on iOS.
    open func removeArrangedSubview(_ view: UIView) {
        arrangedSubviews.removeAll { $0 === view }
        setNeedsLayout()
    }

    open override func willRemoveSubview(_ subview: UIView) {
        super.willRemoveSubview(subview)
        arrangedSubviews.removeAll { $0 === subview }
    }

    /// Sets the space after one arranged subview (`spacingUseSystem`: 8 points).
    open func setCustomSpacing(_ spacing: CGFloat, after arrangedSubview: UIView) {
        customSpacing[ObjectIdentifier(arrangedSubview)] = spacing
        setNeedsLayout()
    }

    /// The space after one arranged subview.
    open func customSpacing(after arrangedSubview: UIView) -> CGFloat {
        customSpacing[ObjectIdentifier(arrangedSubview)] ?? UIStackView.spacingUseDefault
    }

    /// The value of `customSpacing(after:)` when none was set.
    public static let spacingUseDefault: CGFloat = .greatestFiniteMagnitude
    /// The system spacing.
    public static let spacingUseSystem: CGFloat = -.greatestFiniteMagnitude

    override func layoutStack(indexOf: (UIView) -> Int?) -> LayoutSolver.Stack? {
        var stack = LayoutSolver.Stack(
            axis: axis, spacing: Double(spacing), distribution: distribution, alignment: alignment,
            arranged: arrangedSubviews.compactMap(indexOf), marginsRelative: isLayoutMarginsRelativeArrangement)
        for view in arrangedSubviews {
            guard let value = customSpacing[ObjectIdentifier(view)], value != UIStackView.spacingUseDefault, let index = indexOf(view)
            else { continue }
            stack.customSpacing[index] = value == UIStackView.spacingUseSystem ? 8 : Double(value)
        }
        return stack
    }

    /// How a stack view shares its length among its arranged subviews.
    public enum Distribution: Int, Sendable {
        /// Their natural sizes; the one hugging least takes the difference.
        case fill
        /// Equal sizes.
        case fillEqually
        /// Sizes in proportion to their natural sizes.
        case fillProportionally
        /// Natural sizes, the free space shared equally between them.
        case equalSpacing
        /// Natural sizes, equally spaced (here as `equalSpacing`).
        case equalCentering
    }

    /// How a stack view places its arranged subviews across its axis.
    public enum Alignment: Int, Sendable {
        case fill
        case leading
        case firstBaseline
        case center
        case trailing
        case lastBaseline

        /// Leading, in a row.
        public static var top: Alignment { .leading }
        /// Trailing, in a row.
        public static var bottom: Alignment { .trailing }
    }
}
