import UserNotifications

/// Calls the content handler from a thread of its own, late: after the payload's
/// "handler-delay" seconds (default 1.5), whatever the deadline. It does nothing in
/// serviceExtensionTimeWillExpire(). A call during the grace after the deadline still
/// counts (outcome best-attempt); one that would come after the grace never happens,
/// because the process is killed first (outcome original-timeout).
class NotificationService: UNNotificationServiceExtension {
    override func didReceive(_ request: UNNotificationRequest, withContentHandler contentHandler: @escaping (UNNotificationContent) -> Void) {
        let delay = (request.content.userInfo["handler-delay"] as? Double) ?? 1.5
        let content = request.content.mutableCopy() as! UNMutableNotificationContent
        let worker = Thread {
            Thread.sleep(forTimeInterval: delay)
            content.body = "called after \(delay) s from another thread"
            contentHandler(content)
        }
        worker.start()
    }
}
