import UserNotifications
import FirebaseMessaging
import KeychainSwift
import PushCore

/// A CocoaPods extension: FirebaseMessaging from the Firebase/Messaging pod (nsesim's
/// stand-in), KeychainSwift from Modules/KeychainSwift (the pod's Swift sources), PushCore from
/// the development pod's folder.
class NotificationService: UNNotificationServiceExtension {
    override func didReceive(_ request: UNNotificationRequest, withContentHandler contentHandler: @escaping (UNNotificationContent) -> Void) {
        let content = request.content.mutableCopy() as! UNMutableNotificationContent
        content.subtitle = PushCore.tag("token=" + KeychainSwift().get("push-token"))
        Messaging.serviceExtension().populateNotificationContent(content, withContentHandler: contentHandler)
    }
}
