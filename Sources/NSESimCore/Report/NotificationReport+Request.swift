import NSESimPayload
import NSESimRuntime

extension NotificationReport {
    /// `request`: the `UNNotificationRequest` iOS built from the payload.
    package struct Request: Codable, Sendable, Equatable {
        /// The request's identifier: `apns-collapse-id`, else a fresh UUID.
        package var identifier: String
        /// `apns-push-type`.
        package var pushType: PushType
        /// `apns-collapse-id`, or `null`.
        @Nullable package var collapseID: String?
        /// `apns-id`, or `null`.
        @Nullable package var apnsID: String?
        /// Always a push trigger that does not repeat.
        package var trigger: Trigger
        /// The content as the payload gives it (Apple's property names).
        package var content: JSONValue
    }
}
