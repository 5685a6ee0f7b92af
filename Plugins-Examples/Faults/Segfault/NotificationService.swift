import UserNotifications

/// Writes through a pointer to address 8, the way code does that takes a C library's
/// result without checking it: a real bad memory access, so the kernel kills the process
/// with SIGSEGV before the content handler is called. iOS shows the original content
/// (outcome original-crash).
class NotificationService: UNNotificationServiceExtension {
    override func didReceive(_ request: UNNotificationRequest, withContentHandler contentHandler: @escaping (UNNotificationContent) -> Void) {
        let content = request.content.mutableCopy() as! UNMutableNotificationContent
        // A "pointer" that is really a field offset from NULL.
        let unreadCount = UnsafeMutablePointer<Int>(bitPattern: 8)!
        unreadCount.pointee += 1
        content.body = "\(unreadCount.pointee) unread"
        contentHandler(content)
    }
}
