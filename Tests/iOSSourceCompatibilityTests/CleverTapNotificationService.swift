import UserNotifications
import CTNotificationService

// CleverTap's guide for payloads with keys of one's own: mediaUrlKey and mediaTypeKey set
// before handing the request to CTNotificationServiceExtension.
class CleverTapCustomKeysNotificationService: CTNotificationServiceExtension {
    override func didReceive(_ request: UNNotificationRequest, withContentHandler contentHandler: @escaping (UNNotificationContent) -> Void) {
        self.mediaUrlKey = "myMediaUrlKey"
        self.mediaTypeKey = "myMediaTypeKey"
        super.didReceive(request, withContentHandler: contentHandler)
    }

    override func serviceExtensionTimeWillExpire() {
        super.serviceExtensionTimeWillExpire()
    }
}
