import MoEngageRichNotification
import UserNotifications

// MoEngage's names as extensions write them: the SDK 8+ class as public apps call it (the
// `moengage` check before handing the push over, as apps that also use another vendor do),
// and the older class of MoEngage's own Swift sample app (MoEngage-iOS-SDK, Examples/Swift).

/// The setup guide's extension (SDK 8 and later).
class MoEngageNotificationService: UNNotificationServiceExtension {
    var contentHandler: ((UNNotificationContent) -> Void)?
    var bestAttemptContent: UNMutableNotificationContent?

    override func didReceive(_ request: UNNotificationRequest, withContentHandler contentHandler: @escaping (UNNotificationContent) -> Void)
    {
        MoEngageSDKRichNotification.setAppGroupID("group.com.example.app.moengage")
        self.contentHandler = contentHandler
        bestAttemptContent = (request.content.mutableCopy() as? UNMutableNotificationContent)
        if let _ = request.content.userInfo["moengage"] {
            MoEngageSDKRichNotification.handle(richNotificationRequest: request, withContentHandler: contentHandler)
        } else if let bestAttemptContent = bestAttemptContent {
            contentHandler(bestAttemptContent)
        }
    }

    override func serviceExtensionTimeWillExpire() {
        if let contentHandler = contentHandler, let bestAttemptContent = bestAttemptContent {
            contentHandler(bestAttemptContent)
        }
    }
}

/// MoEngage's own Swift sample app's extension (`MORichNotification`, before SDK 8).
class MoEngageLegacyNotificationService: UNNotificationServiceExtension {
    var contentHandler: ((UNNotificationContent) -> Void)?
    var bestAttemptContent: UNMutableNotificationContent?

    override func didReceive(_ request: UNNotificationRequest, withContentHandler contentHandler: @escaping (UNNotificationContent) -> Void)
    {
        MORichNotification.enableDebugging(true)
        MORichNotification.setAppGroupID("Your App Group ID")
        self.contentHandler = contentHandler
        bestAttemptContent = (request.content.mutableCopy() as? UNMutableNotificationContent)
        MORichNotification.handle(request, withContentHandler: contentHandler)
    }

    override func serviceExtensionTimeWillExpire() {
        if let contentHandler = contentHandler, let bestAttemptContent = bestAttemptContent {
            contentHandler(bestAttemptContent)
        }
    }
}
