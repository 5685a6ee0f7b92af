import UIKit
import UserNotifications
import UserNotificationsUI

/// Xcode's content extension template, whose storyboard was committed in the middle of a merge:
/// the conflict markers left in MainInterface.storyboard make it invalid XML (iOS would fail
/// the build in ibtool; nsesim refuses it with the file and line).
class NotificationViewController: UIViewController, UNNotificationContentExtension {
    @IBOutlet var label: UILabel?

    override func viewDidLoad() {
        super.viewDidLoad()
    }

    func didReceive(_ notification: UNNotification) {
        self.label?.text = notification.request.content.body
    }
}
