import GreetingKit
import UserNotifications

/// Imports a library product of a local Swift package (`--package`).
class NotificationService: UNNotificationServiceExtension {
    override func didReceive(_ request: UNNotificationRequest, withContentHandler contentHandler: @escaping (UNNotificationContent) -> Void) {
        let content = request.content.mutableCopy() as! UNMutableNotificationContent
        content.title = Greeting.title(for: request.content.userInfo["sender"] as? String ?? "you")
        contentHandler(content)
    }
}
