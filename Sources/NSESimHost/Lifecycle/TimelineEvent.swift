/// One moment of a notification's life, in milliseconds from the call of `didReceive`.
package struct TimelineEvent: Sendable, Equatable {
    /// The events of docs/behaviour.md#timeline-events.
    package enum Kind: String, Sendable, CaseIterable, Codable {
        case didReceive, contentHandler, timeWillExpire, killed, crashed, delivered
        /// The extension's empty content was filtered (in place of `delivered`): iOS shows nothing.
        case filtered
    }

    /// Milliseconds since nsesim handed the request to the extension.
    package let tMs: Double
    /// What happened.
    package let event: Kind
    /// More about it: "ignored (call 2)", "SIGKILL at the end of the grace", ...
    package let detail: String?

    package init(tMs: Double, event: Kind, detail: String? = nil) {
        self.tMs = tMs
        self.event = event
        self.detail = detail
    }
}
