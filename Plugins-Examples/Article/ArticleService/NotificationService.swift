import UserNotifications

/// The service extension of the pair: it files the notification under the "article" category,
/// which the content extension draws, and attaches the article's picture from "image-url".
class NotificationService: UNNotificationServiceExtension {
    var contentHandler: ((UNNotificationContent) -> Void)?
    var bestAttemptContent: UNMutableNotificationContent?

    override func didReceive(_ request: UNNotificationRequest, withContentHandler contentHandler: @escaping (UNNotificationContent) -> Void) {
        self.contentHandler = contentHandler
        bestAttemptContent = (request.content.mutableCopy() as? UNMutableNotificationContent)
        guard let bestAttemptContent = bestAttemptContent else {
            contentHandler(request.content)
            return
        }
        bestAttemptContent.categoryIdentifier = "article"
        guard let urlString = request.content.userInfo["image-url"] as? String, let url = URL(string: urlString) else {
            contentHandler(bestAttemptContent)
            return
        }
        URLSession.shared.downloadTask(with: url) { location, _, _ in
            defer { contentHandler(bestAttemptContent) }
            guard let location = location else { return }
            let file = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent(url.lastPathComponent)
            try? FileManager.default.removeItem(at: file)
            do {
                try FileManager.default.moveItem(at: location, to: file)
                bestAttemptContent.attachments = [try UNNotificationAttachment(identifier: "picture", url: file, options: nil)]
            } catch {
                print("no picture: \(error)")
            }
        }.resume()
    }

    override func serviceExtensionTimeWillExpire() {
        if let contentHandler = contentHandler, let bestAttemptContent = bestAttemptContent {
            contentHandler(bestAttemptContent)
        }
    }
}
