import UserNotifications

/// A spam filter as Apple documents filtering (iOS 13.3 and later, with the
/// com.apple.developer.usernotifications.filtering entitlement): a push the server marked as
/// spam is handed back as an empty content, which iOS does not show. Everything else is
/// marked as checked.
class NotificationService: UNNotificationServiceExtension {
    var contentHandler: ((UNNotificationContent) -> Void)?
    var bestAttemptContent: UNMutableNotificationContent?

    override func didReceive(_ request: UNNotificationRequest, withContentHandler contentHandler: @escaping (UNNotificationContent) -> Void) {
        self.contentHandler = contentHandler
        bestAttemptContent = (request.content.mutableCopy() as? UNMutableNotificationContent)
        if request.content.userInfo["verdict"] as? String == "spam" {
            contentHandler(UNNotificationContent())
            return
        }
        if let bestAttemptContent {
            bestAttemptContent.title = "[checked] \(bestAttemptContent.title)"
            contentHandler(bestAttemptContent)
        }
    }

    override func serviceExtensionTimeWillExpire() {
        if let contentHandler, let bestAttemptContent {
            contentHandler(bestAttemptContent)
        }
    }
}
