import Foundation
import UserNotifications

/// FuzzTarget with its four faults fixed: a missing or odd "sender" and "unread" fall back,
/// the preview is bounded, and the avatar is fetched asynchronously with a short timeout, the
/// notification going out without it on any failure. The cases `nsesim fuzz` writes for
/// FuzzTarget pass on it (docs/fuzz.md).
class NotificationService: UNNotificationServiceExtension {
    var contentHandler: ((UNNotificationContent) -> Void)?
    var bestAttemptContent: UNMutableNotificationContent?
    /// The message rendered for the preview: one 64×64 bitmap per character, at most 64 characters.
    var glyphCache: [[UInt32]] = []

    override func didReceive(_ request: UNNotificationRequest, withContentHandler contentHandler: @escaping (UNNotificationContent) -> Void) {
        self.contentHandler = contentHandler
        bestAttemptContent = (request.content.mutableCopy() as? UNMutableNotificationContent)
        guard let bestAttemptContent = bestAttemptContent else { return }
        let userInfo = request.content.userInfo

        let sender = userInfo["sender"] as? String ?? request.content.title
        let unread = (userInfo["unread"] as? String).flatMap { Int($0) } ?? (userInfo["unread"] as? Int) ?? 0
        let title = unread > 0 ? "\(sender) (\(unread) unread)" : sender
        if !title.isEmpty { bestAttemptContent.title = title }
        if bestAttemptContent.title.isEmpty && bestAttemptContent.body.isEmpty { bestAttemptContent.body = "New message" }
        if bestAttemptContent.threadIdentifier.isEmpty { bestAttemptContent.threadIdentifier = "chat-\(sender)" }

        glyphCache = request.content.body.unicodeScalars.prefix(64).map { _ in [UInt32](repeating: 0xFF00_0000, count: 64 * 64) }

        guard let address = userInfo["avatar-url"] as? String, let url = URL(string: address) else {
            contentHandler(bestAttemptContent)
            return
        }
        var request = URLRequest(url: url)
        request.timeoutInterval = 1
        URLSession.shared.downloadTask(with: request) { location, response, error in
            defer { contentHandler(bestAttemptContent) }
            guard let location = location, error == nil,
                  (response as? HTTPURLResponse)?.statusCode == 200 else { return }
            let file = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent(UUID().uuidString + ".jpg")
            guard (try? FileManager.default.moveItem(at: location, to: file)) != nil,
                  let attachment = try? UNNotificationAttachment(identifier: "avatar", url: file, options: nil) else { return }
            bestAttemptContent.attachments = [attachment]
        }.resume()
    }

    override func serviceExtensionTimeWillExpire() {
        if let contentHandler = contentHandler, let bestAttemptContent = bestAttemptContent {
            contentHandler(bestAttemptContent)
        }
    }
}
