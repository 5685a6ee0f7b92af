import UserNotifications

/// What chat apps' extensions do with the notification center (as Iterable's, Klaviyo's and
/// OneSignal's helpers do): register the message category with its buttons from the
/// extension (a text reply with an icon, a like, mute, open), drop the notification this
/// message supersedes, set the badge to the unread count, and name the category.
class NotificationService: UNNotificationServiceExtension {
    static let category = "chat-message"

    override func didReceive(_ request: UNNotificationRequest, withContentHandler contentHandler: @escaping (UNNotificationContent) -> Void) {
        let center = UNUserNotificationCenter.current()
        // The category and the count of earlier notifications both arrive in completion
        // handlers, on other threads: the content handler waits for both, because iOS may
        // suspend the extension as soon as it is called, and work still pending is lost.
        let pending = DispatchGroup()
        registerCategory(on: center, pending: pending)

        let userInfo = request.content.userInfo
        if let superseded = userInfo["supersedes"] as? String {
            center.removeDeliveredNotifications(withIdentifiers: [superseded])
        }
        if let unread = userInfo["unread"] as? Int {
            center.setBadgeCount(unread)
        }

        guard let content = request.content.mutableCopy() as? UNMutableNotificationContent else {
            contentHandler(request.content)
            return
        }
        content.categoryIdentifier = Self.category
        pending.enter()
        center.getDeliveredNotifications { delivered in
            content.subtitle = "\(delivered.count) earlier in Notification Center"
            pending.leave()
        }
        pending.notify(queue: .global()) {
            contentHandler(content)
        }
    }

    private func registerCategory(on center: UNUserNotificationCenter, pending: DispatchGroup) {
        let reply = UNTextInputNotificationAction(identifier: "reply", title: "Reply", options: [],
                                                  icon: UNNotificationActionIcon(systemImageName: "arrowshape.turn.up.left"),
                                                  textInputButtonTitle: "Send", textInputPlaceholder: "Message")
        let like = UNNotificationAction(identifier: "like", title: "Like", options: [],
                                        icon: UNNotificationActionIcon(systemImageName: "hand.thumbsup"))
        let mute = UNNotificationAction(identifier: "mute", title: "Mute this chat", options: [.destructive])
        let open = UNNotificationAction(identifier: "open", title: "Open", options: [.foreground])
        let category = UNNotificationCategory(identifier: Self.category, actions: [reply, like, mute, open],
                                              intentIdentifiers: [], hiddenPreviewsBodyPlaceholder: "New message",
                                              options: [.customDismissAction])
        pending.enter()
        center.getNotificationCategories { existing in
            center.setNotificationCategories(existing.filter { $0.identifier != Self.category }.union([category]))
            pending.leave()
        }
    }
}
