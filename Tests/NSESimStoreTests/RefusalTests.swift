import Foundation
import Testing

/// Attachments that are refused: by the checks after the extension (sandbox, type, content,
/// size; docs/behaviour.md#after-the-extension) or before, by the download or the attachment's creation. The
/// notification is still delivered, without them.
@Suite("Attachments refused")
struct RefusalTests {
    /// Checks the report names attachment `identifier` with UNError `code`, and did not deliver it.
    private func expectRefused(
        _ report: Report, _ identifier: String, code: Int, name: String,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let error = report.error(for: identifier)
        #expect(error != nil, "no error for \(identifier): \(report.errors)", sourceLocation: sourceLocation)
        #expect(error?["domain"] as? String == "UNErrorDomain", sourceLocation: sourceLocation)
        #expect((error?["code"] as? NSNumber)?.intValue == code, "\(error ?? [:])", sourceLocation: sourceLocation)
        #expect(error?["name"] as? String == name, sourceLocation: sourceLocation)
        #expect(!report.message(for: identifier).isEmpty, sourceLocation: sourceLocation)
        #expect(report.attachment(identifier) == nil, sourceLocation: sourceLocation)
        #expect(
            !report.deliveredAttachments.contains { $0["identifier"] as? String == identifier },
            "\(identifier) is still in the delivered content", sourceLocation: sourceLocation)
    }

    /// The store holds no attachment file at all.
    private func expectStoreHoldsNoFile(_ scratch: Scratch, sourceLocation: SourceLocation = #_sourceLocation) async throws {
        let listing = try await listStore(scratch.store, sourceLocation: sourceLocation)
        #expect(listing.allAttachments.isEmpty, "\(listing.object)", sourceLocation: sourceLocation)
        #expect(listing.usedBytes == 0, sourceLocation: sourceLocation)
        #expect(regularFiles(under: listing.folder.appendingPathComponent("files")).isEmpty, sourceLocation: sourceLocation)
    }

    @Test("A file grown past its kind's limit after creation is refused with 102, the rest delivered")
    func grownPastLimit() async throws {
        let scratch = try Scratch("grow")
        let report = try await runExtension(
            scenarios,
            payload: payload([
                "attach": [
                    ["mode": "grow", "id": "grown"], ["mode": "container", "id": "fine"],
                ]
            ]), scratch: scratch)
        #expect(report.outcome == "modified", "\(report)")
        expectRefused(report, "grown", code: 102, name: "attachmentInvalidFileSize")
        #expect(report.message(for: "grown").contains("11000469 bytes"))
        #expect(report.attachments.count == 1)
        #expect(report.attachment("fine") != nil, "the valid attachment beside it was dropped: \(report)")
        #expect(report.deliveredAttachments.count == 1)
    }

    @Test("Downloads over a limit: a 12 MB image streams in whole but is refused with 102; a 60 MB movie is cut at 50 MB")
    func downloadsOverLimits() async throws {
        let scratch = try Scratch("limits")
        let server = try FaultServer()
        defer { server.stop() }

        // 12 MB without Content-Length is under the downloader's 50 MB limit: it arrives whole.
        // The extension attaches a valid PNG, then puts the download in its place: the check
        // after the extension refuses it (over the 10 MB image limit).
        let image = "stream/12000000/sample.png"
        let swapped = try await runExtension(
            scenarios,
            payload: payload([
                "attach": [
                    ["mode": "download-over", "id": "big-image", "url": server.url(image).absoluteString]
                ]
            ]), scratch: scratch, ["--collapse-id", "big-image"])
        #expect(swapped.outcome == "modified", "\(swapped)")
        expectRefused(swapped, "big-image", code: 102, name: "attachmentInvalidFileSize")
        #expect(swapped.message(for: "big-image").contains("12000000 bytes"))

        // The Downloader example: the 12 MB JPEG arrives whole too (the server sent all of
        // it), and creating the attachment refuses it already, so nothing is delivered.
        let jpeg = "stream/12000000/sample.jpg"
        let downloaded = try await runExtension(
            example("Downloader"), payload: payload(["media": [server.url(jpeg).absoluteString]]),
            scratch: scratch, ["--collapse-id", "big-jpeg"])
        #expect(downloaded.outcome == "modified", "\(downloaded)")
        #expect(downloaded.attachments.isEmpty, "\(downloaded)")
        #expect((downloaded.delivered["subtitle"] as? String ?? "").isEmpty, "the download itself failed: \(downloaded)")

        // 60 MB of movie without Content-Length: the downloader stops at its 50 MB limit.
        let movie = "stream/60000000/sample.mp4"
        let stopped = try await runExtension(
            example("Downloader"), payload: payload(["media": [server.url(movie).absoluteString]]),
            scratch: scratch, ["--collapse-id", "big-movie"])
        #expect(stopped.outcome == "modified", "\(stopped)")
        #expect(stopped.attachments.isEmpty, "\(stopped)")
        #expect(stopped.delivered["subtitle"] as? String == "1 of 1 downloads failed", "\(stopped)")

        let stats = try server.stats()
        #expect(stats["/" + image] == 12_000_000, "\(stats)")
        #expect(stats["/" + jpeg] == 12_000_000, "\(stats)")
        // Whatever was sent past 50 MB sat in socket buffers when the downloader hung up
        // (about 3 MB here); without the limit all 60 MB would have been sent.
        let sent = try #require(stats["/" + movie], "\(stats)")
        #expect(sent >= 50_000_000 && sent < 58_000_000, "the server sent \(sent) of 60000000 bytes")
        try await expectStoreHoldsNoFile(scratch)
    }

    @Test("An HTML error page behind a .jpg URL is refused at creation; one swapped in after creation with 105")
    func htmlBehindImage() async throws {
        let scratch = try Scratch("html")
        let server = try FaultServer()
        defer { server.stop() }
        let created = try await runExtension(
            example("ImageAttachment"),
            payload: payload(["image-url": server.url("files/near-miss-html.jpg").absoluteString]),
            scratch: scratch)
        #expect(created.outcome == "modified", "\(created)")
        #expect(created.attachments.isEmpty && created.deliveredAttachments.isEmpty, "\(created)")
        #expect(created.log.contains("attachmentCorrupt"), "\(created)")

        let swapped = try await runExtension(
            scenarios, payload: payload(["attach": [["mode": "swap-html", "id": "page"]]]),
            scratch: scratch)
        #expect(swapped.outcome == "modified", "\(swapped)")
        expectRefused(swapped, "page", code: 105, name: "attachmentCorrupt")
        #expect(swapped.message(for: "page").contains("text/html"))
        #expect(swapped.attachments.isEmpty)
        try await expectStoreHoldsNoFile(scratch)
    }

    @Test("A 404 and a connection reset: delivered without the attachment", arguments: ["status/404", "reset/500/sample.jpg"])
    func failedDownload(path: String) async throws {
        let scratch = try Scratch("failed")
        let server = try FaultServer()
        defer { server.stop() }
        let report = try await runExtension(
            example("ImageAttachment"),
            payload: payload(["image-url": server.url(path).absoluteString]), scratch: scratch)
        #expect(report.outcome == "modified", "\(report)")
        #expect(report.delivered["title"] as? String == "Media")
        #expect(report.attachments.isEmpty && report.deliveredAttachments.isEmpty, "\(report)")
        #expect(report.errors.isEmpty, "\(report.errors)")
        try await expectStoreHoldsNoFile(scratch)
    }

    @Test("A redirect to file:// is refused (nsesim's downloader and URLSession alike)")
    func redirectToFile() async throws {
        let scratch = try Scratch("redirect")
        let server = try FaultServer()
        defer { server.stop() }
        // A real, valid image: following the redirect would deliver it.
        let target = try scratch.path("secret/photo.jpg")
        try FileManager.default.copyItem(atPath: mediaPath("sample.jpg"), toPath: target.path)
        var components = URLComponents(url: server.url("redirect-to"), resolvingAgainstBaseURL: false)!
        components.queryItems = [URLQueryItem(name: "url", value: target.absoluteString)]
        let redirect = components.url!.absoluteString

        let downloader = try await runExtension(example("Downloader"), payload: payload(["media": [redirect]]), scratch: scratch)
        #expect(downloader.outcome == "modified", "\(downloader)")
        #expect(downloader.attachments.isEmpty, "\(downloader)")
        #expect(downloader.delivered["subtitle"] as? String == "1 of 1 downloads failed", "\(downloader)")

        let session = try await runExtension(example("ImageAttachment"), payload: payload(["image-url": redirect]), scratch: scratch)
        #expect(session.outcome == "modified", "\(session)")
        #expect(session.attachments.isEmpty, "\(session)")
        #expect(FileManager.default.contentsEqual(atPath: target.path, andPath: mediaPath("sample.jpg")))
        try await expectStoreHoldsNoFile(scratch)
    }

    @Test("Files outside the container, a symlink out of it, and a file deleted after creation: code 100")
    func outsideContainer() async throws {
        let scratch = try Scratch("outside")
        let outside = try scratch.path("elsewhere/outside.png")
        let linked = try scratch.path("elsewhere/linked.png")
        for file in [outside, linked] { try FileManager.default.copyItem(atPath: mediaPath("sample.png"), toPath: file.path) }
        let report = try await runExtension(
            scenarios,
            payload: payload([
                "attach": [
                    ["mode": "path", "id": "outside", "path": outside.path],
                    ["mode": "symlink-out", "id": "symlink", "path": linked.path],
                    ["mode": "delete", "id": "deleted"],
                    ["mode": "container", "id": "inside"],
                ]
            ]), scratch: scratch)
        #expect(report.outcome == "modified", "\(report)")
        expectRefused(report, "outside", code: 100, name: "attachmentInvalidURL")
        expectRefused(report, "symlink", code: 100, name: "attachmentInvalidURL")
        expectRefused(report, "deleted", code: 100, name: "attachmentInvalidURL")
        #expect(report.message(for: "symlink").contains("symlink"))
        #expect(report.attachments.count == 1 && report.attachment("inside") != nil, "\(report)")
        // Refused files are left where they are: neither moved nor copied into the store.
        for file in [outside, linked] {
            #expect(FileManager.default.contentsEqual(atPath: file.path, andPath: mediaPath("sample.png")), "\(file.path) was touched")
        }
        let listing = try await listStore(scratch.store)
        #expect(listing.allAttachments.count == 1, "\(listing.object)")
        #expect(regularFiles(under: listing.folder.appendingPathComponent("files")).count == 1)
    }
}
