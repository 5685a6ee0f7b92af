import UIKit
import UserNotifications
import UserNotificationsUI

/// Xcode's content extension template after the outlet was renamed in code only: the storyboard
/// still connects `label`, the class now has `messageLabel`. On iOS loading the storyboard
/// throws NSUnknownKeyException ("this class is not key value coding-compliant for the key
/// label") and the extension crashes.
class NotificationViewController: UIViewController, UNNotificationContentExtension {
    @IBOutlet var messageLabel: UILabel?

    override func viewDidLoad() {
        super.viewDidLoad()
    }

    func didReceive(_ notification: UNNotification) {
        self.messageLabel?.text = notification.request.content.body
    }
}
