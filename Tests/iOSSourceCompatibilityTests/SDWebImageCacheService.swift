import SDWebImage
import UserNotifications

// Written as apps that use SDWebImage write their extension (Swift 5 mode): the image the app
// already cached under the payload's URL is attached from SDImageCache's disk without a
// download; otherwise SDWebImageManager loads it (cache, then network) and the extension
// attaches the bytes it got.

class SDWebImageCacheService: UNNotificationServiceExtension {
    var contentHandler: ((UNNotificationContent) -> Void)?
    var bestAttemptContent: UNMutableNotificationContent?

    override func didReceive(_ request: UNNotificationRequest, withContentHandler contentHandler: @escaping (UNNotificationContent) -> Void)
    {
        self.contentHandler = contentHandler
        bestAttemptContent = (request.content.mutableCopy() as? UNMutableNotificationContent)
        guard let bestAttemptContent = bestAttemptContent,
            let imageURLString = request.content.userInfo["image-url"] as? String,
            let imageURL = URL(string: imageURLString)
        else {
            contentHandler(request.content)
            return
        }
        let cache = SDImageCache.shared
        let key = SDWebImageManager.shared.cacheKey(for: imageURL)
        if cache.diskImageDataExists(withKey: key), let data = cache.diskImageData(forKey: key) {
            attach(data, to: bestAttemptContent, note: "from disk cache")
            contentHandler(bestAttemptContent)
            return
        }
        SDWebImageManager.shared.loadImage(with: imageURL, options: [.retryFailed, .scaleDownLargeImages], progress: nil) {
            [weak self] image, data, error, cacheType, _, _ in
            if let error = error {
                if case SDWebImageError.invalidDownloadStatusCode = error {
                    bestAttemptContent.subtitle = "server refused the image"
                } else {
                    bestAttemptContent.subtitle = "no image: \((error as NSError).code)"
                }
            } else if let data = data ?? image?.pngData() {
                self?.attach(data, to: bestAttemptContent, note: cacheType == .memory ? "from memory" : "downloaded")
            }
            contentHandler(bestAttemptContent)
        }
    }

    private func attach(_ data: Data, to content: UNMutableNotificationContent, note: String) {
        let url = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("\(UUID().uuidString).png")
        guard (try? data.write(to: url)) != nil,
            let attachment = try? UNNotificationAttachment(identifier: "image", url: url, options: nil)
        else { return }
        content.attachments = [attachment]
        content.subtitle = note
    }

    override func serviceExtensionTimeWillExpire() {
        if let contentHandler = contentHandler, let bestAttemptContent = bestAttemptContent {
            contentHandler(bestAttemptContent)
        }
    }
}
