import UserNotifications
import CioMessagingPush

// The extension customer.io's Expo plugin writes: MessagingPush from its own module, the
// module initialized by the app's settings elsewhere (here: not at all, so the SDK delivers
// the content as it came and says so).
class NotificationService: UNNotificationServiceExtension {

    override func didReceive(_ request: UNNotificationRequest,
                             withContentHandler contentHandler:
                             @escaping (UNNotificationContent) -> Void) {
        MessagingPush.shared.didReceive(request, withContentHandler: contentHandler)
    }

    override func serviceExtensionTimeWillExpire() {
        MessagingPush.shared.serviceExtensionTimeWillExpire()
    }
}
