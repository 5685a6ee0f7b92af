import UserNotifications

/// Key-value coding as iOS extensions use it: an app-group UserDefaults read and written with
/// setValue(_:forKey:) / value(forKey:), and a model object read and written by key.
class Message: NSObject {
    var sender: String
    var unread: Int
    var nickname: String? = "none"
    var summary: String { "\(sender) (\(unread))" }
    init(sender: String, unread: Int) {
        self.sender = sender
        self.unread = unread
    }
}

class NotificationService: UNNotificationServiceExtension {
    override func didReceive(_ request: UNNotificationRequest, withContentHandler contentHandler: @escaping (UNNotificationContent) -> Void) {
        let content = request.content.mutableCopy() as! UNMutableNotificationContent
        let defaults = UserDefaults(suiteName: "group.com.example.kvc")!
        let count = (defaults.value(forKey: "received") as? Int ?? 0) + 1
        defaults.setValue(count, forKey: "received")
        defaults.setValuesForKeys(["lastTitle": request.content.title])
        let message = Message(sender: request.content.userInfo["sender"] as? String ?? "?", unread: count)
        let read = "sender=\(message.value(forKey: "sender") as? String ?? "-") unread=\(message.value(forKey: "unread") as? Int ?? -1)"
        message.setValue(message.unread + 4, forKey: "unread")
        message.setValue(nil, forKey: "nickname")
        message.setValuesForKeys(["sender": "Bob"])
        content.body = read + " lastTitle=\(defaults.string(forKey: "lastTitle") ?? "-") "
            + "after=\(message.summary) nickname=\(message.nickname ?? "nil")"
        contentHandler(content)
    }
}
