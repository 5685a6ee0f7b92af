import NSESimRuntime

extension NotificationReport {
    /// `center`: what happened to the app's notification center.
    package struct Center: Codable, Sendable, Equatable {
        /// Each change, `{"change": "delivered", ...}`, in order.
        package var changes: [JSONValue]
    }
}
