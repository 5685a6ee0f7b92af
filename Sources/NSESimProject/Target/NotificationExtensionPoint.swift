/// The notification extension points as a target's Info.plist names them
/// (`NSExtensionPointIdentifier`): what tells a project's notification extensions from its
/// other app extensions (widgets, share extensions), and a service extension from a content one.
package enum NotificationExtensionPoint: String, Sendable, CaseIterable {
    /// Notification service extensions.
    case service = "com.apple.usernotifications.service"
    /// Notification content extensions.
    case content = "com.apple.usernotifications.content-extension"
}
