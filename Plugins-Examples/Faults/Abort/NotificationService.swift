import UserNotifications

/// Calls abort() before the content handler, as a failed C assertion or an uncaught
/// C++/Objective-C exception does: SIGABRT. iOS shows the original content (outcome
/// original-crash).
class NotificationService: UNNotificationServiceExtension {
    override func didReceive(_ request: UNNotificationRequest, withContentHandler contentHandler: @escaping (UNNotificationContent) -> Void) {
        let content = request.content.mutableCopy() as! UNMutableNotificationContent
        if request.content.userInfo["conversation-id"] == nil {
            // What a library's assert() does when its precondition fails.
            abort()
        }
        content.body = "conversation \(request.content.userInfo["conversation-id"]!)"
        contentHandler(content)
    }
}
