import Foundation
import NSESimCore
import Testing

/// `import UIKit`: a 1 MB JPEG downloaded, drawn 300 px wide and attached, each step in the
/// report; UIApplication.shared refused at build time as on iOS.
@Suite("UIKit in the extension")
struct UIKitTests {
    @Test("ImageResize: a 1 MB JPEG (1440×1080) downloaded, drawn 300 px wide at scale 1, attached as a 300×225 JPEG")
    func downscaledAndAttached() async throws {
        let run = try await nsesim(
            "run", "--extension", example("ImageResize"), "--payload", payloadPath("image-1mb.json"),
            "--serve", repositoryPath("Fixtures/media"), "--format", "json")
        let report = try run.jsonObject()
        #expect(report["outcome"] as? String == "modified", "\(run)")
        let images = (report["images"] as? [[String: Any]]) ?? []
        #expect(images.map { $0["operation"] as? String } == ["decode", "render", "encode"], "\(images)")
        #expect(images.first?["format"] as? String == "public.jpeg")
        #expect(images.first?["width"] as? Int == 1440 && images.first?["height"] as? Int == 1080)
        #expect(images.first?["bytes"] as? Int == 1_003_283)
        #expect(images.last?["width"] as? Int == 300 && images.last?["height"] as? Int == 225)
        #expect(images.last?["quality"] as? Double == 0.8)

        let attachments = (report["attachments"] as? [[String: Any]]) ?? []
        let attachment = try #require(attachments.first, "\(report)")
        #expect(attachment["type"] as? String == "public.jpeg")
        #expect(attachment["size"] as? Int == images.last?["bytes"] as? Int)
        let url = try #require((attachment["url"] as? String).flatMap(URL.init(string:)))
        let stored = try Data(contentsOf: url)
        #expect(JPEGDimensions(stored) == JPEGDimensions(width: 300, height: 225))
    }

    @Test("An HTML error page where the image should be: UIImage(data:) is nil, the report says why, the notification goes out without it")
    func notAnImage() async throws {
        let payload = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("nsesim-not-image-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: payload) }
        try Data(#"{"aps": {"alert": {"title": "Photo"}, "mutable-content": 1}, "image-url": "{{server}}/near-miss-html.jpg"}"#.utf8)
            .write(to: payload)
        let run = try await nsesim(
            "run", "--extension", example("ImageResize"), "--payload", payload.path,
            "--serve", repositoryPath("Fixtures/media"), "--format", "json")
        let report = try run.jsonObject()
        #expect(report["outcome"] as? String == "modified", "\(run)")
        #expect((report["attachments"] as? [Any])?.isEmpty == true)
        let images = (report["images"] as? [[String: Any]]) ?? []
        #expect(images.count == 1 && (images.first?["error"] as? String)?.contains("not an image") == true, "\(images)")
    }

    @Test("UIApplication.shared does not build into an extension: the error says why, at the user's line")
    func applicationIsUnavailable() async throws {
        let folder = testExtension("UsesUIApplication")
        let source = try String(contentsOfFile: folder + "/NotificationService.swift", encoding: .utf8)
        let line =
            try #require(
                source.split(separator: "\n", omittingEmptySubsequences: false)
                    .firstIndex { $0.contains("APPLICATION-LINE") }) + 1
        let error = await prepareError(folder)
        guard case .buildFailed(_, let diagnostics) = error else {
            Issue.record("expected buildFailed, got \(String(describing: error))")
            return
        }
        #expect(
            diagnostics.contains {
                $0.hasPrefix("NotificationService.swift:\(line):") && $0.contains("'shared' is unavailable")
                    && $0.contains("application extensions")
            }, "\(diagnostics)")
        #expect(error?.exitStatus == .badInput)
    }
}

/// A JPEG's pixel size, read from its start-of-frame marker.
struct JPEGDimensions: Equatable {
    let width: Int, height: Int

    init(width: Int, height: Int) {
        (self.width, self.height) = (width, height)
    }

    init?(_ data: Data) {
        let bytes = [UInt8](data)
        var index = 2
        while index + 9 < bytes.count, bytes[index] == 0xFF {
            let marker = bytes[index + 1]
            let length = Int(bytes[index + 2]) << 8 | Int(bytes[index + 3])
            if (0xC0...0xCF).contains(marker) && ![0xC4, 0xC8, 0xCC].contains(marker) {
                height = Int(bytes[index + 5]) << 8 | Int(bytes[index + 6])
                width = Int(bytes[index + 7]) << 8 | Int(bytes[index + 8])
                return
            }
            index += 2 + length
        }
        return nil
    }
}
