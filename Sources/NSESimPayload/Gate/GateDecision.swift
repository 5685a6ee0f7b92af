/// Whether iOS runs the service extension for a notification (docs/behaviour.md#the-invocation-gate), and why not.
package struct GateDecision: Sendable, Equatable {
    /// True when the extension is invoked.
    package let invoked: Bool
    /// Why the extension is not invoked; nil when it is.
    package let notInvokedReason: String?

    /// The extension runs.
    package static let invoke = GateDecision(invoked: true, notInvokedReason: nil)

    /// The extension does not run, for this reason.
    package static func skip(_ reason: String) -> GateDecision {
        GateDecision(invoked: false, notInvokedReason: reason)
    }
}
