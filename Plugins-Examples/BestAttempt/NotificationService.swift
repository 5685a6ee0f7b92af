import UserNotifications

/// Sets its fields at once, then waits for work that never finishes: it relies on
/// serviceExtensionTimeWillExpire() to deliver its best attempt.
class NotificationService: UNNotificationServiceExtension {
    var contentHandler: ((UNNotificationContent) -> Void)?
    var bestAttemptContent: UNMutableNotificationContent?

    override func didReceive(_ request: UNNotificationRequest, withContentHandler contentHandler: @escaping (UNNotificationContent) -> Void) {
        self.contentHandler = contentHandler
        bestAttemptContent = request.content.mutableCopy() as? UNMutableNotificationContent
        bestAttemptContent?.title = "Best attempt: \(request.content.title)"
        bestAttemptContent?.threadIdentifier = "best-attempt"
        // A download that never completes: the handler is never called from here.
    }

    override func serviceExtensionTimeWillExpire() {
        if let contentHandler = contentHandler, let bestAttemptContent = bestAttemptContent {
            bestAttemptContent.subtitle = "delivered by serviceExtensionTimeWillExpire"
            contentHandler(bestAttemptContent)
        }
    }
}
