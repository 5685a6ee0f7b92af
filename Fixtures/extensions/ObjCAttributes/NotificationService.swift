import UserNotifications

/// Written the way many projects write it: `@objc(Name)` so the Objective-C name stays
/// stable, `@objcMembers`, a `dynamic` property, and a `#selector` kept for later.
@objc(NotificationService)
@objcMembers
class NotificationService: UNNotificationServiceExtension {
    var contentHandler: ((UNNotificationContent) -> Void)?
    @objc dynamic var bestAttemptContent: UNMutableNotificationContent?
    let refresh = #selector(NotificationService.serviceExtensionTimeWillExpire)

    override func didReceive(_ request: UNNotificationRequest, withContentHandler contentHandler: @escaping (UNNotificationContent) -> Void) {
        self.contentHandler = contentHandler
        bestAttemptContent = (request.content.mutableCopy() as? UNMutableNotificationContent)
        // "@objc" in a string and in this comment stays: @objc dynamic var x
        bestAttemptContent?.subtitle = "@objc \(refresh)"
        if let bestAttemptContent = bestAttemptContent {
            contentHandler(bestAttemptContent)
        }
    }

    @objc override func serviceExtensionTimeWillExpire() {
        if let contentHandler = contentHandler, let bestAttemptContent = bestAttemptContent {
            contentHandler(bestAttemptContent)
        }
    }
}
