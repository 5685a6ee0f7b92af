import PushwooshFramework
import UserNotifications

// Pushwoosh's guide (SDK 7.1): the ready-made class, customised as its header shows: the
// app group given in code, a preparation step, the content changed inside super's handler.
class PushwooshCustomNotificationService: PushwooshNotificationServiceExtension {
    var prepared = false

    override func pushwooshAppGroupsName() -> String? {
        return "group.com.example.news"
    }

    override func pushwooshPrepare(for request: UNNotificationRequest, completion: @escaping () -> Void) {
        prepared = true
        completion()
    }

    override func didReceive(_ request: UNNotificationRequest, withContentHandler contentHandler: @escaping (UNNotificationContent) -> Void)
    {
        super.didReceive(request) { content in
            let mutable = (content.mutableCopy() as? UNMutableNotificationContent) ?? UNMutableNotificationContent()
            mutable.subtitle = "via Pushwoosh"
            contentHandler(mutable)
        }
    }
}

// The manager, as Pushwoosh's earlier guides and many apps call it (deprecated in 7.1).
class PushwooshManagerNotificationService: UNNotificationServiceExtension {
    var contentHandler: ((UNNotificationContent) -> Void)?
    var bestAttemptContent: UNMutableNotificationContent?

    override func didReceive(_ request: UNNotificationRequest, withContentHandler contentHandler: @escaping (UNNotificationContent) -> Void)
    {
        self.contentHandler = contentHandler
        bestAttemptContent = (request.content.mutableCopy() as? UNMutableNotificationContent)
        if request.content.userInfo["legacy"] != nil {
            PWNotificationExtensionManager.shared().handle(request, withAppGroups: "group.com.example.news")
            contentHandler(request.content)
        } else if request.content.userInfo["group"] != nil {
            PWNotificationExtensionManager.shared().handle(request, withAppGroups: "group.com.example.news", contentHandler: contentHandler)
        } else {
            PWNotificationExtensionManager.shared().handle(request, contentHandler: contentHandler)
        }
    }

    override func serviceExtensionTimeWillExpire() {
        if let contentHandler = contentHandler, let bestAttemptContent = bestAttemptContent {
            contentHandler(bestAttemptContent)
        }
    }
}
