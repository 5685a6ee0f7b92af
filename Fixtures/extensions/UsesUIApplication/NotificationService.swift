import UIKit
import UserNotifications

/// Code an app shares with its extension often reaches for UIApplication.shared: iOS refuses to
/// build it into an extension, and so does nsesim.
class NotificationService: UNNotificationServiceExtension {
    override func didReceive(_ request: UNNotificationRequest, withContentHandler contentHandler: @escaping (UNNotificationContent) -> Void) {
        UIApplication.shared.applicationIconBadgeNumber = 0 // APPLICATION-LINE
        contentHandler(request.content)
    }
}
