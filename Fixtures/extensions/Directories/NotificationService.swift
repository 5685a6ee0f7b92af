import UserNotifications

/// Where an iOS extension's folders are: every one inside its own container. Reports, for
/// each, whether it lies under NSHomeDirectory(), and writes a file into Documents.
class NotificationService: UNNotificationServiceExtension {
    override func didReceive(_ request: UNNotificationRequest, withContentHandler contentHandler: @escaping (UNNotificationContent) -> Void) {
        let content = request.content.mutableCopy() as! UNMutableNotificationContent
        let home = NSHomeDirectory()
        let fileManager = FileManager.default
        let folders: [(String, URL?)] = [
            ("tmp", URL(fileURLWithPath: NSTemporaryDirectory())),
            ("documents", fileManager.urls(for: .documentDirectory, in: .userDomainMask).first),
            ("caches", fileManager.urls(for: .cachesDirectory, in: .userDomainMask).first),
            ("support", fileManager.urls(for: .applicationSupportDirectory, in: .userDomainMask).first),
            ("homeForCurrentUser", fileManager.homeDirectoryForCurrentUser),
        ]
        content.body = folders.map { name, url in
            "\(name)=\(url.map { $0.path.hasPrefix(home) && home.contains("nsesim-container") } ?? false)"
        }.joined(separator: " ")
        if let documents = folders[1].1 {
            let written = (try? Data("draft".utf8).write(to: documents.appendingPathComponent("draft.txt"))) != nil
            content.subtitle = "documents written: \(written)"
        }
        contentHandler(content)
    }
}
