import Foundation
import NSESimCore
import Testing

/// A library written in Kingfisher's style (Fixtures/packages/AvatarKit: our own code), built as
/// its sources are with `--package`, as nsesim builds Kingfisher: associated objects, `os(iOS)`
/// code, an `@objc` extension method overridden, selectors, Darwin's Foundation names, a session
/// delegate answering server trust, rounded corners clipped with UIBezierPath and a tint drawn
/// with `destinationIn`.
@Suite("An image library in Kingfisher's style, built as its sources are")
struct ImageLibraryPackageTests {
    @Test("UsesAvatarKit: the avatar downloaded through the library's session, rounded and tinted; its os(iOS) code built; no app object")
    func avatarKit() async throws {
        let run = try await nsesim(
            "run", "--extension", repositoryPath("Fixtures/extensions/UsesAvatarKit"), "--package",
            repositoryPath("Fixtures/packages/AvatarKit"), "--payload", payloadPath("image-url.json"),
            "--serve", repositoryPath("Fixtures/media"), "--format", "json")
        let report = try run.jsonObject()
        #expect(report["outcome"] as? String == "modified", "\(run)")
        // os(iOS) held in the library; UIApplication answered no shared application, as in an
        // extension; the associated object kept on the view was read back.
        #expect((report["delivered"] as? [String: Any])?["subtitle"] as? String == "iOS 64x48 app:false url:true", "\(run)")
        let images = (report["images"] as? [[String: Any]]) ?? []
        #expect(images.map { $0["operation"] as? String } == ["decode", "render", "render", "encode"], "\(images)")
        let attachment = try #require((report["attachments"] as? [[String: Any]])?.first, "\(report)")
        #expect(attachment["type"] as? String == "public.png")
    }
}
