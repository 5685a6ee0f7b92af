import UserNotifications

/// Blocks the thread that runs didReceive (a synchronous wait that never ends); iOS still
/// calls serviceExtensionTimeWillExpire() on another thread, which delivers the best attempt.
class NotificationService: UNNotificationServiceExtension {
    var contentHandler: ((UNNotificationContent) -> Void)?
    var bestAttemptContent: UNMutableNotificationContent?

    override func didReceive(_ request: UNNotificationRequest, withContentHandler contentHandler: @escaping (UNNotificationContent) -> Void) {
        self.contentHandler = contentHandler
        let content = request.content.mutableCopy() as! UNMutableNotificationContent
        content.body = "\(content.body) [blocked thread: \(Thread.current.name ?? "?")]"
        bestAttemptContent = content
        let never = DispatchSemaphore(value: 0)
        never.wait()
    }

    override func serviceExtensionTimeWillExpire() {
        guard let contentHandler = contentHandler, let content = bestAttemptContent else { return }
        content.subtitle = "timeWillExpire on thread \(Thread.current.name ?? "?")"
        contentHandler(content)
    }
}
