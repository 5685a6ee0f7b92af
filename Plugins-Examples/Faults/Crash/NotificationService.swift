import UserNotifications

/// Crashes before calling the content handler, the way a force-unwrap of a missing payload
/// key does: iOS shows the original content (outcome original-crash).
class NotificationService: UNNotificationServiceExtension {
    override func didReceive(_ request: UNNotificationRequest, withContentHandler contentHandler: @escaping (UNNotificationContent) -> Void) {
        let content = request.content.mutableCopy() as! UNMutableNotificationContent
        let imageURL = request.content.userInfo["image-url-that-is-not-there"] as! String
        content.body = imageURL
        contentHandler(content)
    }
}
