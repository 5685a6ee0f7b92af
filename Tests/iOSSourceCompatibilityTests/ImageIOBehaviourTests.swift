import Foundation
import ImageIO
import MobileCoreServices
import Testing
@_spi(NSESim) import UIKit
import UserNotifications

/// ImageIO reads headers without decoding, decodes thumbnails downscaled, writes JPEG and PNG,
/// and answers a damaged file as iOS does: nil and a status.
@Suite struct ImageIOBehaviourTests {
    /// A JPEG `width` × `height` of two halves, with EXIF orientation `orientation` when not 1.
    static func photo(width: CGFloat, height: CGFloat, orientation: UInt8 = 1) throws -> Data {
        var jpeg = try #require(UIKitBehaviourTests.halves(width: width, height: height).jpegData(compressionQuality: 0.9))
        guard orientation != 1 else { return jpeg }
        let tiff: [UInt8] = Array("MM".utf8) + [0, 42, 0, 0, 0, 8, 0, 1, 0x01, 0x12, 0, 3, 0, 0, 0, 1, 0, orientation, 0, 0, 0, 0, 0, 0]
        let body = Array("Exif".utf8) + [0, 0] + tiff
        jpeg.insert(contentsOf: [0xFF, 0xE1, UInt8((body.count + 2) >> 8), UInt8((body.count + 2) & 0xFF)] + body, at: 2)
        return jpeg
    }

    @Test func propertiesComeFromTheHeader() throws {
        let data = try Self.photo(width: 320, height: 200, orientation: 6)
        let source = try #require(CGImageSourceCreateWithData(data as CFData, nil))
        #expect(CGImageSourceGetStatus(source) == .statusComplete)
        #expect(CGImageSourceGetCount(source) == 1 && CGImageSourceGetType(source) == ("public.jpeg" as CFString))
        let properties = try #require(CGImageSourceCopyPropertiesAtIndex(source, 0, nil) as? [CFString: Any])
        #expect(properties[kCGImagePropertyPixelWidth] as? Int == 320 && properties[kCGImagePropertyPixelHeight] as? Int == 200)
        #expect(properties[kCGImagePropertyOrientation] as? Int == 6)
        let tiff = try #require(properties[kCGImagePropertyTIFFDictionary] as? [CFString: Any])
        #expect(tiff[kCGImagePropertyTIFFOrientation] as? Int == 6)
        #expect(AvatarDrawing.pixelSize(of: data) == CGSize(width: 320, height: 200))
    }

    @Test func thumbnailsAreSmallAndTurnedWhenAsked() throws {
        let data = try Self.photo(width: 1600, height: 1200, orientation: 6)
        let source = try #require(CGImageSourceCreateWithData(data as CFData, nil))
        let options = [kCGImageSourceCreateThumbnailFromImageAlways: true, kCGImageSourceThumbnailMaxPixelSize: 200] as CFDictionary
        let thumbnail = try #require(CGImageSourceCreateThumbnailAtIndex(source, 0, options))
        #expect(thumbnail.width == 200 && thumbnail.height == 150)
        let turned = try #require(
            CGImageSourceCreateThumbnailAtIndex(
                source, 0,
                [
                    kCGImageSourceCreateThumbnailFromImageAlways: true, kCGImageSourceThumbnailMaxPixelSize: 200,
                    kCGImageSourceCreateThumbnailWithTransform: true,
                ] as CFDictionary))
        #expect(turned.width == 150 && turned.height == 200)
        // The halves survive the scaled decode: red on the left of the stored picture.
        #expect(
            CoreGraphicsBehaviourTests.rgba(thumbnail, x: 20, y: 75).r > 200
                && CoreGraphicsBehaviourTests.rgba(thumbnail, x: 180, y: 75).b > 200)
        let unlimited =
            [kCGImageSourceCreateThumbnailFromImageAlways: true, kCGImageSourceThumbnailMaxPixelSize: Double.infinity] as CFDictionary
        #expect(CGImageSourceCreateThumbnailAtIndex(source, 0, unlimited)?.width == 1600, "a size that is no number is ignored")
        // Neither creation option and no embedded thumbnail: nil, as on iOS.
        #expect(CGImageSourceCreateThumbnailAtIndex(source, 0, [kCGImageSourceThumbnailMaxPixelSize: 200] as CFDictionary) == nil)
        let full = try #require(CGImageSourceCreateImageAtIndex(source, 0, nil))
        #expect(full.width == 1600 && full.height == 1200, "CreateImageAtIndex keeps the stored orientation")
        let kingfisher = try #require(AvatarDrawing.downsampledImage(data: data, to: CGSize(width: 50, height: 50), scale: 3))
        #expect(max(kingfisher.width, kingfisher.height) == 150)
    }

    @Test func damagedDataGivesNilAndAStatus() throws {
        var png = try #require(UIKitBehaviourTests.halves(width: 64, height: 64).pngData())
        png = png.prefix(png.count / 2)
        let source = try #require(CGImageSourceCreateWithData(png as CFData, nil))
        #expect(CGImageSourceCreateImageAtIndex(source, 0, nil) == nil)
        let status = CGImageSourceGetStatusAtIndex(source, 0)
        #expect(status == .statusUnexpectedEOF || status == .statusInvalidData, "\(status)")

        let junk = try #require(CGImageSourceCreateWithData(Data("<html>404</html>".utf8) as CFData, nil))
        #expect(CGImageSourceGetStatus(junk) == .statusUnknownType)
        #expect(CGImageSourceGetCount(junk) == 0 && CGImageSourceGetType(junk) == nil)
        #expect(CGImageSourceCreateImageAtIndex(junk, 0, nil) == nil)
        #expect(CGImageSourceCreateWithURL(URL(fileURLWithPath: "/nonexistent/a.jpg") as CFURL, nil) == nil)
    }

    @Test func destinationsWriteJPEGAndPNG() throws {
        let image = try #require(UIKitBehaviourTests.halves(width: 80, height: 40).cgImage)
        let jpeg = NSMutableData()
        let destination = try #require(CGImageDestinationCreateWithData(jpeg, kUTTypeJPEG, 1, nil))
        CGImageDestinationAddImage(destination, image, [kCGImageDestinationLossyCompressionQuality: 0.5] as CFDictionary)
        #expect(CGImageDestinationFinalize(destination))
        let small = NSMutableData()
        let smaller = try #require(CGImageDestinationCreateWithData(small, kUTTypeJPEG, 1, nil))
        CGImageDestinationAddImage(smaller, image, [kCGImageDestinationLossyCompressionQuality: 0.05] as CFDictionary)
        #expect(CGImageDestinationFinalize(smaller) && small.length < jpeg.length)
        let decoded = try #require(UIImage(data: jpeg as Data))
        #expect(decoded.size == CGSize(width: 80, height: 40))

        let file = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("\(UUID().uuidString).png")
        defer { try? FileManager.default.removeItem(at: file) }
        let png = try #require(CGImageDestinationCreateWithURL(file as CFURL, "public.png" as CFString, 1, nil))
        let empty = try #require(CGImageDestinationCreateWithURL(file as CFURL, kUTTypePNG, 1, nil))
        #expect(!CGImageDestinationFinalize(empty), "no image added")
        CGImageDestinationAddImage(png, image, nil)
        #expect(CGImageDestinationFinalize(png))
        #expect(try Data(contentsOf: file).starts(with: [0x89, 0x50, 0x4E, 0x47]))
        #expect(CGImageDestinationCreateWithData(NSMutableData(), "public.heic" as CFString, 1, nil) == nil, "no HEIC encoder")
    }

    @Test func theKingfisherStyleSampleAttachesARoundAvatar() async throws {
        let file = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("\(UUID().uuidString).jpg")
        defer { try? FileManager.default.removeItem(at: file) }
        try Self.photo(width: 400, height: 300).write(to: file)
        let content = UNMutableNotificationContent()
        content.title = "Alice"
        content.userInfo = ["avatar-file": file.path]
        let service = KingfisherStyleAvatarService()
        let delivered = await withCheckedContinuation { (continuation: CheckedContinuation<UNNotificationContent, Never>) in
            service.didReceive(UNNotificationRequest(identifier: "a", content: content, trigger: nil)) {
                continuation.resume(returning: $0)
            }
        }
        #expect(delivered.subtitle == "avatar" && delivered.attachments.count == 1)
        let attachment = try #require(delivered.attachments.first)
        let png = try #require(UIImage(contentsOfFile: attachment.url.path))
        #expect(png.size == CGSize(width: 64, height: 64))
        #expect(UIKitBehaviourTests.rgba(png, x: 1, y: 1).a == 0 && UIKitBehaviourTests.rgba(png, x: 32, y: 32).a == 255)

        content.userInfo = [:]
        let placeholder = await withCheckedContinuation { (continuation: CheckedContinuation<UNNotificationContent, Never>) in
            service.didReceive(UNNotificationRequest(identifier: "b", content: content, trigger: nil)) {
                continuation.resume(returning: $0)
            }
        }
        #expect(placeholder.subtitle == "placeholder" && placeholder.attachments.count == 1)
    }

    /// A progressive download as Gifu and image loaders feed it: the source reads its header once
    /// enough has come, is incomplete until the final update, then decodes.
    @Test func incrementalSourcesGrowWithTheirData() throws {
        let data = try Self.photo(width: 120, height: 80)
        let source = CGImageSourceCreateIncremental(nil)
        #expect(CGImageSourceGetStatus(source) == .statusReadingHeader && CGImageSourceGetCount(source) == 0)
        // The header is read through the start of scan (FF DA): give that and part of the scan.
        let bytes = [UInt8](data)
        let scan = try #require((0..<(bytes.count - 1)).first { bytes[$0] == 0xFF && bytes[$0 + 1] == 0xDA })
        #expect(scan + 20 < data.count)
        CGImageSourceUpdateData(source, data.prefix(scan + 20) as CFData, false)
        #expect(CGImageSourceGetStatus(source) == .statusIncomplete)
        let properties = try #require(CGImageSourceCopyPropertiesAtIndex(source, 0, nil) as? [CFString: Any])
        #expect(properties[kCGImagePropertyPixelWidth] as? Int == 120)
        CGImageSourceUpdateData(source, data as CFData, true)
        #expect(CGImageSourceGetStatus(source) == .statusComplete)
        let image = try #require(CGImageSourceCreateImageAtIndex(source, 0, nil))
        #expect(image.width == 120 && image.height == 80)
        // After the final data, and for a source made whole, updates change nothing.
        CGImageSourceUpdateData(source, Data([0, 1, 2]) as CFData, true)
        #expect(CGImageSourceGetStatus(source) == .statusComplete)
        let whole = try #require(CGImageSourceCreateWithData(data as CFData, nil))
        CGImageSourceUpdateData(whole, Data() as CFData, false)
        #expect(CGImageSourceGetStatus(whole) == .statusComplete)
        // Bytes that are no image.
        let text = CGImageSourceCreateIncremental(nil)
        CGImageSourceUpdateData(text, Data("not an image, just some text".utf8) as CFData, false)
        #expect(CGImageSourceGetStatus(text) == .statusUnknownType)
    }
}
