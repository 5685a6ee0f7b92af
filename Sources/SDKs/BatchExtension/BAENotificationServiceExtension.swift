import UserNotifications

/// Batch's drop-in replacement for `UNNotificationServiceExtension`: set it as the
/// extension's base class, override nothing, and Batch downloads and attaches the push's rich
/// content (`RichNotificationHelper`).
open class BAENotificationServiceExtension: UNNotificationServiceExtension {
    let richNotificationHelper = RichNotificationHelper()

    /// Hands the request to Batch's helper, which calls `contentHandler` once.
    override open func didReceive(
        _ request: UNNotificationRequest,
        withContentHandler contentHandler: @escaping (UNNotificationContent) -> Void
    ) {
        richNotificationHelper.didReceive(request, withContentHandler: contentHandler)
    }

    /// Tells Batch's helper that time is up (it does nothing, as Batch's does).
    override open func serviceExtensionTimeWillExpire() {
        richNotificationHelper.serviceExtensionTimeWillExpire()
    }
}
