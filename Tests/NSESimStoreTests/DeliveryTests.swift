import Foundation
import Testing

/// Attachments that are delivered: checked after the extension, put into the app's store
/// (moved from the container, copied from a bundle), listed, replaced and removed
/// (docs/behaviour.md#after-the-extension, #the-attachment-store, #the-report).
@Suite("Attachments delivered into the store")
struct DeliveryTests {
    @Test("store ls without --bundle-id lists every app the store holds (a run of another app's extension included)")
    func storeListsEveryApp() async throws {
        let scratch = try Scratch("every-app")
        let server = try FaultServer()
        defer { server.stop() }
        _ = try await runExtension(
            example("ImageAttachment"),
            payload: payload(["image-url": server.url("files/sample.jpg").absoluteString]),
            scratch: scratch, ["--collapse-id", "acme-1", "--bundle-id", "com.acme.app"])
        let text = try await nsesim(["store", "ls", "--store", scratch.store.path])
        #expect(text.status == 0, "\(text)")
        #expect(text.stdout.contains("com.acme.app: 1 notification(s)"), "\(text.stdout)")
        let json = try await nsesim(["store", "ls", "--store", scratch.store.path, "--format", "json"])
        let apps = try #require(try json.jsonObject()["apps"] as? [String: Any], "\(json.stdout)")
        let acme = try #require(apps["com.acme.app"] as? [String: Any])
        #expect((acme["notifications"] as? [[String: Any]])?.map { $0["identifier"] as? String } == ["acme-1"])
    }

    @Test("ImageAttachment: the image is delivered into the store with its UTI and size, and store ls lists it")
    func imageDelivered() async throws {
        let scratch = try Scratch("image")
        let server = try FaultServer()
        defer { server.stop() }
        let report = try await runExtension(
            example("ImageAttachment"),
            payload: payload(["image-url": server.url("files/sample.jpg").absoluteString]),
            scratch: scratch, ["--collapse-id", "photo-1"])
        #expect(report.outcome == "modified", "\(report)")
        #expect(report.errors.isEmpty, "\(report.errors)")
        #expect(report.attachments.count == 1, "\(report)")
        let attachment = try #require(report.attachment("image"), "\(report)")
        #expect(attachment["type"] as? String == "public.jpeg")
        #expect((attachment["size"] as? NSNumber)?.intValue == 1397)
        let stored = try #require(fileURL(attachment))
        #expect(isInside(stored, scratch.store), "\(stored.path) is not under the --store folder \(scratch.store.path)")
        #expect(stored.pathExtension == "jpg")
        #expect(FileManager.default.contentsEqual(atPath: stored.path, andPath: mediaPath("sample.jpg")))
        // The delivered content's attachment points at the same stored file.
        #expect(report.deliveredAttachments.count == 1)
        #expect(report.deliveredAttachments.first?["url"] as? String == attachment["url"] as? String)
        #expect(report.deliveredAttachments.first?["type"] as? String == "public.jpeg")

        let listing = try await listStore(scratch.store)
        #expect(listing.notifications.count == 1)
        let listed = try #require(listing.attachments(of: "photo-1"), "\(listing.object)")
        #expect(listed.count == 1)
        #expect(listed.first?["url"] as? String == attachment["url"] as? String)
        #expect(listed.first?["type"] as? String == "public.jpeg")
        #expect((listed.first?["size"] as? NSNumber)?.intValue == 1397)
        #expect(listing.usedBytes == 1397)
        #expect(isInside(listing.folder, scratch.store))
    }

    /// Every type of the table in docs/behaviour.md#types-and-sizes, by extension.
    static let kinds: [(file: String, kind: String, type: String)] = [
        ("sample.jpg", "image", "public.jpeg"), ("sample.png", "image", "public.png"),
        ("sample.gif", "image", "com.compuserve.gif"), ("sample.aiff", "audio", "public.aiff-audio"),
        ("sample.wav", "audio", "com.microsoft.waveform-audio"), ("sample.mp3", "audio", "public.mp3"),
        ("sample.m4a", "audio", "public.mpeg-4-audio"), ("sample.mpg", "video", "public.mpeg"),
        ("sample.m2v", "video", "public.mpeg-2-video"), ("sample.mp4", "video", "public.mpeg-4"),
        ("sample.m4v", "video", "public.mpeg-4"), ("sample.avi", "video", "public.avi"),
    ]

    @Test("RichMedia: each supported kind (jpg png gif aiff wav mp3 m4a mpg m2v mp4 m4v avi) is delivered into the store")
    func everyKindDelivered() async throws {
        let scratch = try Scratch("kinds")
        let server = try FaultServer()
        defer { server.stop() }
        let media = Self.kinds.map { ["type": $0.kind, "url": server.url("files/\($0.file)").absoluteString] }
        let report = try await runExtension(
            example("RichMedia"), payload: payload(["media": media]), scratch: scratch,
            ["--collapse-id", "kinds"])
        #expect(report.outcome == "modified", "\(report)")
        #expect(report.errors.isEmpty, "\(report.errors)")
        #expect(report.attachments.count == Self.kinds.count, "\(report.attachments)")
        var total = 0
        for (index, expected) in Self.kinds.enumerated() {
            let identifier = "\(expected.kind)-\(index)"
            guard let attachment = report.attachment(identifier) else {
                Issue.record("\(expected.file) was not delivered: \(report.errors)")
                continue
            }
            let size = try FileManager.default.attributesOfItem(atPath: mediaPath(expected.file))[.size] as? Int
            total += size ?? 0
            #expect(attachment["type"] as? String == expected.type, "\(expected.file)")
            #expect((attachment["size"] as? NSNumber)?.intValue == size, "\(expected.file)")
            let stored = fileURL(attachment)
            #expect(isInside(stored, scratch.store), "\(expected.file): \(stored?.path ?? "no url")")
            #expect(
                stored.map { FileManager.default.contentsEqual(atPath: $0.path, andPath: mediaPath(expected.file)) } == true,
                "\(expected.file): the stored file differs from the fixture")
        }
        let listing = try await listStore(scratch.store)
        #expect(listing.attachments(of: "kinds")?.count == Self.kinds.count, "\(listing.object)")
        #expect(listing.usedBytes == total)
        #expect(Set(listing.allAttachments.compactMap { $0["type"] as? String }) == Set(Self.kinds.map(\.type)))
    }

    @Test("Files from the extension's bundle and the --bundle app folder are copied; container files are moved")
    func bundleCopiedContainerMoved() async throws {
        let scratch = try Scratch("bundle")
        let appBundle = try scratch.path("App.app/photo.png")
        try FileManager.default.copyItem(atPath: mediaPath("sample.png"), toPath: appBundle.path)
        let appInode = inode(appBundle.path)
        let items: [[String: Any]] = [
            ["mode": "bundle", "id": "from-extension-bundle"],
            ["mode": "path", "id": "from-app-bundle", "path": appBundle.path],
            ["mode": "container", "id": "from-tmp"],
            ["mode": "caches", "id": "from-caches"],
        ]
        let report = try await runExtension(
            scenarios, payload: payload(["attach": items]), scratch: scratch,
            ["--bundle", appBundle.deletingLastPathComponent().path])
        #expect(report.outcome == "modified", "\(report)")
        #expect(report.errors.isEmpty, "\(report.errors)")
        #expect(report.attachments.count == 4, "\(report)")
        let body = try JSONSerialization.jsonObject(with: Data((report.delivered["body"] as? String ?? "").utf8)) as? [String: Any]
        let handedInodes = body?["inodes"] as? [String: NSNumber] ?? [:]
        #expect((body?["errors"] as? [String: Any])?.isEmpty == true, "the extension failed: \(body ?? [:])")

        for identifier in ["from-extension-bundle", "from-app-bundle", "from-tmp", "from-caches"] {
            let stored = try #require(fileURL(report.attachment(identifier)), "\(identifier) was not delivered: \(report.errors)")
            #expect(isInside(stored, scratch.store), "\(identifier): \(stored.path)")
            #expect(FileManager.default.contentsEqual(atPath: stored.path, andPath: mediaPath("sample.png")), "\(identifier)")
            #expect(report.attachment(identifier)?["type"] as? String == "public.png")
        }

        // Copied: the extension's resource is still in its bundle, unchanged, and the store
        // holds another file (another inode).
        let bundle = try #require(report.extensionBundle)
        let resource = bundle.appendingPathComponent("pixel.png")
        #expect(
            FileManager.default.contentsEqual(atPath: resource.path, andPath: mediaPath("sample.png")),
            "the extension's bundle lost its resource \(resource.path)")
        let bundleCopy = try #require(fileURL(report.attachment("from-extension-bundle")))
        #expect(inode(bundleCopy.path) != inode(resource.path))
        // Copied from the app bundle too: the source stays where it was.
        #expect(
            FileManager.default.contentsEqual(atPath: appBundle.path, andPath: mediaPath("sample.png")),
            "the --bundle file was moved away")
        #expect(inode(appBundle.path) == appInode)
        #expect(inode(try #require(fileURL(report.attachment("from-app-bundle"))).path) != appInode)

        // Moved: the stored file is the very file the extension handed (the container and
        // the store share a file system here, both under the temporary folder, so the move
        // is a rename and keeps the inode).
        for identifier in ["from-tmp", "from-caches"] {
            let stored = try #require(fileURL(report.attachment(identifier)))
            let handed = try #require(handedInodes[identifier], "no inode for \(identifier): \(body ?? [:])")
            #expect(inode(stored.path) == handed.uint64Value, "\(identifier) was copied, not moved")
        }
    }

    @Test(
        "A store on another file system (/dev/shm): container files arrive whole (copy, fsync, rename), no partial left",
        .enabled(if: SourceFiles.otherFileSystemFolder(than: PipelineRun.folder, create: false) != nil))
    func storeOnAnotherFileSystem() async throws {
        let scratch = try Scratch("other-fs")
        let store = try #require(SourceFiles.otherFileSystemFolder(than: scratch.url))
        defer { try? FileManager.default.removeItem(at: store) }
        let report = try await runExtension(
            scenarios,
            payload: payload([
                "attach": [
                    ["mode": "container", "id": "from-tmp"], ["mode": "caches", "id": "from-caches"],
                    ["mode": "bundle", "id": "from-bundle"],
                ]
            ]), scratch: scratch, ["--store", store.path, "--collapse-id", "other-fs"])
        #expect(report.outcome == "modified", "\(report)")
        #expect(report.errors.isEmpty, "\(report.errors)")
        #expect(report.attachments.count == 3, "\(report)")
        for attachment in report.attachments {
            let stored = try #require(fileURL(attachment))
            #expect(isInside(stored, store), "\(stored.path) is not in the store on /dev/shm")
            #expect(FileManager.default.contentsEqual(atPath: stored.path, andPath: mediaPath("sample.png")))
        }
        let listing = try await listStore(store)
        #expect(listing.attachments(of: "other-fs")?.count == 3, "\(listing.object)")
        #expect(
            ((try? FileManager.default.contentsOfDirectory(atPath: listing.folder.appendingPathComponent("staging").path)) ?? []).isEmpty)
        #expect(allEntries(under: listing.folder).filter { $0.hasSuffix(".part") || $0.hasSuffix(".tmp") }.isEmpty)
    }

    @Test("--store-quota 2KB: of two 1.4 KB images one is stored, the other refused with 104")
    func quotaEnforced() async throws {
        let scratch = try Scratch("quota")
        let server = try FaultServer()
        defer { server.stop() }
        let image = server.url("files/sample.jpg").absoluteString
        let report = try await runExtension(
            example("RichMedia"),
            payload: payload(["media": [["type": "image", "url": image], ["type": "image", "url": image]]]),
            scratch: scratch, ["--store-quota", "2KB", "--collapse-id", "quota"])
        #expect(report.outcome == "modified", "\(report)")
        #expect(report.attachments.count == 1, "\(report)")
        #expect(report.deliveredAttachments.count == 1)
        #expect(report.errors.count == 1, "\(report.errors)")
        let error = try #require(report.errors.first)
        #expect(error["domain"] as? String == "UNErrorDomain")
        #expect((error["code"] as? NSNumber)?.intValue == 104, "\(error)")
        #expect(error["name"] as? String == "attachmentMoveIntoDataStoreFailed")
        let refused = try #require(error["identifier"] as? String)
        let kept = try #require(report.attachments.first?["identifier"] as? String)
        #expect(Set([refused, kept]) == ["image-0", "image-1"])

        let listing = try await listStore(scratch.store)
        #expect(listing.usedBytes == 1397, "\(listing.object)")
        #expect(listing.allAttachments.count == 1)
        #expect(regularFiles(under: listing.folder.appendingPathComponent("files")).count == 1)
    }

    @Test("store rm ID removes the notification's files; store ls is empty afterwards; an unknown ID exits 66")
    func storeRemove() async throws {
        let scratch = try Scratch("rm")
        let server = try FaultServer()
        defer { server.stop() }
        let report = try await runExtension(
            example("ImageAttachment"),
            payload: payload(["image-url": server.url("files/sample.png").absoluteString]),
            scratch: scratch, ["--collapse-id", "to-remove", "--bundle-id", "com.example.rm"])
        let stored = try #require(fileURL(report.attachment("image")), "\(report)")
        #expect(FileManager.default.fileExists(atPath: stored.path))
        // Another app's store is not this one.
        #expect(try await listStore(scratch.store).notifications.isEmpty)
        #expect(try await listStore(scratch.store, bundleId: "com.example.rm").notifications.count == 1)

        let removed = try await nsesim(["store", "rm", "to-remove", "--store", scratch.store.path, "--bundle-id", "com.example.rm"])
        #expect(removed.status == 0 && !removed.crashed, "\(removed)")
        #expect(!FileManager.default.fileExists(atPath: stored.path), "store rm left \(stored.path)")
        let listing = try await listStore(scratch.store, bundleId: "com.example.rm")
        #expect(listing.notifications.isEmpty, "\(listing.object)")
        #expect(listing.usedBytes == 0)
        #expect(regularFiles(under: listing.folder.appendingPathComponent("files")).isEmpty)

        let again = try await nsesim(["store", "rm", "to-remove", "--store", scratch.store.path, "--bundle-id", "com.example.rm"])
        #expect(again.status == 66, "\(again)")
        let unknown = try await nsesim(["store", "rm", "never-delivered", "--store", scratch.store.path])
        #expect(unknown.status == 66, "\(unknown)")
        #expect(unknown.stderr.contains("never-delivered"), "\(unknown)")
    }

    @Test("The same --collapse-id twice: the second delivery replaces the first one's files")
    func sameIdentifierReplaces() async throws {
        let scratch = try Scratch("replace")
        let server = try FaultServer()
        defer { server.stop() }
        let first = try await runExtension(
            example("ImageAttachment"),
            payload: payload(["image-url": server.url("files/sample.jpg").absoluteString]),
            scratch: scratch, ["--collapse-id", "same"])
        let firstFile = try #require(fileURL(first.attachment("image")), "\(first)")
        #expect(FileManager.default.fileExists(atPath: firstFile.path))
        // Another notification in the same store stays.
        let other = try await runExtension(
            example("ImageAttachment"),
            payload: payload(["image-url": server.url("files/sample.gif").absoluteString]),
            scratch: scratch, ["--collapse-id", "other"])
        let otherFile = try #require(fileURL(other.attachment("image")), "\(other)")

        let second = try await runExtension(
            example("ImageAttachment"),
            payload: payload(["image-url": server.url("files/sample.png").absoluteString]),
            scratch: scratch, ["--collapse-id", "same"])
        let secondFile = try #require(fileURL(second.attachment("image")), "\(second)")
        #expect(secondFile != firstFile)
        #expect(!FileManager.default.fileExists(atPath: firstFile.path), "the replaced notification's file is still there")
        #expect(FileManager.default.contentsEqual(atPath: secondFile.path, andPath: mediaPath("sample.png")))
        #expect(FileManager.default.contentsEqual(atPath: otherFile.path, andPath: mediaPath("sample.gif")))

        let listing = try await listStore(scratch.store)
        #expect(listing.notifications.count == 2, "\(listing.object)")
        let same = try #require(listing.attachments(of: "same"))
        #expect(same.count == 1)
        #expect(fileURL(same.first) == secondFile)
        #expect(same.first?["type"] as? String == "public.png")
        #expect(listing.usedBytes == 469 + 1319)
        #expect(
            Set(regularFiles(under: listing.folder.appendingPathComponent("files")))
                == Set([secondFile.standardizedFileURL.path, otherFile.standardizedFileURL.path]))
    }
}
