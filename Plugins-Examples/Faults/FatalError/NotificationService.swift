import UserNotifications

/// Stops with fatalError() on a payload it does not expect, before the content handler.
/// Swift traps (SIGILL on x86_64, SIGTRAP on arm64) after printing the message. iOS shows
/// the original content (outcome original-crash).
class NotificationService: UNNotificationServiceExtension {
    override func didReceive(_ request: UNNotificationRequest, withContentHandler contentHandler: @escaping (UNNotificationContent) -> Void) {
        let content = request.content.mutableCopy() as! UNMutableNotificationContent
        guard let version = request.content.userInfo["payload-version"] as? Int, version == 2 else {
            fatalError("unsupported payload version: \(request.content.userInfo["payload-version"] ?? "none")")
        }
        content.body = "payload version \(version)"
        contentHandler(content)
    }
}
