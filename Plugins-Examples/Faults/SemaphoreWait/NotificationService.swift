import Foundation
import UserNotifications

class NotificationService: UNNotificationServiceExtension {
    var contentHandler: ((UNNotificationContent) -> Void)?
    var bestAttemptContent: UNMutableNotificationContent?

    override func didReceive(_ request: UNNotificationRequest, withContentHandler contentHandler: @escaping (UNNotificationContent) -> Void) {
        self.contentHandler = contentHandler
        bestAttemptContent = (request.content.mutableCopy() as? UNMutableNotificationContent)
        if let bestAttemptContent = bestAttemptContent {
            let address = request.content.userInfo["image-url"] as? String ?? "https://example.com/image.jpg"
            bestAttemptContent.subtitle = waitForDownload(URL(string: address)!)
            contentHandler(bestAttemptContent)
        }
    }

    /// The download, made synchronous with a semaphore.
    func waitForDownload(_ url: URL) -> String {
        let semaphore = DispatchSemaphore(value: 0)
        var size = 0
        let task = URLSession.shared.dataTask(with: url) { data, _, _ in
            size = data?.count ?? 0
            semaphore.signal()
        }
        _ = task  // the task is never resumed: nothing will signal
        semaphore.wait()
        return "\(size) bytes"
    }

    override func serviceExtensionTimeWillExpire() {
        // Called just before the extension will be terminated by the system.
        // Use this as an opportunity to deliver your "best attempt" at modified content, otherwise the original push payload will be used.
        if let contentHandler = contentHandler, let bestAttemptContent = bestAttemptContent {
            contentHandler(bestAttemptContent)
        }
    }
}
