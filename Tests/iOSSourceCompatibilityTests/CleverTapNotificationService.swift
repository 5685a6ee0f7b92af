import CTNotificationService
import CleverTapSDK
import UserNotifications

// CleverTap's guide for payloads with keys of one's own: mediaUrlKey and mediaTypeKey set
// before handing the request to CTNotificationServiceExtension.
class CleverTapCustomKeysNotificationService: CTNotificationServiceExtension {
    override func didReceive(_ request: UNNotificationRequest, withContentHandler contentHandler: @escaping (UNNotificationContent) -> Void)
    {
        CleverTap.setCredentialsWithAccountID("TEST-R78-ZZK-955Z", andToken: "TEST-311-ba2")
        CleverTap.setDebugLevel(CleverTapLogLevel.off.rawValue)
        CleverTap.sharedInstance()?.recordNotificationViewedEvent(withData: request.content.userInfo)
        CleverTap.sharedInstance()?.profilePush(["Identity": 123456, "Email": "test@test.com"])
        self.mediaUrlKey = "myMediaUrlKey"
        self.mediaTypeKey = "myMediaTypeKey"
        super.didReceive(request, withContentHandler: contentHandler)
    }

    override func serviceExtensionTimeWillExpire() {
        super.serviceExtensionTimeWillExpire()
    }
}
