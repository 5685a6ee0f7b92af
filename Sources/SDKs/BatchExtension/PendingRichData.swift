import UserNotifications

/// One download's content and completion, handed to the download thread.
///
/// `@unchecked Sendable`: neither is Sendable (Apple's content is not); the thread that
/// downloads is the only one to use them after `didReceive` hands them over.
final class PendingRichData: @unchecked Sendable {
    let content: UNNotificationContent
    let completionHandler: (UNNotificationContent?, (any Error)?) -> Void

    init(content: UNNotificationContent, completionHandler: @escaping (UNNotificationContent?, (any Error)?) -> Void) {
        self.content = content
        self.completionHandler = completionHandler
    }
}
