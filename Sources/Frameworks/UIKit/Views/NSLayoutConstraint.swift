import Foundation

/// A relation between two attributes of views or layout guides:
/// `firstItem.firstAttribute = multiplier × secondItem.secondAttribute + constant` (or ≤, ≥).
/// nsesim solves active constraints with a simple frame layout (`LayoutSolver`), not with
/// Cassowary: see `UIView.layoutIfNeeded()`.
open class NSLayoutConstraint: NSObject {
    /// The first item: a view or a layout guide (not retained, as on iOS: the views hold their constraints).
    open private(set) weak var firstItem: AnyObject?
    /// The attribute of the first item.
    open private(set) var firstAttribute: Attribute
    /// The relation between the two sides.
    open private(set) var relation: Relation
    /// The second item; nil for a constant (`width = 40`). Not retained.
    open private(set) weak var secondItem: AnyObject?
    /// The attribute of the second item (`.notAnAttribute` for a constant).
    open private(set) var secondAttribute: Attribute
    /// The multiplier of the second attribute.
    open private(set) var multiplier: CGFloat
    /// The constant added.
    open var constant: CGFloat {
        didSet { Self.invalidate(self) }
    }
    /// The priority; a required (1000) constraint wins over others.
    open var priority: UILayoutPriority = .required {
        didSet { Self.invalidate(self) }
    }
    /// A name shown in debugging.
    open var identifier: String?
    /// Whether an archived constraint is kept in an archive (stored).
    open var shouldBeArchived: Bool = false

    /// The view holding the constraint while active.
    weak var holder: UIView?

    /// A constraint `item.attribute relation multiplier × toItem.attribute + constant`.
    public convenience init(
        item view1: Any, attribute attr1: Attribute, relatedBy relation: Relation,
        toItem view2: Any?, attribute attr2: Attribute, multiplier: CGFloat, constant c: CGFloat
    ) {
        self.init(first: view1 as AnyObject, attr1, relation, view2.map { $0 as AnyObject }, attr2, multiplier, c)
    }

    init(
        first: AnyObject?, _ firstAttribute: Attribute, _ relation: Relation, _ second: AnyObject?, _ secondAttribute: Attribute,
        _ multiplier: CGFloat, _ constant: CGFloat
    ) {
        self.firstItem = first
        self.firstAttribute = firstAttribute
        self.relation = relation
        self.secondItem = second
        self.secondAttribute = second == nil ? .notAnAttribute : secondAttribute
        self.multiplier = multiplier
        self.constant = constant
        super.init()
    }

    public override init() {
        self.firstAttribute = .notAnAttribute
        self.relation = .equal
        self.secondAttribute = .notAnAttribute
        self.multiplier = 1
        self.constant = 0
        super.init()
    }

    /// Whether the constraint takes part in layout. Activating it adds it to the closest common
    /// ancestor of its items (`constraints` of that view); deactivating removes it.
    open var isActive: Bool {
        get { holder != nil }
        set {
            if newValue == isActive { return }
            nonisolated(unsafe) let constraint = self
            onViews {
                if newValue {
                    (Self.commonAncestor(of: constraint) ?? Self.view(of: constraint.firstItem))?.addConstraint(constraint)
                } else {
                    constraint.holder?.removeConstraint(constraint)
                }
            }
        }
    }

    /// Activates each constraint.
    open class func activate(_ constraints: [NSLayoutConstraint]) {
        for constraint in constraints { constraint.isActive = true }
    }

    /// Deactivates each constraint.
    open class func deactivate(_ constraints: [NSLayoutConstraint]) {
        for constraint in constraints { constraint.isActive = false }
    }

    static func view(of item: AnyObject?) -> UIView? {
        if let view = item as? UIView { return view }
        return (item as? UILayoutGuide)?.owningView
    }

    @MainActor static func commonAncestor(of constraint: NSLayoutConstraint) -> UIView? {
        guard let first = view(of: constraint.firstItem) else { return nil }
        guard let second = view(of: constraint.secondItem) else { return first }
        var ancestors = Set<ObjectIdentifier>()
        var view: UIView? = first
        while let current = view {
            ancestors.insert(ObjectIdentifier(current))
            view = current.superview
        }
        view = second
        while let current = view {
            if ancestors.contains(ObjectIdentifier(current)) { return current }
            view = current.superview
        }
        return nil
    }

    static func invalidate(_ constraint: NSLayoutConstraint) {
        nonisolated(unsafe) let constraint = constraint
        onViews { constraint.holder?.setNeedsLayout() }
    }

    open override var description: String {
        func name(_ item: AnyObject?) -> String {
            guard let item else { return "" }
            return "\(type(of: item)):0x\(String(UInt(bitPattern: ObjectIdentifier(item).hashValue), radix: 16))"
        }
        let relationText =
            switch relation {
            case .equal: "=="
            case .lessThanOrEqual: "<="
            case .greaterThanOrEqual: ">="
            }
        var right = secondItem == nil ? "" : "\(name(secondItem)).\(secondAttribute)"
        if multiplier != 1 && secondItem != nil { right += " * \(multiplier)" }
        if constant != 0 || secondItem == nil { right += right.isEmpty ? "\(constant)" : " + \(constant)" }
        return "<NSLayoutConstraint \(identifier.map { "'\($0)' " } ?? "")\(name(firstItem)).\(firstAttribute) \(relationText) \(right)>"
    }

    /// An attribute of a view or layout guide that a constraint relates.
    public enum Attribute: Int, Sendable {
        case left = 1, right, top, bottom, leading, trailing, width, height, centerX, centerY, lastBaseline
        case firstBaseline = 12, leftMargin, rightMargin, topMargin, bottomMargin, leadingMargin, trailingMargin
        case centerXWithinMargins, centerYWithinMargins
        case notAnAttribute = 0

        /// The same attribute as `baseline` (iOS's older name).
        public static var baseline: Attribute { .lastBaseline }
    }

    /// How the two sides of a constraint relate.
    public enum Relation: Int, Sendable {
        case lessThanOrEqual = -1
        case equal = 0
        case greaterThanOrEqual = 1
    }

    /// An axis of layout.
    public enum Axis: Int, Sendable {
        case horizontal = 0
        case vertical = 1
    }
}

/// Runs view code from a constraint, which (as on iOS) is used on the main thread: views are
/// main-actor isolated, constraints are not marked so here (their `description` is read
/// anywhere), so the isolation is taken as given, as nsesim's UIKit always did.
func onViews<T>(_ body: @MainActor () -> T) -> T {
    withoutActuallyEscaping(body) { body in
        unsafeBitCast(body, to: (() -> T).self)()
    }
}
