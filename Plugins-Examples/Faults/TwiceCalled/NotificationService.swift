import UserNotifications

/// Calls the content handler twice; only the first call counts (nsesim warns about the second).
class NotificationService: UNNotificationServiceExtension {
    override func didReceive(_ request: UNNotificationRequest, withContentHandler contentHandler: @escaping (UNNotificationContent) -> Void) {
        let first = request.content.mutableCopy() as! UNMutableNotificationContent
        first.body = "first call"
        contentHandler(first)
        let second = request.content.mutableCopy() as! UNMutableNotificationContent
        second.body = "second call"
        contentHandler(second)
    }
}
