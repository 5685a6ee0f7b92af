import UserNotifications

/// A target whose sources are a synchronized folder (Xcode 16): every file below it is a
/// member, except those of its exception set (Unfinished.swift and Drafts/ do not compile);
/// Greeter.swift comes from the app's synchronized folder through an exception set.
class NotificationService: UNNotificationServiceExtension {
    override func didReceive(_ request: UNNotificationRequest, withContentHandler contentHandler: @escaping (UNNotificationContent) -> Void) {
        let content = request.content.mutableCopy() as! UNMutableNotificationContent
        let tone = Bundle.main.url(forResource: "tone", withExtension: "txt")
            .flatMap { try? String(contentsOf: $0, encoding: .utf8) }?
            .trimmingCharacters(in: .whitespacesAndNewlines) ?? "-"
        let chime = Bundle.main.url(forResource: "chime", withExtension: "txt", subdirectory: "Sounds/Alerts") != nil
        content.body = Greeter.greet(Decoration.decorate(content.body)) + " tone=\(tone) chime=\(chime)"
        contentHandler(content)
    }
}
