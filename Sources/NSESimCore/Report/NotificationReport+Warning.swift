extension NotificationReport {
    /// One warning: a stable `code` (for replay's `expect.warnings`), the payload key it is
    /// about (`null` for the run's and the delivery's warnings) and a message.
    package struct Warning: Codable, Sendable, Equatable {
        package var code: String
        /// The payload key, `aps.mutable-content`; `null` when the warning is not about one.
        @Nullable package var key: String?
        package var message: String
    }
}
