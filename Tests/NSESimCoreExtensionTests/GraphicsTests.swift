import Foundation
import NSESimCore
import Testing

/// CoreGraphics, ImageIO and the SDWebImage stand-in in a real extension process: what each call
/// did is in the report; a damaged image and a missing one give iOS's and SDWebImage's answers.
@Suite("CoreGraphics, ImageIO and SDWebImage in the extension")
struct GraphicsTests {
    func payload(_ json: String) throws -> URL {
        let url = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("nsesim-graphics-\(UUID().uuidString).json")
        try Data(json.utf8).write(to: url)
        return url
    }

    @Test(
        "AvatarThumbnail: a 1440×1080 JPEG downsampled by ImageIO at libjpeg-turbo's 1/8 scale (never decoded whole), a 120 px circle drawn, a PNG attached"
    )
    func avatarThumbnail() async throws {
        let run = try await nsesim(
            "run", "--extension", example("AvatarThumbnail"), "--payload", payloadPath("avatar-thumbnail.json"),
            "--serve", repositoryPath("Fixtures/media"), "--format", "json")
        let report = try run.jsonObject()
        #expect(report["outcome"] as? String == "modified", "\(run)")
        #expect((report["delivered"] as? [String: Any])?["subtitle"] as? String == "avatar 120x120")
        let images = (report["images"] as? [[String: Any]]) ?? []
        #expect(images.map { $0["operation"] as? String } == ["source", "thumbnail", "render", "image", "encode"], "\(images)")
        let thumbnail = try #require(images.first { $0["operation"] as? String == "thumbnail" })
        #expect(thumbnail["decodedWidth"] as? Int == 180 && thumbnail["width"] as? Int == 120 && thumbnail["height"] as? Int == 90)
        let decoded = try #require(thumbnail["decodedBytes"] as? Int)
        let full = try #require(thumbnail["fullImageBytes"] as? Int)
        #expect(full == 1440 * 1080 * 4 && decoded * 40 < full, "the thumbnail cost \(decoded) bytes, the whole image would \(full)")
        let attachment = try #require((report["attachments"] as? [[String: Any]])?.first, "\(report)")
        #expect(attachment["type"] as? String == "public.png")
    }

    @Test("A damaged image to ImageIO: the source says so, no thumbnail, the notification goes out without it")
    func damagedImage() async throws {
        let file = try payload(
            #"{"aps": {"alert": {"title": "Bob"}, "mutable-content": 1}, "avatar-url": "{{server}}/near-miss-truncated.png"}"#)
        defer { try? FileManager.default.removeItem(at: file) }
        let run = try await nsesim(
            "run", "--extension", example("AvatarThumbnail"), "--payload", file.path, "--serve", repositoryPath("Fixtures/media"),
            "--format", "json")
        let report = try run.jsonObject()
        #expect(report["outcome"] as? String == "modified", "\(run)")
        #expect((report["delivered"] as? [String: Any])?["subtitle"] as? String == "not an image")
        #expect((report["attachments"] as? [Any])?.isEmpty == true)
        let images = (report["images"] as? [[String: Any]]) ?? []
        let failed = images.filter { $0["error"] != nil }
        #expect(!failed.isEmpty && failed.contains { $0["api"] as? String == "CGImageSourceCreateThumbnailAtIndex" }, "\(images)")
    }

    @Test(
        "SDWebImageAttachment: a cache miss, a download through nsesim's downloader, decoded and stored; a 404 gives SDWebImageError 2001")
    func sdWebImage() async throws {
        let run = try await nsesim(
            "run", "--extension", example("SDWebImageAttachment"), "--payload", payloadPath("sdwebimage.json"),
            "--serve", repositoryPath("Fixtures/media"), "--format", "json")
        let report = try run.jsonObject()
        #expect(report["outcome"] as? String == "modified", "\(run)")
        let steps = (report["sdk"] as? [[String: Any]]) ?? []
        #expect(
            steps.map { $0["api"] as? String } == [
                "SDWebImageManager.loadImage", "SDWebImageDownloader.downloadImage", "SDImageCache.store",
            ], "\(steps)")
        #expect((report["images"] as? [[String: Any]])?.first?["operation"] as? String == "decode")
        #expect((report["attachments"] as? [[String: Any]])?.count == 1)

        let missing = try await nsesim(
            "run", "--extension", example("SDWebImageAttachment"), "--payload", payloadPath("sdwebimage-404.json"),
            "--serve", repositoryPath("Fixtures/media"), "--format", "json")
        let failed = try missing.jsonObject()
        #expect((failed["delivered"] as? [String: Any])?["subtitle"] as? String == "SDWebImage error 2001 (HTTP 404)", "\(missing)")
        let download = ((failed["sdk"] as? [[String: Any]]) ?? []).last
        #expect(download?["code"] as? Int == 2001 && download?["status"] as? Int == 404)
    }
}
