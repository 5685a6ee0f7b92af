import UserNotifications

/// What the push module does in a notification service extension.
public protocol MessagingPushInstance: AnyObject {
    /// Handles a Customer.io push (see `MessagingPush.didReceive(_:withContentHandler:)`).
    @discardableResult
    func didReceive(_ request: UNNotificationRequest, withContentHandler contentHandler: @escaping (UNNotificationContent) -> Void) -> Bool

    /// Delivers the pushes still being processed as they are.
    func serviceExtensionTimeWillExpire()
}
