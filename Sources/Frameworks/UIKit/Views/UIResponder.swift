import Foundation

/// An object that can respond to events: views and view controllers. nsesim delivers no
/// touches; the responder chain is kept for `next`.
@preconcurrency @MainActor open class UIResponder: NSObject {
    public override init() { super.init() }

    /// The next responder: a view's view controller or superview, a view controller's view's superview.
    open var next: UIResponder? { nil }

    /// Whether the responder can become first responder.
    open var canBecomeFirstResponder: Bool { false }

    /// Whether the responder is first responder (never: nsesim has no keyboard).
    open var isFirstResponder: Bool { false }

    /// Asks to become first responder; false, as nothing has focus.
    @discardableResult
    open func becomeFirstResponder() -> Bool { false }

    /// Gives up first responder status.
    @discardableResult
    open func resignFirstResponder() -> Bool { true }
}
