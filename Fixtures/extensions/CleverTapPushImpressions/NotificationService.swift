import CleverTapSDK
import CTNotificationService

// CleverTap's push impressions guide: the account in the extension's Info.plist, the
// Notification Viewed event recorded, then CTNotificationServiceExtension's rich media.
class NotificationService: CTNotificationServiceExtension {

    override func didReceive(_ request: UNNotificationRequest, withContentHandler contentHandler: @escaping (UNNotificationContent) -> Void) {
        CleverTap.setDebugLevel(CleverTapLogLevel.debug.rawValue)
        CleverTap.sharedInstance()?.recordNotificationViewedEvent(withData: request.content.userInfo)
        super.didReceive(request, withContentHandler: contentHandler)
    }
}
