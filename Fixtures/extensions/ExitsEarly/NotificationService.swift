import UserNotifications

/// Test fixture: the process exits (status 0, no crash) before the content handler is
/// called; iOS shows the original content.
class NotificationService: UNNotificationServiceExtension {
    override func didReceive(_ request: UNNotificationRequest, withContentHandler contentHandler: @escaping (UNNotificationContent) -> Void) {
        exit(0)
    }
}
