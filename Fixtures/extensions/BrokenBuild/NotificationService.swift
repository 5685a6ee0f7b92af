import UserNotifications

/// Test fixture: does not compile (a String where an Int belongs, on the marked line).
class NotificationService: UNNotificationServiceExtension {
    override func didReceive(_ request: UNNotificationRequest, withContentHandler contentHandler: @escaping (UNNotificationContent) -> Void) {
        let content = request.content.mutableCopy() as! UNMutableNotificationContent
        let retries: Int = "three" // BROKEN-LINE
        content.body = "retries: \(retries)"
        contentHandler(content)
    }
}
