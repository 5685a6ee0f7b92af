import UserNotifications

/// Never calls the content handler, not even when time runs out: iOS kills it and shows
/// the original content (outcome original-timeout).
class NotificationService: UNNotificationServiceExtension {
    var contentHandler: ((UNNotificationContent) -> Void)?

    override func didReceive(_ request: UNNotificationRequest, withContentHandler contentHandler: @escaping (UNNotificationContent) -> Void) {
        self.contentHandler = contentHandler
    }

    override func serviceExtensionTimeWillExpire() {
        // Forgets to deliver the best attempt.
    }
}
