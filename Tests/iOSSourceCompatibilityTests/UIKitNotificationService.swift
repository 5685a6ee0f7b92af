import UIKit
import UserNotifications

// Written as iOS projects write it (Swift 5 mode): an extension that takes the image the
// payload carries inline (base64), shrinks it with the pre-iOS 10 drawing functions, tints a
// badge-like square with UIColor, and attaches a PNG.

extension UIImage {
    /// The image scaled to fit `maxSide` points, at the screen's scale (scale 0).
    func scaledToFit(maxSide: CGFloat) -> UIImage? {
        let ratio = min(maxSide / size.width, maxSide / size.height, 1)
        let newSize = CGSize(width: floor(size.width * ratio), height: floor(size.height * ratio))
        UIGraphicsBeginImageContextWithOptions(newSize, false, 0.0)
        defer { UIGraphicsEndImageContext() }
        draw(in: CGRect(origin: .zero, size: newSize))
        return UIGraphicsGetImageFromCurrentImageContext()
    }

    /// A square of `color`, `side` points, one pixel a point.
    static func swatch(_ color: UIColor, side: CGFloat) -> UIImage {
        let format = UIGraphicsImageRendererFormat.default()
        format.scale = 1
        return UIGraphicsImageRenderer(size: CGSize(width: side, height: side), format: format).image { context in
            color.setFill()
            context.fill(CGRect(x: 0, y: 0, width: side, height: side))
        }
    }
}

class InlineImageNotificationService: UNNotificationServiceExtension {
    var contentHandler: ((UNNotificationContent) -> Void)?
    var bestAttemptContent: UNMutableNotificationContent?

    override func didReceive(_ request: UNNotificationRequest, withContentHandler contentHandler: @escaping (UNNotificationContent) -> Void)
    {
        self.contentHandler = contentHandler
        bestAttemptContent = (request.content.mutableCopy() as? UNMutableNotificationContent)
        guard let bestAttemptContent = bestAttemptContent else { return }

        if let encoded = request.content.userInfo["thumbnail"] as? String,
            let data = Data(base64Encoded: encoded),
            let image = UIImage(data: data),
            let small = image.scaledToFit(maxSide: 40),
            let png = small.pngData()
        {
            let url = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("\(UUID().uuidString).png")
            if (try? png.write(to: url)) != nil,
                let attachment = try? UNNotificationAttachment(identifier: "thumbnail", url: url, options: nil)
            {
                bestAttemptContent.attachments = [attachment]
            }
            bestAttemptContent.subtitle = "\(Int(small.size.width))x\(Int(small.size.height))@\(Int(small.scale))x"
        } else {
            bestAttemptContent.subtitle = "no image"
        }
        contentHandler(bestAttemptContent)
    }

    override func serviceExtensionTimeWillExpire() {
        if let contentHandler = contentHandler, let bestAttemptContent = bestAttemptContent {
            contentHandler(bestAttemptContent)
        }
    }
}
