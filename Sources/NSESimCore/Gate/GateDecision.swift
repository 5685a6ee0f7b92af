/// Whether iOS runs the service extension for a notification (SPEC section 3), and why not.
public struct GateDecision: Sendable, Equatable {
    /// True when the extension is invoked.
    public let invoked: Bool
    /// Why the extension is not invoked; nil when it is.
    public let notInvokedReason: String?

    /// The extension runs.
    public static let invoke = GateDecision(invoked: true, notInvokedReason: nil)

    /// The extension does not run, for this reason.
    public static func skip(_ reason: String) -> GateDecision {
        GateDecision(invoked: false, notInvokedReason: reason)
    }
}
