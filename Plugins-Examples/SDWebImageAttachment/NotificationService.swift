import SDWebImage
import UserNotifications

/// An extension of an app that loads images with SDWebImage: the payload's image is loaded with
/// SDWebImageManager (the shared cache first, else downloaded and cached), written to a file and
/// attached. A failed download leaves the notification without an image and says why.
class NotificationService: UNNotificationServiceExtension {
    var contentHandler: ((UNNotificationContent) -> Void)?
    var bestAttemptContent: UNMutableNotificationContent?

    override func didReceive(_ request: UNNotificationRequest, withContentHandler contentHandler: @escaping (UNNotificationContent) -> Void) {
        self.contentHandler = contentHandler
        bestAttemptContent = (request.content.mutableCopy() as? UNMutableNotificationContent)
        guard let bestAttemptContent = bestAttemptContent,
              let urlString = request.content.userInfo["image"] as? String,
              let url = URL(string: urlString) else {
            contentHandler(request.content)
            return
        }
        SDWebImageManager.shared.loadImage(with: url, options: [.retryFailed], progress: nil) { image, data, error, cacheType, finished, imageURL in
            defer { contentHandler(bestAttemptContent) }
            if let error = error as NSError? {
                let status = error.userInfo[SDWebImageErrorDownloadStatusCodeKey] as? Int
                bestAttemptContent.subtitle = "SDWebImage error \(error.code)" + (status.map { " (HTTP \($0))" } ?? "")
                return
            }
            guard let image = image, let jpeg = data ?? image.jpegData(compressionQuality: 0.9) else { return }
            let file = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("\(UUID().uuidString).jpg")
            do {
                try jpeg.write(to: file)
                bestAttemptContent.attachments = [try UNNotificationAttachment(identifier: "image", url: file, options: nil)]
                bestAttemptContent.subtitle = "\(Int(image.size.width))x\(Int(image.size.height)) from \(cacheType == .none ? "network" : "cache")"
            } catch {
                bestAttemptContent.subtitle = "attachment failed"
            }
        }
    }

    override func serviceExtensionTimeWillExpire() {
        if let contentHandler = contentHandler, let bestAttemptContent = bestAttemptContent {
            contentHandler(bestAttemptContent)
        }
    }
}
