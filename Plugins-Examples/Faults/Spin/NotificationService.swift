import UserNotifications

/// Busy-waits for a flag that nothing ever sets, burning a CPU core in didReceive, and does
/// nothing in serviceExtensionTimeWillExpire(): iOS kills it at the end of the grace and
/// shows the original content (outcome original-timeout).
class NotificationService: UNNotificationServiceExtension {
    /// Meant to be set by a download that was never started.
    var downloadFinished = false
    var spins: UInt64 = 0

    override func didReceive(_ request: UNNotificationRequest, withContentHandler contentHandler: @escaping (UNNotificationContent) -> Void) {
        while !downloadFinished {
            spins &+= 1
        }
        contentHandler(request.content)
    }
}
