import UserNotifications

/// An iOS-style service extension that uses the notification center as real ones do:
/// registers a category with four actions (a text input, icons), reads and trims the
/// delivered notifications of its thread, sets the badge with the async API, and makes a
/// communication notification with `updating(from:)`.
class CenterNotificationService: UNNotificationServiceExtension {
    var contentHandler: ((UNNotificationContent) -> Void)?
    var provider: UNNotificationContentProviding?

    override func didReceive(_ request: UNNotificationRequest, withContentHandler contentHandler: @escaping (UNNotificationContent) -> Void)
    {
        self.contentHandler = contentHandler
        let center = UNUserNotificationCenter.current()
        let reply = UNTextInputNotificationAction(
            identifier: "REPLY", title: "Reply", options: [],
            textInputButtonTitle: "Send", textInputPlaceholder: "Say something")
        let like = UNNotificationAction(
            identifier: "LIKE", title: "Like", options: [],
            icon: UNNotificationActionIcon(systemImageName: "heart"))
        let delete = UNNotificationAction(identifier: "DELETE", title: "Delete", options: [.destructive, .authenticationRequired])
        let open = UNNotificationAction(identifier: "OPEN", title: "Open", options: .foreground)
        center.setNotificationCategories([
            UNNotificationCategory(
                identifier: "MESSAGE", actions: [reply, like, delete, open], intentIdentifiers: [],
                options: .customDismissAction)
        ])

        center.getDeliveredNotifications { notifications in
            let sameThread = notifications.filter { $0.request.content.threadIdentifier == request.content.threadIdentifier }
            center.removeDeliveredNotifications(withIdentifiers: sameThread.dropFirst(2).map { $0.request.identifier })

            Task {
                try? await center.setBadgeCount(sameThread.count + 1)
                let content = (request.content.mutableCopy() as! UNMutableNotificationContent)
                content.categoryIdentifier = "MESSAGE"
                if let provider = self.provider, let updated = try? content.updating(from: provider) {
                    contentHandler(updated)
                } else {
                    contentHandler(content)
                }
            }
        }
    }
}
