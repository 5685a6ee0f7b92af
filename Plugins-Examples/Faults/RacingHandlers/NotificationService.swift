import Foundation
import UserNotifications

class NotificationService: UNNotificationServiceExtension {
    var contentHandler: ((UNNotificationContent) -> Void)?
    var bestAttemptContent: UNMutableNotificationContent?
    var preparedParts: [String] = []

    override func didReceive(_ request: UNNotificationRequest, withContentHandler contentHandler: @escaping (UNNotificationContent) -> Void) {
        self.contentHandler = contentHandler
        bestAttemptContent = (request.content.mutableCopy() as? UNMutableNotificationContent)
        guard let bestAttemptContent = bestAttemptContent else { return }
        // The picture and the sender's avatar, each prepared on a queue of its own.
        let group = DispatchGroup()
        for part in ["image", "avatar"] {
            let queue = DispatchQueue(label: "com.example.NotificationService.\(part)")
            group.enter()
            queue.async {
                let name = self.prepare(part, of: request)
                self.preparedParts.append(name)  // both queues append, unsynchronised
                group.leave()
            }
        }
        group.notify(queue: DispatchQueue.global()) {
            bestAttemptContent.subtitle = self.preparedParts.sorted().joined(separator: ", ")
            contentHandler(bestAttemptContent)
        }
    }

    /// Writes the part into the extension's temporary folder, as a download would.
    func prepare(_ part: String, of request: UNNotificationRequest) -> String {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("\(request.identifier)-\(part)")
        let bytes = Data(repeating: UInt8(part.count), count: 256 * 1024)
        try? bytes.write(to: file)
        return part
    }

    override func serviceExtensionTimeWillExpire() {
        // Called just before the extension will be terminated by the system.
        // Use this as an opportunity to deliver your "best attempt" at modified content, otherwise the original push payload will be used.
        if let contentHandler = contentHandler, let bestAttemptContent = bestAttemptContent {
            contentHandler(bestAttemptContent)
        }
    }
}
