import Foundation
import NSESimRuntime
import Testing

@testable import AttachmentValidation
@_spi(NSESim) @testable import UserNotifications

/// `UNNotificationAttachment(identifier:url:options:)` on every committed sample and near
/// miss, and on the URLs that are not files (docs/behaviour.md#creating-an-attachment).
@Suite("UNNotificationAttachment creation")
struct AttachmentCreationTests {
    static let supportedSamples: [(file: String, uti: String)] = [
        ("sample.jpg", "public.jpeg"),
        ("sample.png", "public.png"),
        ("sample.gif", "com.compuserve.gif"),
        ("sample.aiff", "public.aiff-audio"),
        ("sample.wav", "com.microsoft.waveform-audio"),
        ("sample.mp3", "public.mp3"),
        ("sample.m4a", "public.mpeg-4-audio"),
        ("sample.mpg", "public.mpeg"),
        ("sample.mp2", "public.mpeg-2-video"),
        ("sample.m2v", "public.mpeg-2-video"),
        ("sample.mp4", "public.mpeg-4"),
        ("sample.m4v", "public.mpeg-4"),
        ("sample.avi", "public.avi"),
    ]

    static let nearMisses: [(file: String, code: UNError.Code)] = [
        ("near-miss.webp", .attachmentUnrecognizedType),
        ("near-miss.mov", .attachmentUnrecognizedType),
        ("near-miss.flac", .attachmentUnrecognizedType),
        ("near-miss.ogg", .attachmentUnrecognizedType),
        ("near-miss-html.jpg", .attachmentCorrupt),
        ("near-miss-truncated.png", .attachmentCorrupt),
        ("near-miss-empty.jpg", .attachmentInvalidFileSize),
    ]

    @Test("every fixture is either a sample or a near miss in these tables")
    func tablesCoverEveryFixture() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: Fixtures.media.path)
            .filter { $0.hasPrefix("sample.") || $0.hasPrefix("near-miss") }
        let listed = Self.supportedSamples.map(\.file) + Self.nearMisses.map(\.file)
        #expect(Set(names) == Set(listed))
        #expect(names.count == listed.count)
    }

    @Test("a supported sample is accepted with its UTI", arguments: supportedSamples)
    func acceptsSample(file: String, uti: String) throws {
        let url = Fixtures.url(file)
        let attachment = try UNNotificationAttachment(identifier: "media", url: url, options: nil)
        #expect(attachment.identifier == "media")
        #expect(attachment.type == uti)
        #expect(attachment.url == url)
    }

    @Test("a near miss is refused with Apple's code", arguments: nearMisses)
    func refusesNearMiss(file: String, code: UNError.Code) throws {
        let url = Fixtures.url(file)
        let error = try #require(unError { _ = try UNNotificationAttachment(identifier: "x", url: url, options: nil) })
        #expect(error.code == code, "\(file): \(error.message)")
        #expect((error as NSError).domain == UNErrorDomain)
        #expect((error as NSError).code == code.rawValue)
        #expect(error.message.contains(file), "the message names the file: \(error.message)")
    }

    @Test("the message of a near miss says what the content really is")
    func corruptMessageNamesContent() throws {
        let error = try #require(
            unError {
                _ = try UNNotificationAttachment(identifier: "x", url: Fixtures.url("near-miss-html.jpg"), options: nil)
            })
        #expect(error.message.contains("text/html"), "\(error.message)")
        let truncated = try #require(
            unError {
                _ = try UNNotificationAttachment(identifier: "x", url: Fixtures.url("near-miss-truncated.png"), options: nil)
            })
        #expect(truncated.message.contains("IEND"), "\(truncated.message)")
    }

    @Test("a directory is attachmentInvalidURL, even with a supported extension")
    func directory() throws {
        try withTemporaryFolder { folder in
            let directory = folder.file("folder.jpg")
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: false)
            let error = unError { _ = try UNNotificationAttachment(identifier: "d", url: directory, options: nil) }
            #expect(error?.code == .attachmentInvalidURL)
            #expect(error?.message.contains("directory") == true, "\(error?.message ?? "")")
        }
        let error = unError { _ = try UNNotificationAttachment(identifier: "d", url: Fixtures.media, options: nil) }
        #expect(error?.code == .attachmentInvalidURL)
    }

    @Test("a missing file is attachmentInvalidURL")
    func missingFile() throws {
        try withTemporaryFolder { folder in
            let missing = folder.file("missing.jpg")
            let error = unError { _ = try UNNotificationAttachment(identifier: "m", url: missing, options: nil) }
            #expect(error?.code == .attachmentInvalidURL)
            // The URL is checked before the type: a missing file of an unknown type is still 100.
            let unknown = unError {
                _ = try UNNotificationAttachment(identifier: "m", url: folder.file("missing.xyz"), options: nil)
            }
            #expect(unknown?.code == .attachmentInvalidURL)
        }
    }

    @Test(
        "a URL that is not a file URL is attachmentInvalidURL",
        arguments: ["https://example.com/image.jpg", "http://localhost:8080/a.png", "data:image/png;base64,AAAA"])
    func nonFileURL(text: String) throws {
        let url = try #require(URL(string: text))
        let error = unError { _ = try UNNotificationAttachment(identifier: "n", url: url, options: nil) }
        #expect(error?.code == .attachmentInvalidURL)
    }

    @Test(
        "an unreadable file is attachmentInvalidURL (skipped as root: permissions do not apply)",
        .enabled(if: geteuid() != 0, "running as root, where chmod 000 does not stop reading"))
    func unreadableFile() throws {
        try withTemporaryFolder { folder in
            let url = try folder.copy(fixture: "sample.jpg", as: "locked.jpg")
            try FileManager.default.setAttributes([.posixPermissions: 0o000], ofItemAtPath: url.path)
            defer { try? FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: url.path) }
            let error = unError { _ = try UNNotificationAttachment(identifier: "u", url: url, options: nil) }
            #expect(error?.code == .attachmentInvalidURL)
        }
    }

    @Test("a file without an extension and without a type hint is attachmentUnrecognizedType")
    func noExtensionNoHint() throws {
        try withTemporaryFolder { folder in
            let url = try folder.copy(fixture: "sample.jpg", as: "picture")
            let error = unError { _ = try UNNotificationAttachment(identifier: "e", url: url, options: nil) }
            #expect(error?.code == .attachmentUnrecognizedType)
            #expect(error?.message.contains("TypeHintKey") == true, "the message suggests the type hint")
        }
    }

    @Test("extensions are compared without regard to case")
    func upperCaseExtension() throws {
        try withTemporaryFolder { folder in
            let url = try folder.copy(fixture: "sample.jpg", as: "PHOTO.JPEG")
            let attachment = try UNNotificationAttachment(identifier: "c", url: url, options: nil)
            #expect(attachment.type == "public.jpeg")
        }
    }

    @Test("an empty identifier gets a generated UUID; a given one is kept")
    func generatedIdentifier() throws {
        let url = Fixtures.url("sample.png")
        let first = try UNNotificationAttachment(identifier: "", url: url, options: nil)
        let second = try UNNotificationAttachment(identifier: "", url: url, options: [:])
        #expect(UUID(uuidString: first.identifier) != nil, "\(first.identifier)")
        #expect(UUID(uuidString: second.identifier) != nil)
        #expect(first.identifier != second.identifier)
        let named = try UNNotificationAttachment(identifier: "image-1", url: url)
        #expect(named.identifier == "image-1")
    }

    // MARK: Type hints

    @Test("a type hint overrides the extension: a PNG named .png with hint public.jpeg is public.jpeg")
    func hintOverridesExtension() throws {
        let attachment = try UNNotificationAttachment(
            identifier: "h", url: Fixtures.url("sample.png"),
            options: [UNNotificationAttachmentOptionsTypeHintKey: "public.jpeg"])
        #expect(attachment.type == "public.jpeg")
        #expect(attachment.options.typeHint == "public.jpeg")
    }

    @Test(
        "a file without an extension is accepted with a type hint",
        arguments: [
            ("sample.jpg", "public.jpeg"), ("sample.wav", "com.microsoft.waveform-audio"), ("sample.mp4", "public.mpeg-4"),
        ])
    func hintWithoutExtension(fixture: String, hint: String) throws {
        try withTemporaryFolder { folder in
            let url = try folder.copy(fixture: fixture, as: "download")
            let attachment = try UNNotificationAttachment(
                identifier: "h", url: url, options: [UNNotificationAttachmentOptionsTypeHintKey: hint])
            #expect(attachment.type == hint)
        }
    }

    @Test("a type hint is a UTI compared without regard to case")
    func hintCase() throws {
        let attachment = try UNNotificationAttachment(
            identifier: "h", url: Fixtures.url("sample.gif"),
            options: [UNNotificationAttachmentOptionsTypeHintKey: "COM.CompuServe.GIF"])
        #expect(attachment.type == "com.compuserve.gif")
    }

    @Test(
        "an unknown UTI as hint is attachmentUnrecognizedType, even for a good file",
        arguments: ["public.heic", "org.webmproject.webp", "com.apple.quicktime-movie", "com.example.nothing"])
    func unknownHint(hint: String) throws {
        let error = unError {
            _ = try UNNotificationAttachment(
                identifier: "h", url: Fixtures.url("sample.jpg"),
                options: [UNNotificationAttachmentOptionsTypeHintKey: hint])
        }
        #expect(error?.code == .attachmentUnrecognizedType)
    }

    @Test(
        "a hint of another kind than the content is attachmentCorrupt",
        arguments: [
            ("sample.jpg", "public.mpeg-4"), ("sample.jpg", "public.mp3"), ("sample.mp4", "public.png"),
            ("sample.wav", "public.avi"),
        ])
    func hintOfOtherKind(fixture: String, hint: String) throws {
        let error = unError {
            _ = try UNNotificationAttachment(
                identifier: "h", url: Fixtures.url(fixture),
                options: [UNNotificationAttachmentOptionsTypeHintKey: hint])
        }
        #expect(error?.code == .attachmentCorrupt)
        #expect(error?.message.contains("type hint") == true, "\(error?.message ?? "")")
    }

    @Test("content of another kind than the extension is attachmentCorrupt")
    func extensionOfOtherKind() throws {
        try withTemporaryFolder { folder in
            let url = try folder.copy(fixture: "sample.mp3", as: "song.jpg")
            let error = unError { _ = try UNNotificationAttachment(identifier: "k", url: url, options: nil) }
            #expect(error?.code == .attachmentCorrupt)
            #expect(error?.message.contains("file extension") == true, "\(error?.message ?? "")")
        }
    }
}
