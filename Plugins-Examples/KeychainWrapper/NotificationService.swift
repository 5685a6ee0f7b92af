import UserNotifications

/// Reads the session token the app keeps in the shared keychain (an iCloud-synchronized item)
/// to personalise the notification, remembers the last notification it handled, and tells
/// whether the app's PIN (behind Face ID) is there, without asking for it.
class NotificationService: UNNotificationServiceExtension {
    let keychain = KeychainStore(accessGroup: "group.com.example.app")

    override func didReceive(_ request: UNNotificationRequest, withContentHandler contentHandler: @escaping (UNNotificationContent) -> Void) {
        let content = request.content.mutableCopy() as! UNMutableNotificationContent
        var notes: [String] = []
        if let token = keychain.get("session") {
            notes.append("signed in as \(token.split(separator: ":").first ?? "?")")
        } else {
            notes.append("signed out (\(keychain.lastResultCode))")
        }
        keychain.set(request.identifier, forKey: "lastNotification")
        if keychain.get("pin") == nil, keychain.needsAuthentication("pin") {
            notes.append("PIN behind Face ID")
        }
        content.subtitle = notes.joined(separator: ", ")
        contentHandler(content)
    }
}
