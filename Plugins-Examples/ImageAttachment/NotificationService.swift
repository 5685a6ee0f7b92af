import UserNotifications

/// Downloads the image named by the payload's "image-url" with URLSession, as most iOS
/// extensions do, and attaches it. On any failure the notification goes out without it.
class NotificationService: UNNotificationServiceExtension {
    var contentHandler: ((UNNotificationContent) -> Void)?
    var bestAttemptContent: UNMutableNotificationContent?

    override func didReceive(_ request: UNNotificationRequest, withContentHandler contentHandler: @escaping (UNNotificationContent) -> Void) {
        self.contentHandler = contentHandler
        bestAttemptContent = (request.content.mutableCopy() as? UNMutableNotificationContent)
        guard let bestAttemptContent = bestAttemptContent,
              let urlString = request.content.userInfo["image-url"] as? String,
              let url = URL(string: urlString) else {
            contentHandler(request.content)
            return
        }
        let task = URLSession.shared.downloadTask(with: url) { location, response, error in
            defer { contentHandler(bestAttemptContent) }
            guard let location = location, error == nil,
                  let http = response as? HTTPURLResponse, http.statusCode == 200 else { return }
            // The temporary file is deleted when this handler returns: move it, keeping
            // the URL's extension, which the attachment's type comes from.
            let fileExtension = url.pathExtension.isEmpty ? "jpg" : url.pathExtension
            let file = URL(fileURLWithPath: NSTemporaryDirectory())
                .appendingPathComponent(UUID().uuidString)
                .appendingPathExtension(fileExtension)
            do {
                try FileManager.default.moveItem(at: location, to: file)
                let attachment = try UNNotificationAttachment(identifier: "image", url: file, options: nil)
                bestAttemptContent.attachments = [attachment]
            } catch {
                print("attachment failed: \(error)")
            }
        }
        task.resume()
    }

    override func serviceExtensionTimeWillExpire() {
        if let contentHandler = contentHandler, let bestAttemptContent = bestAttemptContent {
            contentHandler(bestAttemptContent)
        }
    }
}
