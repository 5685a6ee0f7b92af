import CoreGraphics
import ImageIO
import MobileCoreServices
import UserNotifications

/// What extensions that use Kingfisher do with an avatar, without Kingfisher: the sender's photo
/// downloaded to a file, downsampled with ImageIO as Apple advises for the memory limit
/// (`CGImageSourceCreateThumbnailAtIndex`: the JPEG is decoded already small), cropped into a
/// circle with a CGContext clip, and attached as a PNG written by CGImageDestination.
class NotificationService: UNNotificationServiceExtension {
    var contentHandler: ((UNNotificationContent) -> Void)?
    var bestAttemptContent: UNMutableNotificationContent?

    override func didReceive(_ request: UNNotificationRequest, withContentHandler contentHandler: @escaping (UNNotificationContent) -> Void) {
        self.contentHandler = contentHandler
        bestAttemptContent = (request.content.mutableCopy() as? UNMutableNotificationContent)
        guard let bestAttemptContent = bestAttemptContent,
              let urlString = request.content.userInfo["avatar-url"] as? String,
              let url = URL(string: urlString) else {
            contentHandler(request.content)
            return
        }
        let side = (request.content.userInfo["avatar-side"] as? Int) ?? 120
        URLSession.shared.downloadTask(with: url) { location, _, _ in
            defer { contentHandler(bestAttemptContent) }
            guard let location = location else { return }
            guard let thumbnail = Self.downsample(imageAt: location, maxPixelSize: side) else {
                bestAttemptContent.subtitle = "not an image"
                return
            }
            guard let avatar = Self.circle(thumbnail, side: side) else { return }
            let file = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("avatar-\(UUID().uuidString).png")
            guard let destination = CGImageDestinationCreateWithURL(file as CFURL, kUTTypePNG, 1, nil) else { return }
            CGImageDestinationAddImage(destination, avatar, nil)
            guard CGImageDestinationFinalize(destination),
                  let attachment = try? UNNotificationAttachment(identifier: "avatar", url: file, options: nil) else { return }
            bestAttemptContent.attachments = [attachment]
            bestAttemptContent.subtitle = "avatar \(avatar.width)x\(avatar.height)"
        }.resume()
    }

    override func serviceExtensionTimeWillExpire() {
        if let contentHandler = contentHandler, let bestAttemptContent = bestAttemptContent {
            contentHandler(bestAttemptContent)
        }
    }

    /// Apple's downsampling (WWDC 2018, "Image and Graphics Best Practices"): no full decode.
    static func downsample(imageAt imageURL: URL, maxPixelSize: Int) -> CGImage? {
        let sourceOptions = [kCGImageSourceShouldCache: false] as CFDictionary
        guard let source = CGImageSourceCreateWithURL(imageURL as CFURL, sourceOptions) else { return nil }
        let downsampleOptions = [
            kCGImageSourceCreateThumbnailFromImageAlways: true,
            kCGImageSourceShouldCacheImmediately: true,
            kCGImageSourceCreateThumbnailWithTransform: true,
            kCGImageSourceThumbnailMaxPixelSize: maxPixelSize,
        ] as CFDictionary
        return CGImageSourceCreateThumbnailAtIndex(source, 0, downsampleOptions)
    }

    /// The image's centre square, scaled into a circle `side` pixels wide on a transparent background.
    static func circle(_ image: CGImage, side: Int) -> CGImage? {
        guard let context = CGContext(
            data: nil, width: side, height: side, bitsPerComponent: 8, bytesPerRow: 0,
            space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue) else { return nil }
        let bounds = CGRect(x: 0, y: 0, width: side, height: side)
        context.interpolationQuality = .high
        context.addEllipse(in: bounds)
        context.clip()
        let square = min(image.width, image.height)
        let crop = CGRect(x: (image.width - square) / 2, y: (image.height - square) / 2, width: square, height: square)
        guard let centre = image.cropping(to: crop) else { return nil }
        context.draw(centre, in: bounds)
        context.setStrokeColor(CGColor(red: 1, green: 1, blue: 1, alpha: 1))
        context.setLineWidth(4)
        context.strokeEllipse(in: bounds.insetBy(dx: 2, dy: 2))
        return context.makeImage()
    }
}

