import UIKit
import UserNotifications

/// Downloads the payload's "image-url", draws it 300 points wide at scale 1, and attaches the
/// smaller JPEG: what extensions do so that a large photo fits the attachment limits and
/// shows quickly. Any failure delivers the notification without an image.
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
        URLSession.shared.dataTask(with: url) { data, _, _ in
            defer { contentHandler(bestAttemptContent) }
            guard let data = data, let image = UIImage(data: data),
                  let thumbnail = image.resized(toWidth: 300),
                  let jpeg = thumbnail.jpegData(compressionQuality: 0.8) else { return }
            let file = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("\(UUID().uuidString).jpg")
            do {
                try jpeg.write(to: file)
                let attachment = try UNNotificationAttachment(identifier: "thumbnail", url: file, options: nil)
                bestAttemptContent.attachments = [attachment]
            } catch {
                print("thumbnail failed: \(error)")
            }
        }.resume()
    }

    override func serviceExtensionTimeWillExpire() {
        if let contentHandler = contentHandler, let bestAttemptContent = bestAttemptContent {
            contentHandler(bestAttemptContent)
        }
    }
}

extension UIImage {
    /// The image drawn `width` points wide, keeping its aspect ratio, one pixel a point.
    func resized(toWidth width: CGFloat) -> UIImage? {
        guard size.width > 0 else { return nil }
        let newSize = CGSize(width: width, height: (size.height * width / size.width).rounded())
        let format = UIGraphicsImageRendererFormat.default()
        format.scale = 1
        let renderer = UIGraphicsImageRenderer(size: newSize, format: format)
        return renderer.image { _ in
            draw(in: CGRect(origin: .zero, size: newSize))
        }
    }
}
