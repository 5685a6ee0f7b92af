import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// A JSON file that several processes read and change (an app's notification center, its
/// keychain): every access holds an exclusive `flock` of `FOLDER/.lock`, and a change is
/// written to a temporary file and renamed into place, so a kill at any moment leaves the old
/// content or the new one. The file is created with `permissions` (0600 for secrets).
public struct LockedJSONFile: Sendable {
    /// The file.
    public let url: URL
    /// The permissions of the file when written.
    public let permissions: mode_t

    public init(url: URL, permissions: mode_t = 0o644) {
        self.url = url
        self.permissions = permissions
    }

    /// What could not be done, naming the file.
    public struct Failure: Error, Sendable, Equatable, CustomStringConvertible {
        public let path: String
        public let message: String
        public var description: String { "\(path): \(message)" }
    }

    /// The content now; nil when the file does not exist yet.
    public func read() throws(Failure) -> JSONValue? {
        try locked { () throws(Failure) in try load() }
    }

    /// Reads the content (nil when absent), lets `change` replace it, and writes what it
    /// returns as the new content (nil: leave the file as it was).
    public func update<Result>(_ change: (JSONValue?) throws(Failure) -> (JSONValue?, Result)) throws(Failure) -> Result {
        try locked { () throws(Failure) in
            let (content, result) = try change(try load())
            if let content { try save(content) }
            return result
        }
    }

    /// Removes the file.
    public func remove() throws(Failure) {
        try locked { () throws(Failure) in
            if FileManager.default.fileExists(atPath: url.path), unlink(url.path) != 0 {
                throw Failure(path: url.path, message: "cannot be removed: \(String(cString: strerror(errno)))")
            }
        }
    }

    private var folder: URL { url.deletingLastPathComponent() }

    private func load() throws(Failure) -> JSONValue? {
        guard let data = FileManager.default.contents(atPath: url.path) else { return nil }
        do {
            return try JSONValue.parse(data)
        } catch {
            throw Failure(path: url.path, message: "\(error)")
        }
    }

    private func save(_ content: JSONValue) throws(Failure) {
        let temporary = folder.appendingPathComponent(".\(url.lastPathComponent)-\(getpid())-\(UUID().uuidString)")
        let data = content.serialized(pretty: true)
        let descriptor = open(temporary.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, permissions)
        guard descriptor >= 0 else {
            throw Failure(path: temporary.path, message: "cannot be created: \(String(cString: strerror(errno)))")
        }
        let written = data.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        close(descriptor)
        guard written == data.count else {
            unlink(temporary.path)
            throw Failure(path: temporary.path, message: "cannot be written")
        }
        guard rename(temporary.path, url.path) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(temporary.path)
            throw Failure(path: url.path, message: "cannot be replaced: \(reason)")
        }
    }

    private func locked<Result>(_ body: () throws(Failure) -> Result) throws(Failure) -> Result {
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        } catch {
            throw Failure(path: folder.path, message: "cannot be created: \(error.localizedDescription)")
        }
        let descriptor = open(folder.appendingPathComponent(".lock").path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else {
            throw Failure(path: folder.path, message: "its lock cannot be opened: \(String(cString: strerror(errno)))")
        }
        defer { close(descriptor) }
        while flock(descriptor, LOCK_EX) != 0 {
            guard errno == EINTR else {
                throw Failure(path: folder.path, message: "cannot be locked: \(String(cString: strerror(errno)))")
            }
        }
        return try body()
    }
}
