// Expo has no extension module: expo-notifications ships none, and Expo's example extension
// (expo/expo#36202, added with a config plugin) uses UserNotifications only. Expo's push
// service puts `richContent.image` under `body._richContent.image`; the extension downloads it
// with URLSession, names it .jpg and attaches it.
import UserNotifications

class NotificationService: UNNotificationServiceExtension {
    var contentHandler: ((UNNotificationContent) -> Void)?
    var bestAttemptContent: UNMutableNotificationContent?

    override func didReceive(
        _ request: UNNotificationRequest,
        withContentHandler contentHandler: @escaping (UNNotificationContent) -> Void
    ) {
        self.contentHandler = contentHandler
        bestAttemptContent = (request.content.mutableCopy() as? UNMutableNotificationContent)

        guard let bestAttemptContent = bestAttemptContent else { return }
        if let body = request.content.userInfo["body"] as? [String: Any],
           let richContent = body["_richContent"] as? [String: Any],
           let imageUrlString = richContent["image"] as? String,
           let imageUrl = URL(string: imageUrlString) {
            downloadAndAttachImage(url: imageUrl, to: bestAttemptContent) { content in
                contentHandler(content)
            }
        } else {
            contentHandler(bestAttemptContent)
        }
    }

    private func downloadAndAttachImage(
        url: URL,
        to content: UNMutableNotificationContent,
        completion: @escaping (UNNotificationContent) -> Void
    ) {
        let task = URLSession.shared.downloadTask(with: url) { temporaryFileLocation, _, _ in
            guard let temporaryFileLocation = temporaryFileLocation else {
                completion(content)
                return
            }
            let fileManager = FileManager.default
            let targetUrl = URL(fileURLWithPath: NSTemporaryDirectory())
                .appendingPathComponent(temporaryFileLocation.lastPathComponent + ".jpg")
            try? fileManager.removeItem(at: targetUrl)
            do {
                try fileManager.moveItem(at: temporaryFileLocation, to: targetUrl)
                content.attachments = [try UNNotificationAttachment(identifier: "image", url: targetUrl, options: nil)]
            } catch {
                print("Error processing attachment: \(error.localizedDescription)")
            }
            completion(content)
        }
        task.resume()
    }

    override func serviceExtensionTimeWillExpire() {
        if let contentHandler = contentHandler, let bestAttemptContent = bestAttemptContent {
            contentHandler(bestAttemptContent)
        }
    }
}
