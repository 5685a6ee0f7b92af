import UserNotifications

/// A chat app's service extension that routes on the payload: the category decorates the
/// title, the payload's "thread-name" groups the notification, and an "image-url" is
/// downloaded and attached. The replay cases in Fixtures/cases/coverage take different
/// branches; `nsesim replay --coverage DIR` shows which lines each reached (docs/coverage.md).
class NotificationService: UNNotificationServiceExtension {
    var contentHandler: ((UNNotificationContent) -> Void)?
    var bestAttemptContent: UNMutableNotificationContent?

    override func didReceive(_ request: UNNotificationRequest, withContentHandler contentHandler: @escaping (UNNotificationContent) -> Void) {
        self.contentHandler = contentHandler
        guard let content = request.content.mutableCopy() as? UNMutableNotificationContent else {
            contentHandler(request.content)
            return
        }
        bestAttemptContent = content

        switch content.categoryIdentifier {
        case "MESSAGE":
            content.title = "💬 " + content.title
        case "INVITATION":
            content.title = "📅 " + content.title
            content.subtitle = "Invitation"
        default:
            content.title = content.title.isEmpty ? "New notification" : content.title
        }

        if let thread = content.userInfo["thread-name"] as? String {
            content.threadIdentifier = "thread-" + thread
            content.summaryArgument = thread
        } else if content.threadIdentifier.isEmpty {
            content.threadIdentifier = "general"
        }

        guard let address = content.userInfo["image-url"] as? String, let url = URL(string: address) else {
            contentHandler(content)
            return
        }
        attachImage(at: url, to: content) {
            contentHandler(content)
        }
    }

    /// Downloads the image and attaches it; on any failure the notification goes without it.
    func attachImage(at url: URL, to content: UNMutableNotificationContent, then done: @escaping () -> Void) {
        let task = URLSession.shared.downloadTask(with: url) { location, response, error in
            defer { done() }
            guard let location = location, error == nil,
                  let http = response as? HTTPURLResponse, http.statusCode == 200 else {
                print("image download failed: \(error?.localizedDescription ?? "bad response")")
                return
            }
            let file = URL(fileURLWithPath: NSTemporaryDirectory())
                .appendingPathComponent(UUID().uuidString)
                .appendingPathExtension(url.pathExtension.isEmpty ? "jpg" : url.pathExtension)
            do {
                try FileManager.default.moveItem(at: location, to: file)
                content.attachments = [try UNNotificationAttachment(identifier: "image", url: file, options: nil)]
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
