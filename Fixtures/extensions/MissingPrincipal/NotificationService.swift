import UserNotifications

/// Test fixture (MissingPrincipal): valid sources; what is wrong is in (or missing from) the Info.plist.
class NotificationService: UNNotificationServiceExtension {
    override func didReceive(_ request: UNNotificationRequest, withContentHandler contentHandler: @escaping (UNNotificationContent) -> Void) {
        let content = request.content.mutableCopy() as! UNMutableNotificationContent
        content.title = "\(content.title) [MissingPrincipal]"
        contentHandler(content)
    }
}
