import UIKit
import UserNotifications
import UserNotificationsUI

/// A content extension whose Info.plist names neither NSExtensionMainStoryboard nor
/// NSExtensionPrincipalClass: iOS has nothing to load.
class NotificationViewController: UIViewController, UNNotificationContentExtension {
    let label = UILabel()

    func didReceive(_ notification: UNNotification) {
        label.text = notification.request.content.body
    }
}
