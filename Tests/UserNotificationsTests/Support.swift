import Foundation
import NSESimRuntime
import Testing

@_spi(NSESim) @testable import UserNotifications

/// The committed media samples (Fixtures/media), found from this file's path.
enum Fixtures {
    static let media: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()  // UserNotificationsTests
        .deletingLastPathComponent()  // Tests
        .deletingLastPathComponent()  // package root
        .appendingPathComponent("Fixtures/media", isDirectory: true)

    static func url(_ name: String) -> URL { media.appendingPathComponent(name) }

    static func data(_ name: String) throws -> Data { try Data(contentsOf: url(name)) }
}

/// A fresh folder under the system's temporary directory, removed by `remove()`.
struct TemporaryFolder {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory
            .appendingPathComponent("nsesim-un-tests-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    func file(_ name: String) -> URL { url.appendingPathComponent(name) }

    /// Copies a fixture into the folder under a new name.
    func copy(fixture: String, as name: String) throws -> URL {
        let target = file(name)
        try FileManager.default.copyItem(at: Fixtures.url(fixture), to: target)
        return target
    }

    func remove() {
        try? FileManager.default.removeItem(at: url)
    }
}

/// Runs `body` with a temporary folder that is removed afterwards, whatever happens.
func withTemporaryFolder<T>(_ body: (TemporaryFolder) throws -> T) throws -> T {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    return try body(folder)
}

/// The UNError thrown by `body`, or nil (and a recorded issue) when it throws nothing or
/// something else.
func unError(sourceLocation: SourceLocation = #_sourceLocation, _ body: () throws -> Void) -> UNError? {
    do {
        try body()
        Issue.record("expected a UNError, nothing was thrown", sourceLocation: sourceLocation)
        return nil
    } catch let error as UNError {
        return error
    } catch {
        Issue.record("expected a UNError, got \(type(of: error)): \(error)", sourceLocation: sourceLocation)
        return nil
    }
}

// MARK: - Valid media files of an exact size

extension Data {
    mutating func appendLE32(_ value: Int) {
        let v = UInt32(value)
        append(contentsOf: [UInt8(v & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v >> 16 & 0xFF), UInt8(v >> 24)])
    }

    mutating func appendLE16(_ value: Int) {
        append(contentsOf: [UInt8(value & 0xFF), UInt8(value >> 8 & 0xFF)])
    }

    mutating func appendBE32(_ value: Int) {
        let v = UInt32(value)
        append(contentsOf: [UInt8(v >> 24), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)])
    }

    mutating func appendASCII(_ text: String) { append(contentsOf: Array(text.utf8)) }
}

enum MediaBuilder {
    /// A JPEG of exactly `size` bytes: the fixture with comment (COM, FF FE) segments
    /// inserted after the start-of-image marker. A COM segment is 2 marker bytes plus a
    /// length (which counts its own 2 bytes) of at most 65,535.
    static func jpeg(size: Int, at url: URL) throws {
        let base = try Fixtures.data("sample.jpg")
        precondition(base.starts(with: [0xFF, 0xD8]))
        var padding = size - base.count
        precondition(padding == 0 || padding >= 4, "a COM segment is at least 4 bytes")
        var output = Data(capacity: size)
        output.append(base.prefix(2))
        while padding > 0 {
            var segment = min(padding, 2 + 65_535)
            let rest = padding - segment
            if rest > 0, rest < 4 { segment -= 4 }  // never leave less than one segment's worth
            let length = segment - 2
            output.append(contentsOf: [0xFF, 0xFE, UInt8(length >> 8), UInt8(length & 0xFF)])
            output.append(Data(repeating: 0x20, count: length - 2))
            padding -= segment
        }
        output.append(base.dropFirst(2))
        precondition(output.count == size)
        try output.write(to: url)
    }

    /// A WAV of exactly `size` bytes: RIFF header with correct sizes, 8-bit mono PCM at
    /// 8 kHz and a data chunk of silence (0x80). 8-bit samples let the data chunk have an
    /// odd length, so every size from 45 bytes up can be made (RIFF pads odd chunks, which
    /// is the one liberty taken for odd sizes).
    static func wav(size: Int, at url: URL) throws {
        let dataSize = size - 44
        precondition(dataSize > 0)
        var output = Data(capacity: size)
        output.appendASCII("RIFF")
        output.appendLE32(size - 8)
        output.appendASCII("WAVE")
        output.appendASCII("fmt ")
        output.appendLE32(16)
        output.appendLE16(1)  // PCM
        output.appendLE16(1)  // mono
        output.appendLE32(8_000)  // sample rate
        output.appendLE32(8_000)  // byte rate
        output.appendLE16(1)  // block align
        output.appendLE16(8)  // bits per sample
        output.appendASCII("data")
        output.appendLE32(dataSize)
        output.append(Data(repeating: 0x80, count: dataSize))
        precondition(output.count == size)
        try output.write(to: url)
    }

    /// An MP4 of exactly `size` bytes: the fixture followed by one top-level `free` box that
    /// fills the rest, so that the box sizes add up to the file size. Written in chunks.
    static func mp4(size: Int, at url: URL) throws {
        let base = try Fixtures.data("sample.mp4")
        let boxSize = size - base.count
        precondition(boxSize >= 8 && boxSize <= Int(UInt32.max))
        guard FileManager.default.createFile(atPath: url.path, contents: nil) else {
            throw CocoaError(.fileWriteUnknown)
        }
        let handle = try FileHandle(forWritingTo: url)
        defer { try? handle.close() }
        var header = Data()
        header.appendBE32(boxSize)
        header.appendASCII("free")
        try handle.write(contentsOf: base + header)
        var remaining = boxSize - 8
        let chunk = Data(count: 1 << 20)
        while remaining > 0 {
            let count = min(remaining, chunk.count)
            try handle.write(contentsOf: count == chunk.count ? chunk : chunk.prefix(count))
            remaining -= count
        }
    }

    /// Grows a file made by ``mp4(size:at:)`` by one byte, keeping it valid: the `free`
    /// box's size goes up by one and one more byte is appended.
    static func growMP4ByOneByte(at url: URL) throws {
        let baseCount = try Fixtures.data("sample.mp4").count
        let size = try fileSize(url)
        let handle = try FileHandle(forUpdating: url)
        defer { try? handle.close() }
        var header = Data()
        header.appendBE32(Int(size) - baseCount + 1)
        try handle.seek(toOffset: UInt64(baseCount))
        try handle.write(contentsOf: header)
        try handle.seekToEnd()
        try handle.write(contentsOf: Data([0]))
    }

    static func fileSize(_ url: URL) throws -> Int64 {
        let attributes = try FileManager.default.attributesOfItem(atPath: url.path)
        return (attributes[.size] as? NSNumber)?.int64Value ?? -1
    }
}
