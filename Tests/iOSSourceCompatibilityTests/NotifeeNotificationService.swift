import RNNotifeeCore
import UserNotifications

// Notifee's helper as React Native apps' Swift extension targets call it (react-native-notify-kit's
// generated NotificationService.swift; public apps rewrite notifee_options before the call),
// and the form without the request of Notifee before 1.11.

/// The guide's extension, in Swift.
class NotifeeNotificationService: UNNotificationServiceExtension {
    var contentHandler: ((UNNotificationContent) -> Void)?
    var bestAttemptContent: UNMutableNotificationContent?

    override func didReceive(_ request: UNNotificationRequest, withContentHandler contentHandler: @escaping (UNNotificationContent) -> Void)
    {
        self.contentHandler = contentHandler
        self.bestAttemptContent = (request.content.mutableCopy() as? UNMutableNotificationContent)
        if let bestAttemptContent = bestAttemptContent, var userInfo = bestAttemptContent.userInfo as? [String: Any],
            userInfo["notifee_options"] == nil, let sender = userInfo["sender"] as? String
        {
            userInfo["notifee_options"] = NSDictionary(dictionary: ["title": sender, "ios": ["threadId": sender]])
            bestAttemptContent.userInfo = userInfo
        }
        NotifeeExtensionHelper.populateNotificationContent(request, with: self.bestAttemptContent!, withContentHandler: contentHandler)
    }

    override func serviceExtensionTimeWillExpire() {
        if let contentHandler = contentHandler, let bestAttemptContent = bestAttemptContent {
            contentHandler(bestAttemptContent)
        }
    }
}

/// Notifee before 1.11: the helper without the request.
class NotifeeLegacyNotificationService: UNNotificationServiceExtension {
    override func didReceive(_ request: UNNotificationRequest, withContentHandler contentHandler: @escaping (UNNotificationContent) -> Void)
    {
        let content = request.content.mutableCopy() as! UNMutableNotificationContent
        NotifeeExtensionHelper.populateNotificationContent(content, withContentHandler: contentHandler)
    }
}
