extension NotificationReport {
    /// `request.trigger`: `{"type": "push", "repeats": false}`.
    package struct Trigger: Codable, Sendable, Equatable {
        /// `push`.
        package var type: String = "push"
        /// `false`: a push does not repeat.
        package var repeats: Bool = false
    }
}
