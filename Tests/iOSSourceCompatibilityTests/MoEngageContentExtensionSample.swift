import MoEngageRichNotification
import UIKit
import UserNotifications
import UserNotificationsUI

// MoEngage's push templates as content extensions ask for them (moengage/Flutter-SDK's
// example_spm PushTemplates target; the MORichNotification form of SDK 7 apps).
class MoEngagePushTemplatesViewController: UIViewController, UNNotificationContentExtension {
    override func viewDidLoad() {
        super.viewDidLoad()
        MoEngageSDKRichNotification.setAppGroupID("group.com.example.app.moengage")
    }

    func didReceive(_ notification: UNNotification) {
        MoEngageSDKRichNotification.addPushTemplate(toController: self, withNotification: notification)
    }
}

class MoEngageLegacyPushTemplatesViewController: UIViewController, UNNotificationContentExtension {
    func didReceive(_ notification: UNNotification) {
        MORichNotification.addPushTemplate(toController: self, withNotification: notification)
    }
}
