import ChatCore
import ChatFormatting
import UserNotifications

/// Uses the app's own modules (ChatCore, ChatFormatting) to title the notification with the
/// sender's display name, as extensions that share code with their app do.
class NotificationService: UNNotificationServiceExtension {
    override func didReceive(_ request: UNNotificationRequest, withContentHandler contentHandler: @escaping (UNNotificationContent) -> Void) {
        guard let content = request.content.mutableCopy() as? UNMutableNotificationContent else {
            contentHandler(request.content)
            return
        }
        let sender = ContactDirectory.contact(id: request.content.userInfo["sender"] as? String ?? "someone")
        content.title = NotificationText.title(for: sender, in: request.content.userInfo["thread"] as? String)
        contentHandler(content)
    }
}
