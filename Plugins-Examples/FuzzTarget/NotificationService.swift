import Foundation
import UserNotifications

/// A chat app's extension as they are often written against the payloads the backend sends
/// today (Fixtures/payloads/fuzz-chat.json): it shows "Alice (3 unread)", keeps a glyph
/// preview of the message and attaches the sender's avatar. Four faults are planted for
/// `nsesim fuzz` to find (docs/fuzz.md); FuzzTargetFixed is the same extension fixed.
class NotificationService: UNNotificationServiceExtension {
    var contentHandler: ((UNNotificationContent) -> Void)?
    var bestAttemptContent: UNMutableNotificationContent?
    /// The message rendered for the preview: one 64×64 bitmap per character.
    var glyphCache: [[UInt32]] = []

    override func didReceive(_ request: UNNotificationRequest, withContentHandler contentHandler: @escaping (UNNotificationContent) -> Void) {
        self.contentHandler = contentHandler
        bestAttemptContent = (request.content.mutableCopy() as? UNMutableNotificationContent)
        guard let bestAttemptContent = bestAttemptContent else { return }
        let userInfo = request.content.userInfo

        // Fault 1: the backend always sends "sender" as a string.
        let sender = userInfo["sender"] as! String
        // Fault 2: "unread" always holds digits.
        let unread = Int(userInfo["unread"] as? String ?? "")!
        bestAttemptContent.title = unread > 0 ? "\(sender) (\(unread) unread)" : sender

        // Fault 3: the preview keeps a bitmap per character of the body, however long it is.
        glyphCache = request.content.body.unicodeScalars.map { _ in [UInt32](repeating: 0xFF00_0000, count: 64 * 64) }

        // Fault 4: the avatar is waited for, and the completion signals only on success.
        if let address = userInfo["avatar-url"] as? String, let url = URL(string: address) {
            let semaphore = DispatchSemaphore(value: 0)
            var avatar: URL?
            URLSession.shared.downloadTask(with: url) { location, _, error in
                guard let location = location, error == nil else { return }
                let file = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent(UUID().uuidString + ".jpg")
                try? FileManager.default.moveItem(at: location, to: file)
                avatar = file
                semaphore.signal()
            }.resume()
            semaphore.wait()
            if let avatar = avatar, let attachment = try? UNNotificationAttachment(identifier: "avatar", url: avatar, options: nil) {
                bestAttemptContent.attachments = [attachment]
            }
        }
        // A message without text reads "New message"; one outside any thread is grouped by its sender.
        if bestAttemptContent.body.isEmpty { bestAttemptContent.body = "New message" }
        if bestAttemptContent.threadIdentifier.isEmpty { bestAttemptContent.threadIdentifier = "chat-\(sender)" }
        contentHandler(bestAttemptContent)
    }

    override func serviceExtensionTimeWillExpire() {
        if let contentHandler = contentHandler, let bestAttemptContent = bestAttemptContent {
            contentHandler(bestAttemptContent)
        }
    }
}
