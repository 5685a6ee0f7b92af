import Foundation

/// A view that sends actions for events: buttons. nsesim delivers no touches; an event is sent
/// with `sendActions(for:)` (nsesim's own code does for a tap it simulates). The `UIAction`s
/// added for the event run; target–action pairs are recorded (`allTargets`,
/// `actions(forTarget:forControlEvent:)`) but not called, since Linux has no Objective-C runtime
/// to call a selector by name.
open class UIControl: UIView {
    /// Whether the control is enabled.
    open var isEnabled: Bool = true
    /// Whether the control is selected.
    open var isSelected: Bool = false
    /// Whether the control is highlighted (touched).
    open var isHighlighted: Bool = false
    /// The vertical alignment of the content (stored).
    open var contentVerticalAlignment: ContentVerticalAlignment = .center
    /// The horizontal alignment of the content (stored).
    open var contentHorizontalAlignment: ContentHorizontalAlignment = .center

    /// The control's state: normal, or highlighted, disabled, selected.
    open var state: State {
        var state: State = []
        if isHighlighted { state.insert(.highlighted) }
        if !isEnabled { state.insert(.disabled) }
        if isSelected { state.insert(.selected) }
        return state
    }

    private struct TargetAction {
        weak var target: AnyObject?
        let hasTarget: Bool
        let action: Selector
        let events: Event
    }

    private var targetActions: [TargetAction] = []
    private var uiActions: [(action: UIAction, events: Event)] = []

    public override init(frame: CGRect) { super.init(frame: frame) }

    public required init?(coder: NSCoder) { super.init(coder: coder) }

    /// A control running `primaryAction` on `.primaryActionTriggered` (iOS 14).
    public convenience init(frame: CGRect, primaryAction: UIAction?) {
        self.init(frame: frame)
        if let primaryAction { addAction(primaryAction, for: .primaryActionTriggered) }
    }

    /// Records that `action` is to be sent to `target` for `controlEvents` (not called on Linux).
    open func addTarget(_ target: Any?, action: Selector, for controlEvents: Event) {
        let object = target.map { $0 as AnyObject }
        targetActions.append(TargetAction(target: object, hasTarget: object != nil, action: action, events: controlEvents))
    }

    /// Removes target–action pairs: of `target` (nil: every target), of `action` (nil: every action), for the events.
    open func removeTarget(_ target: Any?, action: Selector?, for controlEvents: Event) {
        let object = target.map { $0 as AnyObject }
        targetActions.removeAll { pair in
            (object == nil || pair.target === object) && (action == nil || pair.action == action)
                && !pair.events.intersection(controlEvents).isEmpty
        }
    }

    /// The targets of the recorded target–action pairs.
    open var allTargets: Set<AnyHashable> {
        Set(targetActions.compactMap { $0.target.map { ($0 as? AnyHashable) ?? AnyHashable(ObjectIdentifier($0)) } })
    }

    /// The events with target–action pairs or actions.
    open var allControlEvents: Event {
        (targetActions.map(\.events) + uiActions.map(\.events)).reduce(into: []) { $0.formUnion($1) }
    }

    /// The names of the actions sent to `target` for `controlEvent`.
    open func actions(forTarget target: Any?, forControlEvent controlEvent: Event) -> [String]? {
        let object = target.map { $0 as AnyObject }
        let names = targetActions.filter { pair in
            (object == nil ? !pair.hasTarget : pair.target === object) && !pair.events.intersection(controlEvent).isEmpty
        }.map(\.action.description)
        return names.isEmpty ? nil : names
    }

    /// Runs `action` when one of `controlEvents` is sent (iOS 14).
    open func addAction(_ action: UIAction, for controlEvents: Event) {
        uiActions.append((action, controlEvents))
    }

    /// Removes `action` for `controlEvents`.
    open func removeAction(_ action: UIAction, for controlEvents: Event) {
        uiActions.removeAll { $0.action === action && !$0.events.intersection(controlEvents).isEmpty }
    }

    /// Removes the action with `actionIdentifier` for `controlEvents`.
    open func removeAction(identifiedBy actionIdentifier: UIAction.Identifier, for controlEvents: Event) {
        uiActions.removeAll { $0.action.identifier == actionIdentifier && !$0.events.intersection(controlEvents).isEmpty }
    }

    /// Calls `enumerator` with each action and its events.
    open func enumerateEventHandlers(_ enumerator: (UIAction?, (Any?, Selector)?, Event, inout Bool) -> Void) {
        var stop = false
        for (action, events) in uiActions {
            enumerator(action, nil, events, &stop)
            if stop { return }
        }
        for pair in targetActions {
            enumerator(nil, (pair.target, pair.action), pair.events, &stop)
            if stop { return }
        }
    }

    /// Sends the events: runs the `UIAction`s added for them (target–action pairs are recorded only).
    open func sendActions(for controlEvents: Event) {
        let matching = uiActions.filter { !$0.events.intersection(controlEvents).isEmpty }
        for (action, _) in matching {
            action.sender = self
            action.handler(action)
        }
    }

    /// Sends an action message (not called on Linux: no Objective-C runtime).
    open func sendAction(_ action: Selector, to target: Any?, for event: AnyObject?) {}

    /// Runs a `UIAction` as the control would.
    open func sendAction(_ action: UIAction) {
        action.sender = self
        action.handler(action)
    }

    /// Events of a control.
    public struct Event: OptionSet, Hashable, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }

        public static let touchDown = Event(rawValue: 1 << 0)
        public static let touchDownRepeat = Event(rawValue: 1 << 1)
        public static let touchDragInside = Event(rawValue: 1 << 2)
        public static let touchDragOutside = Event(rawValue: 1 << 3)
        public static let touchDragEnter = Event(rawValue: 1 << 4)
        public static let touchDragExit = Event(rawValue: 1 << 5)
        public static let touchUpInside = Event(rawValue: 1 << 6)
        public static let touchUpOutside = Event(rawValue: 1 << 7)
        public static let touchCancel = Event(rawValue: 1 << 8)
        public static let valueChanged = Event(rawValue: 1 << 12)
        public static let menuActionTriggered = Event(rawValue: 1 << 14)
        public static let primaryActionTriggered = Event(rawValue: 1 << 13)
        public static let editingDidBegin = Event(rawValue: 1 << 16)
        public static let editingChanged = Event(rawValue: 1 << 17)
        public static let editingDidEnd = Event(rawValue: 1 << 18)
        public static let editingDidEndOnExit = Event(rawValue: 1 << 19)
        public static let allTouchEvents = Event(rawValue: 0x0000_0FFF)
        public static let allEditingEvents = Event(rawValue: 0x000F_0000)
        public static let applicationReserved = Event(rawValue: 0x0F00_0000)
        public static let systemReserved = Event(rawValue: 0xF000_0000)
        public static let allEvents = Event(rawValue: 0xFFFF_FFFF)
    }

    /// States of a control, for titles, colours and images.
    public struct State: OptionSet, Hashable, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }

        public static let normal = State([])
        public static let highlighted = State(rawValue: 1 << 0)
        public static let disabled = State(rawValue: 1 << 1)
        public static let selected = State(rawValue: 1 << 2)
        public static let focused = State(rawValue: 1 << 3)
        public static let application = State(rawValue: 0x00FF_0000)
        public static let reserved = State(rawValue: 0xFF00_0000)
    }

    /// Vertical alignment of a control's content.
    public enum ContentVerticalAlignment: Int, Sendable { case center, top, bottom, fill }
    /// Horizontal alignment of a control's content.
    public enum ContentHorizontalAlignment: Int, Sendable { case center, left, right, fill, leading, trailing }
}
