import Foundation

/// A temporary folder for one test: `root` is what the server serves, and `outside` sits
/// beside it (for files the server must never give out). Removed when the value goes.
final class TestFolder: Sendable {
    let base: URL
    let root: URL
    let outside: URL

    init() throws {
        base = FileManager.default.temporaryDirectory.appendingPathComponent("nsesim-fixture-\(UUID().uuidString)")
        root = base.appendingPathComponent("root")
        outside = base.appendingPathComponent("outside")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: outside, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: base) }

    /// Writes `data` at `path` under the root (folders made as needed).
    @discardableResult
    func write(_ path: String, _ data: Data) throws -> URL {
        let url = root.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try data.write(to: url)
        return url
    }

    @discardableResult
    func write(_ path: String, text: String) throws -> URL {
        try write(path, Data(text.utf8))
    }

    /// A file of `size` bytes of a repeating, position-dependent pattern (so that a wrong
    /// offset shows).
    @discardableResult
    func write(_ path: String, size: Int) throws -> URL {
        try write(path, Self.pattern(size))
    }

    static func pattern(_ size: Int) -> Data {
        Data((0..<size).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ $0 >> 8) })
    }
}
