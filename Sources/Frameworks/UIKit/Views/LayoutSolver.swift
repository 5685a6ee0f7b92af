import Foundation

/// The simple frame layout iOS would produce for pinned edges and fixed sizes, over values only
/// (the views describe themselves as `Item`s and their active constraints as `Constraint`s).
///
/// Each item has, per axis, a start and a size in the root's coordinates, found in passes:
/// - an equality constraint whose other side is known gives a linear equation
///   `a × start + b × size = value` (leading: a 1, b 0; trailing: 1, 1; centre: 1, ½;
///   width: 0, 1; margins and baselines add a constant); taken by descending priority, the first
///   equations that determine a start or a size win (later conflicting ones are ignored), and two
///   edges give both;
/// - the other side of a constraint may be the unknown one (`superview.bottom = label.bottom + 8`
///   places the label), and a constraint between an item's width and height is an aspect ratio;
/// - when a pass finds nothing new, one still-free dimension of an item with an intrinsic size
///   (a label's text, at its width when known; an image; a stack's arranged subviews) takes it,
///   and the passes go on; the items still unplaced keep their current frames;
/// - inequalities are clamps, applied when an item's axis is known if their other side is;
/// - items with `translatesAutoresizingMaskIntoConstraints` keep their frame, resized by their
///   autoresizing mask when their superview's size changed; layout guides are their owner's
///   bounds (safe area) or its bounds inset by the margins;
/// - a stack view places its arranged subviews once its frame is known (`placeArranged`).
/// Limits: no Cassowary; a conflict between two required constraints is not reported; a lower
/// priority equation found in an earlier pass may win over a higher priority one found later;
/// right-to-left layout is not done (leading is left).
struct LayoutSolver {
    typealias Attribute = NSLayoutConstraint.Attribute
    typealias Relation = NSLayoutConstraint.Relation

    enum Intrinsic: Equatable {
        case none
        case size(width: Double?, height: Double?)
        case text(TextMeasure)
    }

    enum Placement: Equatable {
        /// The root: fixed size at the origin.
        case root(size: CGSize)
        /// `translatesAutoresizingMaskIntoConstraints`: the frame, autoresized from the parent's current size.
        case frame(CGRect, parentSize: CGSize, mask: UInt)
        /// Placed by constraints; the current frame is the fallback.
        case constraints(CGRect)
        /// The safe area of the parent (its bounds).
        case safeArea
        /// The parent's bounds inset by its margins.
        case margins
    }

    struct Stack: Equatable {
        var axis: NSLayoutConstraint.Axis
        var spacing: Double
        var distribution: UIStackView.Distribution
        var alignment: UIStackView.Alignment
        var arranged: [Int]
        var marginsRelative: Bool
        /// The space after an arranged item (`setCustomSpacing(_:after:)`), by item.
        var customSpacing: [Int: Double] = [:]

        func gap(after item: Int) -> Double { customSpacing[item] ?? spacing }

        /// The spaces between visible items.
        func totalSpacing(_ visible: [Int]) -> Double { visible.dropLast().reduce(0) { $0 + gap(after: $1) } }
    }

    struct Item: Equatable {
        var parent: Int?
        var placement: Placement
        var margins = UIEdgeInsets.zero
        var intrinsic = Intrinsic.none
        var hidden = false
        /// The first baseline from the top; nil: the bottom (a view without text).
        var firstBaseline: Double?
        /// The last baseline above the bottom.
        var lastBaselineFromBottom: Double = 0
        var hugging: (horizontal: Float, vertical: Float) = (250, 250)
        var stack: Stack?

        static func == (lhs: Item, rhs: Item) -> Bool {
            lhs.parent == rhs.parent && lhs.placement == rhs.placement && lhs.margins == rhs.margins && lhs.intrinsic == rhs.intrinsic
                && lhs.hidden == rhs.hidden && lhs.stack == rhs.stack
        }
    }

    struct Constraint: Equatable {
        var first: Int
        var firstAttribute: Attribute
        var relation: Relation = .equal
        var second: Int?
        var secondAttribute: Attribute = .notAnAttribute
        var multiplier: Double = 1
        var constant: Double = 0
        var priority: Float = 1000
    }

    var items: [Item]
    var constraints: [Constraint]

    /// An equation `a × start + b × size = value`, or an inequality.
    private struct Equation {
        var a: Double, b: Double, value: Double, relation: Relation, priority: Float
    }

    private var start: [[Double?]] = []
    private var size: [[Double?]] = []
    private var stackPlaced: Set<Int> = []
    private var arrangedIn: [Int: Int] = [:]

    init(items: [Item], constraints: [Constraint]) {
        self.items = items
        self.constraints = constraints
    }

    // MARK: Solving

    /// The frames: each item's in its parent's coordinates (a guide's in its owner's).
    mutating func solve() -> [CGRect] {
        let count = items.count
        start = [Array(repeating: nil, count: count), Array(repeating: nil, count: count)]
        size = start
        arrangedIn = [:]
        for (index, item) in items.enumerated() {
            for child in item.stack?.arranged ?? [] { arrangedIn[child] = index }
        }
        var intrinsicAllowed = Set<[Int]>()
        var fallback = Set<[Int]>()
        for _ in 0..<(4 * count + 20) {
            if pass(intrinsic: intrinsicAllowed, fallback: fallback) { continue }
            // Nothing new: let one free dimension take its intrinsic size, else its current frame.
            var stuck: [[Int]] = []
            for item in 0..<count where arrangedIn[item] == nil {
                for axis in 0...1 where start[axis][item] == nil || size[axis][item] == nil { stuck.append([item, axis]) }
            }
            if stuck.isEmpty { break }
            if let next = stuck.first(where: {
                !intrinsicAllowed.contains($0) && size[$0[1]][$0[0]] == nil && hasIntrinsic($0[0], axis: $0[1])
            }) {
                intrinsicAllowed.insert(next)
            } else if let next = stuck.first(where: { !fallback.contains($0) }) {
                fallback.insert(next)
            } else {
                break
            }
        }
        return (0..<count).map { index in
            let x = start[0][index] ?? 0
            let y = start[1][index] ?? 0
            let width = size[0][index] ?? 0
            let height = size[1][index] ?? 0
            let parentX = items[index].parent.flatMap { start[0][$0] } ?? 0
            let parentY = items[index].parent.flatMap { start[1][$0] } ?? 0
            return CGRect(x: x - parentX, y: y - parentY, width: max(0, width), height: max(0, height))
        }
    }

    /// One pass over every item and axis; whether anything new was found.
    private mutating func pass(intrinsic: Set<[Int]>, fallback: Set<[Int]>) -> Bool {
        var changed = false
        for index in items.indices {
            for axis in 0...1 where start[axis][index] == nil || size[axis][index] == nil {
                let before = (start[axis][index], size[axis][index])
                solve(index, axis: axis, intrinsic: intrinsic.contains([index, axis]), fallback: fallback.contains([index, axis]))
                if before != (start[axis][index], size[axis][index]) { changed = true }
            }
            if let stack = items[index].stack, !stackPlaced.contains(index), isKnown(index) {
                stackPlaced.insert(index)
                placeArranged(index, stack)
                changed = true
            }
        }
        return changed
    }

    private func isKnown(_ index: Int) -> Bool {
        start[0][index] != nil && size[0][index] != nil && start[1][index] != nil && size[1][index] != nil
    }

    private mutating func solve(_ index: Int, axis: Int, intrinsic useIntrinsic: Bool, fallback: Bool) {
        let item = items[index]
        if arrangedIn[index] != nil { return }
        let parentStart = item.parent.flatMap { start[axis][$0] }
        let parentSize = item.parent.flatMap { size[axis][$0] }
        switch item.placement {
        case .root(let rootSize):
            start[axis][index] = 0
            size[axis][index] = axis == 0 ? rootSize.width : rootSize.height
            return
        case .frame(let frame, let oldParentSize, let mask):
            var resized = frame
            if mask != 0 {
                guard let parentSize else { return }
                let newSize =
                    axis == 0
                    ? CGSize(width: parentSize, height: oldParentSize.height)
                    : CGSize(width: oldParentSize.width, height: parentSize)
                resized = Self.autoresize(frame, mask: mask, from: oldParentSize, to: newSize)
            }
            size[axis][index] = axis == 0 ? resized.width : resized.height
            if let parentStart { start[axis][index] = parentStart + (axis == 0 ? resized.minX : resized.minY) }
            return
        case .safeArea, .margins:
            guard let parentStart, let parentSize, let parent = item.parent else { return }
            let margins = items[parent].margins
            let (low, high) =
                item.placement == .safeArea
                ? (0.0, 0.0)
                : axis == 0 ? (Double(margins.left), Double(margins.right)) : (Double(margins.top), Double(margins.bottom))
            start[axis][index] = parentStart + low
            size[axis][index] = max(0, parentSize - low - high)
            return
        case .constraints(let frame):
            var equations = self.equations(for: index, axis: axis, equalities: true)
            if useIntrinsic, let natural = intrinsicSize(index, axis: axis) {
                let priority = axis == 0 ? item.hugging.horizontal : item.hugging.vertical
                equations.append(Equation(a: 0, b: 1, value: natural, relation: .equal, priority: priority))
            }
            if fallback {
                equations.append(Equation(a: 0, b: 1, value: axis == 0 ? frame.width : frame.height, relation: .equal, priority: 0))
                if let parentStart {
                    equations.append(
                        Equation(a: 1, b: 0, value: parentStart + (axis == 0 ? frame.minX : frame.minY), relation: .equal, priority: 0))
                }
            }
            var (s, z) = Self.solve(equations.sorted { $0.priority > $1.priority }, start: start[axis][index], size: size[axis][index])
            if let known = s, let width = z {
                (s, z) = Self.clamp(start: known, size: width, by: self.equations(for: index, axis: axis, equalities: false))
            }
            start[axis][index] = s
            size[axis][index] = z
        }
    }

    /// Solves equations taken in order, from what is known.
    private static func solve(_ equations: [Equation], start: Double?, size: Double?) -> (Double?, Double?) {
        var start = start
        var size = size
        var pending: [Equation] = []
        func apply(_ eq: Equation) -> Bool {
            if eq.a == 0 {
                if size == nil, eq.b != 0 { size = eq.value / eq.b }
                return true
            }
            if eq.b == 0 {
                if start == nil { start = eq.value }
                return true
            }
            if let size {
                if start == nil { start = eq.value - eq.b * size }
                return true
            }
            if let start {
                size = (eq.value - start) / eq.b
                return true
            }
            return false
        }
        for equation in equations {
            if apply(equation) {
                pending.removeAll { apply($0) }
            } else if let other = pending.first(where: { $0.b != equation.b }) {
                size = (equation.value - other.value) / (equation.b - other.b)
                start = equation.value - equation.b * size!
                pending.removeAll { apply($0) }
            } else {
                pending.append(equation)
            }
        }
        return (start, size)
    }

    /// Applies inequalities to a known start and size, lowest priority first.
    private static func clamp(start: Double, size: Double, by inequalities: [Equation]) -> (Double?, Double?) {
        var start = start
        var size = size
        for eq in inequalities.sorted(by: { $0.priority < $1.priority }) {
            let current = eq.a * start + eq.b * size
            let violated = eq.relation == .greaterThanOrEqual ? current < eq.value - 0.001 : current > eq.value + 0.001
            guard violated else { continue }
            if eq.a == 0 {
                if eq.b != 0 { size = max(0, eq.value / eq.b) }
            } else if eq.b == 0 {
                start = eq.value
            } else if eq.b == 1 {
                size = max(0, eq.value - start)
            } else {
                start = eq.value - eq.b * size
            }
        }
        return (start, size)
    }

    /// How an attribute of an item depends on its start and size: `a × start + b × size + k`, on an axis.
    private func form(_ attribute: Attribute, of index: Int) -> (axis: Int, a: Double, b: Double, k: Double)? {
        let item = items[index]
        let margins = (
            left: Double(item.margins.left), right: Double(item.margins.right),
            top: Double(item.margins.top), bottom: Double(item.margins.bottom)
        )
        switch attribute {
        case .left, .leading: return (0, 1, 0, 0)
        case .right, .trailing: return (0, 1, 1, 0)
        case .top: return (1, 1, 0, 0)
        case .bottom: return (1, 1, 1, 0)
        case .width: return (0, 0, 1, 0)
        case .height: return (1, 0, 1, 0)
        case .centerX: return (0, 1, 0.5, 0)
        case .centerY: return (1, 1, 0.5, 0)
        case .leftMargin, .leadingMargin: return (0, 1, 0, margins.left)
        case .rightMargin, .trailingMargin: return (0, 1, 1, -margins.right)
        case .topMargin: return (1, 1, 0, margins.top)
        case .bottomMargin: return (1, 1, 1, -margins.bottom)
        case .centerXWithinMargins: return (0, 1, 0.5, (margins.left - margins.right) / 2)
        case .centerYWithinMargins: return (1, 1, 0.5, (margins.top - margins.bottom) / 2)
        case .firstBaseline:
            if let baseline = item.firstBaseline { return (1, 1, 0, baseline) }
            return (1, 1, 1, -item.lastBaselineFromBottom)
        case .lastBaseline: return (1, 1, 1, -item.lastBaselineFromBottom)
        case .notAnAttribute: return nil
        }
    }

    /// The value of an attribute, when what it depends on is known.
    private func value(_ attribute: Attribute, of index: Int) -> Double? {
        guard let form = form(attribute, of: index) else { return nil }
        var total = form.k
        if form.a != 0 {
            guard let known = start[form.axis][index] else { return nil }
            total += form.a * known
        }
        if form.b != 0 {
            guard let known = size[form.axis][index] else { return nil }
            total += form.b * known
        }
        return total
    }

    /// The equations (or inequalities) on an item's axis whose other side is known.
    private func equations(for index: Int, axis: Int, equalities: Bool) -> [Equation] {
        var result: [Equation] = []
        for constraint in constraints where (constraint.relation == .equal) == equalities {
            // The item as the first side.
            if constraint.first == index, let mine = form(constraint.firstAttribute, of: index), mine.axis == axis {
                var other: Double? = 0
                if let second = constraint.second {
                    if second == index, form(constraint.secondAttribute, of: index)?.axis == axis { continue }
                    other = value(constraint.secondAttribute, of: second)
                }
                if let other {
                    let rhs = constraint.multiplier * other + constraint.constant - mine.k
                    result.append(Equation(a: mine.a, b: mine.b, value: rhs, relation: constraint.relation, priority: constraint.priority))
                }
            }
            // The item as the second side: solved for it.
            if constraint.second == index, constraint.first != index || form(constraint.firstAttribute, of: index)?.axis != axis,
                constraint.multiplier != 0, let mine = form(constraint.secondAttribute, of: index), mine.axis == axis,
                let other = value(constraint.firstAttribute, of: constraint.first)
            {
                let rhs = (other - constraint.constant) / constraint.multiplier - mine.k
                var relation = constraint.relation
                if constraint.multiplier > 0, relation != .equal {
                    relation = relation == .lessThanOrEqual ? .greaterThanOrEqual : .lessThanOrEqual
                }
                result.append(Equation(a: mine.a, b: mine.b, value: rhs, relation: relation, priority: constraint.priority))
            }
        }
        return result
    }

    // MARK: Intrinsic sizes

    private func hasIntrinsic(_ index: Int, axis: Int) -> Bool {
        switch items[index].intrinsic {
        case .none: return items[index].stack != nil
        case .text: return true
        case .size(let width, let height): return (axis == 0 ? width : height) != nil
        }
    }

    /// The natural size of an item along an axis: its text's (at its width when known), its content's,
    /// its arranged subviews'.
    private func intrinsicSize(_ index: Int, axis: Int, crossSize: Double? = nil) -> Double? {
        let item = items[index]
        if let stack = item.stack {
            let visible = stack.arranged.filter { !items[$0].hidden }
            let margins = stack.marginsRelative ? item.margins : .zero
            let along = stack.axis == .horizontal ? 0 : 1
            let inset = axis == 0 ? margins.left + margins.right : margins.top + margins.bottom
            if axis == along {
                let cross = (crossSize ?? size[1 - axis][index]).map {
                    $0 - Double(axis == 0 ? margins.top + margins.bottom : margins.left + margins.right)
                }
                let sizes = visible.map { child -> Double in
                    var childCross = cross
                    if stack.alignment != .fill, let available = cross {
                        childCross = min(preferredSize(child, axis: 1 - axis, crossSize: nil) ?? available, available)
                    }
                    return preferredSize(child, axis: axis, crossSize: childCross) ?? 0
                }
                return sizes.reduce(0, +) + stack.totalSpacing(visible) + inset
            }
            return (visible.map { preferredSize($0, axis: axis, crossSize: nil) ?? 0 }.max() ?? 0) + inset
        }
        switch item.intrinsic {
        case .none: return nil
        case .size(let width, let height): return axis == 0 ? width : height
        case .text(let text):
            if axis == 0 { return text.size(forWidth: nil).width }
            return text.size(forWidth: crossSize ?? size[0][index]).height
        }
    }

    /// The size an arranged subview asks for: a required constant size constraint, an aspect ratio
    /// to a known cross size, else its intrinsic size.
    private func preferredSize(_ index: Int, axis: Int, crossSize: Double?) -> Double? {
        let attribute: Attribute = axis == 0 ? .width : .height
        let other: Attribute = axis == 0 ? .height : .width
        for constraint in constraints.sorted(by: { $0.priority > $1.priority })
        where constraint.first == index && constraint.firstAttribute == attribute && constraint.relation == .equal {
            if constraint.second == nil { return constraint.constant }
            if constraint.second == index, constraint.secondAttribute == other, let crossSize {
                return constraint.multiplier * crossSize + constraint.constant
            }
        }
        // The same ratio written the other way round (width = 16:9 × height).
        for constraint in constraints.sorted(by: { $0.priority > $1.priority })
        where constraint.first == index && constraint.firstAttribute == other && constraint.relation == .equal
            && constraint.second == index && constraint.secondAttribute == attribute && constraint.multiplier != 0
        {
            if let crossSize { return (crossSize - constraint.constant) / constraint.multiplier }
        }
        return intrinsicSize(index, axis: axis, crossSize: crossSize)
    }

    /// Whether a required equality fixes the view's size along `axis`: a constant, or a ratio
    /// to its own other dimension.
    private func isFixed(_ index: Int, axis: Int) -> Bool {
        let attribute: Attribute = axis == 0 ? .width : .height
        let other: Attribute = axis == 0 ? .height : .width
        return constraints.contains { constraint in
            guard constraint.first == index, constraint.relation == .equal, constraint.priority >= 1000 else { return false }
            if constraint.second == nil { return constraint.firstAttribute == attribute }
            // An aspect ratio, written either way round.
            return constraint.second == index && Set([constraint.firstAttribute, constraint.secondAttribute]) == Set([attribute, other])
        }
    }

    // MARK: Stack views

    /// Places a stack view's arranged subviews in its known frame: along the axis by the
    /// distribution and spacing (hidden ones take no space), across it by the alignment.
    private mutating func placeArranged(_ index: Int, _ stack: Stack) {
        let margins = stack.marginsRelative ? items[index].margins : .zero
        let along = stack.axis == .horizontal ? 0 : 1
        let cross = 1 - along
        let alongStart = start[along][index]! + (along == 0 ? margins.left : margins.top)
        let available = size[along][index]! - (along == 0 ? margins.left + margins.right : margins.top + margins.bottom)
        let crossStart = start[cross][index]! + (cross == 0 ? margins.left : margins.top)
        let crossAvailable = size[cross][index]! - (cross == 0 ? margins.left + margins.right : margins.top + margins.bottom)
        let visible = stack.arranged.filter { !items[$0].hidden }
        let count = Double(visible.count)
        let spacingTotal = stack.totalSpacing(visible)

        // Across first when the stack is vertical (a label's height depends on its width).
        var crossSizes: [Int: Double] = [:]
        func crossSize(_ child: Int, alongSize: Double?) -> Double {
            if stack.alignment == .fill { return crossAvailable }
            return min(preferredSize(child, axis: cross, crossSize: alongSize) ?? crossAvailable, crossAvailable)
        }
        if along == 1 { for child in visible { crossSizes[child] = crossSize(child, alongSize: nil) } }

        let preferred = visible.map { preferredSize($0, axis: along, crossSize: crossSizes[$0]) }
        var sizes = preferred.map { $0 ?? 0 }
        var uniformGap: Double?
        let free = available - spacingTotal - sizes.reduce(0, +)
        switch stack.distribution {
        case .fillEqually:
            sizes = sizes.map { _ in max(0, (available - spacingTotal) / max(count, 1)) }
        case .fillProportionally:
            let total = sizes.reduce(0, +)
            sizes = sizes.map { total > 0 ? (available - spacingTotal) * $0 / total : (available - spacingTotal) / max(count, 1) }
        case .equalSpacing, .equalCentering:
            if free >= 0, count > 1 { uniformGap = (spacingTotal + free) / (count - 1) } else { fallthrough }
        case .fill:
            if !sizes.isEmpty, abs(free) > 0.001 {
                // The view hugging least (ties: one without an intrinsic size, then the last) takes the
                // difference; a view whose size a required constraint fixes (a constant, an aspect
                // ratio) cannot, as in Auto Layout, unless every view is fixed.
                let hugging = visible.map { along == 0 ? items[$0].hugging.horizontal : items[$0].hugging.vertical }
                let flexible = visible.indices.filter { !isFixed(visible[$0], axis: along) }
                let pool = flexible.isEmpty ? Array(visible.indices) : flexible
                let lowest = pool.map { hugging[$0] }.min()!
                let candidates = pool.filter { hugging[$0] == lowest }
                let chosen = candidates.last(where: { preferred[$0] == nil }) ?? candidates.last!
                sizes[chosen] = max(0, sizes[chosen] + free)
            }
        }
        var position = alongStart
        var sizeOf: [Int: Double] = [:]
        for (offset, child) in visible.enumerated() { sizeOf[child] = sizes[offset] }
        for child in stack.arranged {
            let alongSize = sizeOf[child] ?? 0
            let width = crossSizes[child] ?? crossSize(child, alongSize: alongSize)
            start[along][child] = position
            size[along][child] = alongSize
            let crossOffset: Double =
                switch stack.alignment {
                case .fill, .leading, .firstBaseline: 0
                case .center: (crossAvailable - width) / 2
                case .trailing, .lastBaseline: crossAvailable - width
                }
            start[cross][child] = crossStart + crossOffset
            size[cross][child] = width
            if sizeOf[child] != nil { position += alongSize + (uniformGap ?? stack.gap(after: child)) }
        }
    }

    // MARK: Autoresizing

    /// A frame resized by an autoresizing mask (`UIView.AutoresizingMask` raw value) when its
    /// superview's size changes: each axis's difference is shared among the flexible margins and
    /// size in proportion to their current lengths (evenly when they are all zero).
    static func autoresize(_ frame: CGRect, mask: UInt, from oldSize: CGSize, to newSize: CGSize) -> CGRect {
        func share(_ delta: Double, low: Double, length: Double, high: Double, flexible: (Bool, Bool, Bool)) -> (Double, Double) {
            let parts = [(flexible.0, low), (flexible.1, length), (flexible.2, high)].filter { $0.0 }
            guard !parts.isEmpty, delta != 0 else { return (0, 0) }
            let total = parts.reduce(0) { $0 + max(0, $1.1) }
            func portion(_ flag: Bool, _ part: Double) -> Double {
                guard flag else { return 0 }
                return total > 0 ? delta * max(0, part) / total : delta / Double(parts.count)
            }
            return (portion(flexible.0, low), portion(flexible.1, length))
        }
        let horizontal = share(
            newSize.width - oldSize.width, low: frame.minX, length: frame.width, high: oldSize.width - frame.maxX,
            flexible: (mask & 1 != 0, mask & 2 != 0, mask & 4 != 0))
        let vertical = share(
            newSize.height - oldSize.height, low: frame.minY, length: frame.height, high: oldSize.height - frame.maxY,
            flexible: (mask & 8 != 0, mask & 16 != 0, mask & 32 != 0))
        return CGRect(
            x: frame.minX + horizontal.0, y: frame.minY + vertical.0,
            width: max(0, frame.width + horizontal.1), height: max(0, frame.height + vertical.1))
    }
}
