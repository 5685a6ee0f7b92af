import UserNotifications

/// Downloads every media URL listed in the payload ("media": ["https://…", …]) in
/// parallel with nsesim's downloader (NSESimDownloader, an nsesim addition beside
/// Apple's API), and attaches each file that arrives.
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
        let urls = (request.content.userInfo["media"] as? [String] ?? []).compactMap(URL.init(string:))
        NSESimDownloader().download(from: urls) { results in
            var failures: [String] = []
            for (index, result) in results.enumerated() {
                switch result {
                case .success(let download):
                    if let attachment = try? UNNotificationAttachment(identifier: "media-\(index)", url: download.fileURL) {
                        content.attachments.append(attachment)
                    }
                case .failure(let error):
                    failures.append("\(error)")
                }
            }
            if !failures.isEmpty { content.subtitle = "\(failures.count) of \(urls.count) downloads failed" }
            contentHandler(content)
        }
    }

    override func serviceExtensionTimeWillExpire() {
        if let contentHandler = contentHandler, let bestAttemptContent = bestAttemptContent {
            contentHandler(bestAttemptContent)
        }
    }
}
