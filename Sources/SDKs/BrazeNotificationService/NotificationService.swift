import UserNotifications

/// Braze's ready-made service extension: subclass it (`class NotificationService:
/// BrazeNotificationService.NotificationService {}`) to have Braze handle every push; one
/// that is not Braze's is delivered unchanged.
open class NotificationService: UNNotificationServiceExtension {
    /// Braze handles its pushes; any other is delivered unchanged.
    open override func didReceive(
        _ request: UNNotificationRequest,
        withContentHandler contentHandler: @escaping (UNNotificationContent) -> Void
    ) {
        if brazeHandle(request: request, contentHandler: contentHandler) { return }
        contentHandler(request.content)
    }

    /// Delivers the best attempt of a Braze push still downloading.
    open override func serviceExtensionTimeWillExpire() {
        _ = brazeTimeWillExpire()
    }
}
