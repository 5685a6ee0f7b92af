import UserNotifications
import TinyFormat

/// An extension whose project gets TinyFormat from a remote Swift package, pinned in the
/// project's Package.resolved.
class NotificationService: UNNotificationServiceExtension {
    override func didReceive(_ request: UNNotificationRequest, withContentHandler contentHandler: @escaping (UNNotificationContent) -> Void) {
        let content = request.content.mutableCopy() as! UNMutableNotificationContent
        content.title = TinyFormat.shout(content.title)
        contentHandler(content)
    }
}
