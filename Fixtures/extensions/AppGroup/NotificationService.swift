import UserNotifications

/// Counts its notifications in the app group's shared UserDefaults and in a file in the
/// app group container, as extensions that share state with their app do.
class NotificationService: UNNotificationServiceExtension {
    override func didReceive(_ request: UNNotificationRequest, withContentHandler contentHandler: @escaping (UNNotificationContent) -> Void) {
        let content = request.content.mutableCopy() as! UNMutableNotificationContent
        let defaults = UserDefaults(suiteName: "group.com.example.app")
        let count = (defaults?.integer(forKey: "count") ?? 0) + 1
        defaults?.set(count, forKey: "count")
        defaults?.synchronize()
        var fileCount = 0
        if let folder = FileManager.default.containerURL(forSecurityApplicationGroupIdentifier: "group.com.example.app") {
            let file = folder.appendingPathComponent("count.txt")
            fileCount = (Int((try? String(contentsOf: file, encoding: .utf8)) ?? "") ?? 0) + 1
            try? "\(fileCount)".write(to: file, atomically: true, encoding: .utf8)
        }
        content.body = "defaults \(count) file \(fileCount)"
        contentHandler(content)
    }
}
