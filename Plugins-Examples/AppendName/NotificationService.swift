import UserNotifications

/// Appends the sender's name from the payload to the body.
class NotificationService: UNNotificationServiceExtension {
    override func didReceive(_ request: UNNotificationRequest, withContentHandler contentHandler: @escaping (UNNotificationContent) -> Void) {
        guard let content = request.content.mutableCopy() as? UNMutableNotificationContent else {
            contentHandler(request.content)
            return
        }
        let sender = request.content.userInfo["sender"] as? String ?? "someone"
        content.body = "\(content.body) (from \(sender))"
        contentHandler(content)
    }
}
