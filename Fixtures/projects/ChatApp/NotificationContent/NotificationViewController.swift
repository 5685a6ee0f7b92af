import UIKit
import UserNotifications
import UserNotificationsUI

/// The app's content extension: listed by `nsesim targets`, never chosen without --target.
class NotificationViewController: UIViewController, UNNotificationContentExtension {
    @IBOutlet var label: UILabel?

    func didReceive(_ notification: UNNotification) {
        label?.text = notification.request.content.body
    }
}
