import Foundation
import Testing

@testable import AttachmentValidation

/// The committed media samples (Fixtures/media), found from this file's path.
enum Fixtures {
    static let media: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()  // AttachmentValidationTests
        .deletingLastPathComponent()  // Tests
        .deletingLastPathComponent()  // package root
        .appendingPathComponent("Fixtures/media", isDirectory: true)

    static func url(_ name: String) -> URL { media.appendingPathComponent(name) }

    static func bytes(_ name: String) throws -> [UInt8] { [UInt8](try Data(contentsOf: url(name))) }

    /// Every sample with the UTI its extension names and the MIME type libmagic reads.
    static let samples: [(file: String, uti: String, mime: String)] = [
        ("sample.jpg", "public.jpeg", "image/jpeg"),
        ("sample.png", "public.png", "image/png"),
        ("sample.gif", "com.compuserve.gif", "image/gif"),
        ("sample.aiff", "public.aiff-audio", "audio/x-aiff"),
        ("sample.wav", "com.microsoft.waveform-audio", "audio/x-wav"),
        ("sample.mp3", "public.mp3", "audio/mpeg"),
        ("sample.m4a", "public.mpeg-4-audio", "audio/x-m4a"),
        ("sample.mpg", "public.mpeg", "video/mpeg"),
        ("sample.mp2", "public.mpeg-2-video", "video/mpeg"),
        ("sample.m2v", "public.mpeg-2-video", "video/mpeg"),
        ("sample.mp4", "public.mpeg-4", "video/mp4"),
        ("sample.m4v", "public.mpeg-4", "video/mp4"),
        ("sample.avi", "public.avi", "video/x-msvideo"),
    ]

    /// Every near miss with Apple's code for it.
    static let nearMisses: [(file: String, code: Int)] = [
        ("near-miss.webp", 101), ("near-miss.mov", 101), ("near-miss.flac", 101), ("near-miss.ogg", 101),
        ("near-miss-html.jpg", 105), ("near-miss-truncated.png", 105), ("near-miss-empty.jpg", 102),
    ]
}

/// A fresh folder under the system's temporary directory.
struct TemporaryFolder {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory
            .appendingPathComponent("nsesim-av-tests-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    func file(_ name: String) -> URL { url.appendingPathComponent(name) }

    /// Writes bytes to a file in the folder.
    @discardableResult
    func write(_ bytes: [UInt8], as name: String) throws -> URL {
        let target = file(name)
        try Data(bytes).write(to: target)
        return target
    }

    func remove() { try? FileManager.default.removeItem(at: url) }
}

/// Runs `body` with a temporary folder that is removed afterwards.
func withTemporaryFolder<T>(_ body: (TemporaryFolder) throws -> T) throws -> T {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    return try body(folder)
}

/// The validation error for a file, or nil when the file passes.
func validationError(_ url: URL, typeHint: String? = nil) -> AttachmentValidationError? {
    do {
        _ = try AttachmentValidator.validate(fileAt: url, typeHint: typeHint)
        return nil
    } catch {
        return error
    }
}
