import UserNotifications

/// Sleeps forever, in didReceive and again in serviceExtensionTimeWillExpire(), as code
/// does that waits for a reply without a timeout: iOS kills it at the end of the grace and
/// shows the original content (outcome original-timeout).
class NotificationService: UNNotificationServiceExtension {
    override func didReceive(_ request: UNNotificationRequest, withContentHandler contentHandler: @escaping (UNNotificationContent) -> Void) {
        Thread.sleep(until: .distantFuture)
        contentHandler(request.content)
    }

    override func serviceExtensionTimeWillExpire() {
        Thread.sleep(until: .distantFuture)
    }
}
