import CoreGraphics
import ImageIO
import UIKit
import UserNotifications

// Written as apps that use Kingfisher write their extension's image code (Swift 5 mode), with
// CoreGraphics and ImageIO only: a DownsamplingImageProcessor-like thumbnail, a
// RoundCornerImageProcessor-like circular crop drawn into a bitmap CGContext, an initials
// placeholder filled with paths, the result back in UIKit and attached as a PNG.

enum AvatarDrawing {
    /// Kingfisher's `KingfisherWrapper.downsampledImage(data:to:scale:)`, the way it calls ImageIO.
    static func downsampledImage(data: Data, to pointSize: CGSize, scale: CGFloat) -> CGImage? {
        let imageSourceOptions = [kCGImageSourceShouldCache: false] as CFDictionary
        guard let imageSource = CGImageSourceCreateWithData(data as CFData, imageSourceOptions) else { return nil }
        let maxDimensionInPixels = max(pointSize.width, pointSize.height) * scale
        let downsampleOptions =
            [
                kCGImageSourceCreateThumbnailFromImageAlways: true,
                kCGImageSourceShouldCacheImmediately: true,
                kCGImageSourceCreateThumbnailWithTransform: true,
                kCGImageSourceThumbnailMaxPixelSize: maxDimensionInPixels,
            ] as CFDictionary
        return CGImageSourceCreateThumbnailAtIndex(imageSource, 0, downsampleOptions)
    }

    /// The pixel size ImageIO reads from the header, without decoding.
    static func pixelSize(of data: Data) -> CGSize? {
        guard let source = CGImageSourceCreateWithData(data as CFData, nil),
            let properties = CGImageSourceCopyPropertiesAtIndex(source, 0, nil) as? [CFString: Any],
            let width = properties[kCGImagePropertyPixelWidth] as? Int,
            let height = properties[kCGImagePropertyPixelHeight] as? Int
        else { return nil }
        return CGSize(width: width, height: height)
    }

    /// A circle of `image`, `side` pixels, through a clip in a bitmap context (alpha premultiplied last).
    static func circular(_ image: CGImage, side: Int) -> CGImage? {
        let colorSpace = CGColorSpaceCreateDeviceRGB()
        let bitmapInfo = CGBitmapInfo(rawValue: CGImageAlphaInfo.premultipliedLast.rawValue)
        guard
            let context = CGContext(
                data: nil, width: side, height: side, bitsPerComponent: 8, bytesPerRow: 0,
                space: colorSpace, bitmapInfo: bitmapInfo.rawValue)
        else { return nil }
        let rect = CGRect(x: 0, y: 0, width: side, height: side)
        let path = CGPath(roundedRect: rect, cornerWidth: CGFloat(side) / 2, cornerHeight: CGFloat(side) / 2, transform: nil)
        context.addPath(path)
        context.clip()
        context.interpolationQuality = .high
        context.draw(image, in: rect)
        return context.makeImage()
    }

    /// A placeholder: a coloured disc with a white bar, as initials avatars are drawn.
    static func placeholder(side: Int, color: UIColor) -> UIImage? {
        guard
            let context = CGContext(
                data: nil, width: side, height: side, bitsPerComponent: 8, bytesPerRow: side * 4,
                space: CGColorSpace(name: CGColorSpace.sRGB)!,
                bitmapInfo: CGImageAlphaInfo.premultipliedFirst.rawValue | CGBitmapInfo.byteOrder32Little.rawValue)
        else { return nil }
        context.setFillColor(color.cgColor)
        context.fillEllipse(in: CGRect(x: 0, y: 0, width: side, height: side))
        let bar = CGMutablePath()
        bar.addRect(CGRect(x: CGFloat(side) * 0.25, y: CGFloat(side) * 0.45, width: CGFloat(side) * 0.5, height: CGFloat(side) * 0.1))
        context.addPath(bar)
        context.setFillColor(UIColor.white.cgColor)
        context.fillPath()
        return context.makeImage().map { UIImage(cgImage: $0) }
    }
}

class KingfisherStyleAvatarService: UNNotificationServiceExtension {
    var contentHandler: ((UNNotificationContent) -> Void)?
    var bestAttemptContent: UNMutableNotificationContent?

    override func didReceive(_ request: UNNotificationRequest, withContentHandler contentHandler: @escaping (UNNotificationContent) -> Void)
    {
        self.contentHandler = contentHandler
        bestAttemptContent = (request.content.mutableCopy() as? UNMutableNotificationContent)
        guard let bestAttemptContent = bestAttemptContent else { return }
        let side = 64
        var avatar: UIImage?
        if let path = request.content.userInfo["avatar-file"] as? String,
            let data = FileManager.default.contents(atPath: path),
            let thumbnail = AvatarDrawing.downsampledImage(data: data, to: CGSize(width: side, height: side), scale: 1),
            let round = AvatarDrawing.circular(thumbnail, side: side)
        {
            avatar = UIImage(cgImage: round)
            bestAttemptContent.subtitle = "avatar"
        } else {
            avatar = AvatarDrawing.placeholder(side: side, color: .systemBlue)
            bestAttemptContent.subtitle = "placeholder"
        }
        if let png = avatar?.pngData() {
            let url = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("\(UUID().uuidString).png")
            if (try? png.write(to: url)) != nil,
                let attachment = try? UNNotificationAttachment(identifier: "avatar", url: url, options: nil)
            {
                bestAttemptContent.attachments = [attachment]
            }
        }
        contentHandler(bestAttemptContent)
    }

    override func serviceExtensionTimeWillExpire() {
        if let contentHandler = contentHandler, let bestAttemptContent = bestAttemptContent {
            contentHandler(bestAttemptContent)
        }
    }
}
