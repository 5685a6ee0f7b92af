/// The principal class of a Notification Service Extension: subclass it and override
/// ``didReceive(_:withContentHandler:)``.
///
/// nsesim creates one with `init()` in a fresh process per notification, calls
/// `didReceive` at once, and calls ``serviceExtensionTimeWillExpire()`` on another thread
/// when the deadline (30 seconds by default) comes.
open class UNNotificationServiceExtension: NSObject {
    public override init() {
        super.init()
    }

    /// Called with the request of a remote notification whose `aps` has
    /// `mutable-content: 1` and an alert. Call `contentHandler` once, from any thread,
    /// with the content to show.
    ///
    /// This base implementation hands the content back unchanged.
    open func didReceive(_ request: UNNotificationRequest, withContentHandler contentHandler: @escaping (UNNotificationContent) -> Void) {
        contentHandler(request.content)
    }

    /// Called shortly before the system ends the extension: deliver the best attempt at
    /// the content now, or the original content is shown.
    open func serviceExtensionTimeWillExpire() {}
}
