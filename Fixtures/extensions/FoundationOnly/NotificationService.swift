import UserNotifications

// The downloading and the parsing live in files that import only Foundation or UIKit, as in
// many apps: on iOS those imports bring URLSession, HTTPURLResponse and XMLParser.
class NotificationService: UNNotificationServiceExtension {

    var contentHandler: ((UNNotificationContent) -> Void)?
    var bestAttemptContent: UNMutableNotificationContent?

    override func didReceive(_ request: UNNotificationRequest, withContentHandler contentHandler: @escaping (UNNotificationContent) -> Void) {
        self.contentHandler = contentHandler
        bestAttemptContent = (request.content.mutableCopy() as? UNMutableNotificationContent)
        guard let bestAttemptContent = bestAttemptContent,
              let url = (request.content.userInfo["image-url"] as? String).flatMap(URL.init(string:)) else { return }
        bestAttemptContent.subtitle = FeedSummary.titles(of: "<rss><item><title>One</title></item><item><title>Two</title></item></rss>")
        MediaDownloader.download(url) { file in
            if let file = file, let attachment = try? UNNotificationAttachment(identifier: "media", url: file, options: nil) {
                bestAttemptContent.attachments = [attachment]
            }
            bestAttemptContent.body = "saved as \(file?.lastPathComponent ?? "nothing")"
            contentHandler(bestAttemptContent)
        }
    }
}
