import UserNotifications

/// Braze's ready-made service extension: subclass it (`class NotificationService:
/// BrazeNotificationService.NotificationService {}`) to have Braze handle every push; one
/// that is not Braze's is delivered unchanged.
open class NotificationService: UNNotificationServiceExtension {
    open override func didReceive(_ request: UNNotificationRequest,
                                  withContentHandler contentHandler: @escaping (UNNotificationContent) -> Void) {
        if brazeHandle(request: request, contentHandler: contentHandler) { return }
        contentHandler(request.content)
    }

    open override func serviceExtensionTimeWillExpire() {
        _ = brazeTimeWillExpire()
    }
}
