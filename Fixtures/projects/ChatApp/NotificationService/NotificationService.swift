import UserNotifications
import ChatCore
import ChatKitLocal

/// The extension of a project: it compiles a shared file from another folder, links the
/// project's framework target and a local package, and opens the app group its
/// entitlements grant (and one they do not).
class NotificationService: UNNotificationServiceExtension {
    override func didReceive(_ request: UNNotificationRequest, withContentHandler contentHandler: @escaping (UNNotificationContent) -> Void) {
        let content = request.content.mutableCopy() as! UNMutableNotificationContent
        var flags: [String] = []
        #if DEBUG
        flags.append("DEBUG")
        #endif
        #if BASE_CONFIG
        flags.append("BASE_CONFIG")
        #endif
        #if NSE
        flags.append("NSE")
        #endif
        #if CHAT_EXTENSION
        flags.append("CHAT_EXTENSION")
        #endif
        let group = Bundle.main.object(forInfoDictionaryKey: "AppGroupIdentifier") as? String ?? "-"
        let shared = FileManager.default.containerURL(forSecurityApplicationGroupIdentifier: group) != nil
        let other = FileManager.default.containerURL(forSecurityApplicationGroupIdentifier: "group.com.acme.other") != nil
        let greeting = Bundle.main.url(forResource: "Greeting", withExtension: "txt")
            .flatMap { try? String(contentsOf: $0, encoding: .utf8) }?
            .trimmingCharacters(in: .whitespacesAndNewlines) ?? "-"
        content.title = ChatCore.displayName(for: content.title)
        content.subtitle = ChatKitLocal.badge(for: content.subtitle)
        content.body = MessageFormatter.format([
            "flags": flags.joined(separator: ","),
            "group": "\(group):\(shared ? "open" : "refused")",
            "other": other ? "open" : "refused",
            "greeting": greeting,
            "style": Bundle.main.object(forInfoDictionaryKey: "GreetingStyle") as? String ?? "-",
        ])
        contentHandler(content)
    }
}
