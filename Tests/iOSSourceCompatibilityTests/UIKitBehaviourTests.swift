import Foundation
import Testing
@_spi(NSESim) import UIKit
import UserNotifications

/// UIKit's images behave as on iOS: real codecs, sizes in points, scale, resampling, alpha.
@Suite struct UIKitBehaviourTests {
    /// A two-colour picture: red left half, blue right half, `width` × `height` pixels.
    static func halves(width: CGFloat, height: CGFloat) -> UIImage {
        let format = UIGraphicsImageRendererFormat.default()
        format.scale = 1
        return UIGraphicsImageRenderer(size: CGSize(width: width, height: height), format: format).image { context in
            UIColor.red.setFill()
            context.fill(CGRect(x: 0, y: 0, width: width / 2, height: height))
            UIColor.blue.setFill()
            context.fill(CGRect(x: width / 2, y: 0, width: width / 2, height: height))
        }
    }

    static func rgba(_ image: UIImage, x: Int, y: Int) -> (r: Int, g: Int, b: Int, a: Int) {
        let pixel = image.pixel(x: x, y: y)
        return (Int(pixel >> 16 & 0xFF), Int(pixel >> 8 & 0xFF), Int(pixel & 0xFF), Int(pixel >> 24))
    }

    @Test func jpegRoundTripAndResize() throws {
        let jpeg = try #require(Self.halves(width: 400, height: 200).jpegData(compressionQuality: 0.9))
        #expect(jpeg.starts(with: [0xFF, 0xD8, 0xFF]))
        let decoded = try #require(UIImage(data: jpeg))
        #expect(decoded.size == CGSize(width: 400, height: 200) && decoded.scale == 1)

        let small = try #require(decoded.scaledToFit(maxSide: 40))
        // Scale 0 means the screen's: 40 × 20 points at 3x are 120 × 60 pixels.
        #expect(small.size == CGSize(width: 40, height: 20) && small.scale == UIScreen.main.scale)
        #expect(small.cgImage?.width == 120 && small.cgImage?.height == 60)
        let left = Self.rgba(small, x: 10, y: 30)
        let right = Self.rgba(small, x: 110, y: 30)
        #expect(left.r > 230 && left.b < 30 && right.b > 230 && right.r < 30, "\(left) \(right)")
    }

    @Test func pngKeepsAlphaJpegTurnsItBlack() throws {
        let format = UIGraphicsImageRendererFormat()
        format.scale = 1
        let dot = UIGraphicsImageRenderer(size: CGSize(width: 4, height: 4), format: format).image { context in
            UIColor.white.withAlphaComponent(0.5).setFill()
            context.fill(CGRect(x: 0, y: 0, width: 2, height: 4))
        }
        let pngData = try #require(dot.pngData())
        let png = try #require(UIImage(data: pngData))
        #expect(Self.rgba(png, x: 0, y: 0).a == 128 && Self.rgba(png, x: 3, y: 0).a == 0)
        let jpegData = try #require(dot.jpegData(compressionQuality: 1))
        let jpeg = try #require(UIImage(data: jpegData))
        let transparent = Self.rgba(jpeg, x: 3, y: 0)
        #expect(transparent.a == 255 && transparent.r < 10, "\(transparent)")
    }

    @Test func exifOrientationAsOnIOS() throws {
        var jpeg = try #require(Self.halves(width: 40, height: 20).jpegData(compressionQuality: 1))
        // An APP1 segment saying "rotate 90° clockwise to show" (EXIF orientation 6), as phone cameras write.
        let tiff: [UInt8] = Array("MM".utf8) + [0, 42, 0, 0, 0, 8, 0, 1, 0x01, 0x12, 0, 3, 0, 0, 0, 1, 0, 6, 0, 0, 0, 0, 0, 0]
        let body = Array("Exif".utf8) + [0, 0] + tiff
        let segment: [UInt8] = [0xFF, 0xE1, UInt8((body.count + 2) >> 8), UInt8((body.count + 2) & 0xFF)] + body
        jpeg.insert(contentsOf: segment, at: 2)
        let photo = try #require(UIImage(data: jpeg))
        #expect(photo.imageOrientation == .right)
        #expect(photo.size == CGSize(width: 20, height: 40))
        let top = Self.rgba(photo, x: 10, y: 5)
        let bottom = Self.rgba(photo, x: 10, y: 35)
        #expect(top.r > 230 && top.b < 30 && bottom.b > 230 && bottom.r < 30, "\(top) \(bottom)")
    }

    @Test func filesNamedAtScale() throws {
        let folder = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent(UUID().uuidString)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("icon@2x.png")
        try Self.halves(width: 64, height: 32).pngData()!.write(to: file)
        let icon = try #require(UIImage(contentsOfFile: file.path))
        #expect(icon.scale == 2 && icon.size == CGSize(width: 32, height: 16))
        #expect(UIImage(contentsOfFile: folder.appendingPathComponent("missing.png").path) == nil)
        try Data("<html>not found</html>".utf8).write(to: folder.appendingPathComponent("page.jpg"))
        #expect(UIImage(contentsOfFile: folder.appendingPathComponent("page.jpg").path) == nil)
        #expect(UIImage(data: Data()) == nil)
    }

    @Test func inlineImageExtension() async throws {
        let content = UNMutableNotificationContent()
        content.title = "Photo"
        content.userInfo = ["thumbnail": Self.halves(width: 200, height: 100).pngData()!.base64EncodedString()]
        let delivered = await withCheckedContinuation { (continuation: CheckedContinuation<UNNotificationContent, Never>) in
            InlineImageNotificationService().didReceive(UNNotificationRequest(identifier: "i", content: content, trigger: nil)) {
                continuation.resume(returning: $0)
            }
        }
        #expect(delivered.subtitle == "40x20@3x")
        #expect(delivered.attachments.first?.type == "public.png")
    }

    @Test func colorsAndFonts() {
        var (r, g, b, a): (CGFloat, CGFloat, CGFloat, CGFloat) = (0, 0, 0, 0)
        #expect(UIColor.systemBlue.getRed(&r, green: &g, blue: &b, alpha: &a) && Int(b * 255) == 255 && Int((g * 255).rounded()) == 122)
        var (h, s, v): (CGFloat, CGFloat, CGFloat) = (0, 0, 0)
        _ = UIColor(hue: 1.0 / 3, saturation: 1, brightness: 1, alpha: 1).getHue(&h, saturation: &s, brightness: &v, alpha: &a)
        #expect(abs(h - 1.0 / 3) < 0.001 && s == 1 && v == 1)
        #expect(UIColor.red.withAlphaComponent(0.25) == UIColor(red: 1, green: 0, blue: 0, alpha: 0.25))

        let body = UIFont.preferredFont(forTextStyle: .body)
        #expect(body.pointSize == 17 && UIFont.boldSystemFont(ofSize: 12).fontName == ".SFUI-Bold")
        #expect(UIFont(name: "HelveticaNeue-Bold", size: 14)?.familyName == "Helvetica Neue")
        #expect(UIFont(name: "NoSuchFont-Regular", size: 14) == nil)
        #expect(UIScreen.main.scale == 3 && UIDevice.current.systemName == "iOS")
    }
}
