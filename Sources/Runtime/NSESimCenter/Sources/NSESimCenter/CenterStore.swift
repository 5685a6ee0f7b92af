import Foundation
import NSESimRuntime
#if canImport(Glibc)
import Glibc
#endif

/// An app's notification center on disk: `FOLDER/center.json`, changed under an exclusive
/// `flock` of `FOLDER/.lock` (the extension process and nsesim may act at once) and written
/// atomically (a temporary file renamed into place), so a kill at any moment leaves the old
/// state or the new one.
public struct CenterStore: Sendable {
    /// The app's center folder: `apps/APP-ID/NotificationCenter` in nsesim's data folder.
    public let folder: URL

    public init(folder: URL) {
        self.folder = folder
    }

    /// The center of the app whose data folder is `appFolder` (`AppData.root`).
    public init(appFolder: URL) {
        folder = appFolder.appendingPathComponent("NotificationCenter")
    }

    /// The state file.
    public var file: URL { folder.appendingPathComponent("center.json") }

    /// The state now (empty when nothing was stored yet).
    public func read() throws(CenterStoreError) -> CenterState {
        try locked { () throws(CenterStoreError) in try load() }
    }

    /// Applies `change` to the stored state and stores the result; returns what `change` returned.
    public func update<Result>(_ change: (inout CenterState) -> Result) throws(CenterStoreError) -> Result {
        try locked { () throws(CenterStoreError) in
            var state = try load()
            let result = change(&state)
            try save(state)
            return result
        }
    }

    /// Removes the app's center state.
    public func reset() throws(CenterStoreError) {
        try locked { () throws(CenterStoreError) in
            if FileManager.default.fileExists(atPath: file.path), unlink(file.path) != 0 {
                throw CenterStoreError(path: file.path, message: "cannot be removed: \(String(cString: strerror(errno)))")
            }
        }
    }

    private func load() throws(CenterStoreError) -> CenterState {
        guard let data = FileManager.default.contents(atPath: file.path) else { return CenterState() }
        do {
            return CenterState(jsonValue: try JSONValue.parse(data))
        } catch {
            throw CenterStoreError(path: file.path, message: "\(error); remove it with `nsesim center reset` to start afresh")
        }
    }

    private func save(_ state: CenterState) throws(CenterStoreError) {
        let temporary = folder.appendingPathComponent(".center-\(getpid())-\(UUID().uuidString).json")
        do {
            try state.jsonValue.serialized(pretty: true).write(to: temporary)
        } catch {
            throw CenterStoreError(path: temporary.path, message: "cannot be written: \(error.localizedDescription)")
        }
        guard rename(temporary.path, file.path) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(temporary.path)
            throw CenterStoreError(path: file.path, message: "cannot be replaced: \(reason)")
        }
    }

    private func locked<Result>(_ body: () throws(CenterStoreError) -> Result) throws(CenterStoreError) -> Result {
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        } catch {
            throw CenterStoreError(path: folder.path, message: "cannot be created: \(error.localizedDescription)")
        }
        let descriptor = open(folder.appendingPathComponent(".lock").path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else {
            throw CenterStoreError(path: folder.path, message: "its lock cannot be opened: \(String(cString: strerror(errno)))")
        }
        defer { close(descriptor) }
        while flock(descriptor, LOCK_EX) != 0 {
            guard errno == EINTR else {
                throw CenterStoreError(path: folder.path, message: "cannot be locked: \(String(cString: strerror(errno)))")
            }
        }
        return try body()
    }
}

/// The center's file cannot be read or written.
public struct CenterStoreError: Error, Sendable, Equatable, CustomStringConvertible {
    public let path: String
    public let message: String

    public init(path: String, message: String) {
        self.path = path
        self.message = message
    }

    public var description: String { "\(path): \(message)" }
}
