import NSESimHost

extension NotificationReport {
    /// One timeline entry.
    package struct Event: Codable, Sendable, Equatable {
        /// Milliseconds from `didReceive`, to a tenth.
        package var tMs: Double
        /// What happened.
        package var event: TimelineEvent.Kind
        /// More about it: "ignored (call 2)", "SIGKILL at the end of the grace", ...
        package var detail: String?
    }
}
