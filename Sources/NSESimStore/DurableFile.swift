import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// File operations that survive a kill or power loss at any point: whole files appear by
/// rename only, after their bytes are synced. A failure (a full disk, a name too long)
/// leaves nothing behind: the temporary or partial file is removed, and the error names
/// the file and the errno (`No space left on device (ENOSPC)`).
enum DurableFile {
    /// Writes `data` to `url` atomically: a temporary file, fsync, rename, fsync of the folder.
    static func write(_ data: Data, to url: URL) throws(StoreError) {
        let temporary = url.deletingLastPathComponent().appendingPathComponent(".\(url.lastPathComponent).\(UUID().uuidString).tmp")
        let descriptor = open(temporary.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw failure(url, "cannot create \(temporary.lastPathComponent)", .current) }
        var problem: (String, SystemError)?
        if !data.withUnsafeBytes({ buffer in writeAll(descriptor, buffer) }) {
            problem = ("cannot write", .current)
        } else if fsync(descriptor) != 0 {
            problem = ("cannot sync", .current)
        }
        close(descriptor)
        if problem == nil, rename(temporary.path, url.path) != 0 {
            problem = ("cannot rename \(temporary.lastPathComponent) into place", .current)
        }
        if case let (what, error)? = problem {
            unlink(temporary.path)
            throw failure(url, what, error)
        }
        syncFolder(url.deletingLastPathComponent())
    }

    /// How ``place(_:at:move:staging:)`` put a file in place.
    enum Placed: Equatable {
        /// Renamed: a move within one file system (the source is gone).
        case renamed
        /// Copied; the source stays (a copy from a bundle).
        case copied
        /// Copied for a move across file systems: the source is still there, to be
        /// removed by the caller once the index names the copy.
        case copiedSourceToRemove
    }

    /// Places `source` at `destination` as a whole file. A move within one file system
    /// is a rename; otherwise (and for copies) the bytes are copied to `staging`, synced,
    /// and renamed into place; the source of a move is left for the caller to remove.
    static func place(_ source: URL, at destination: URL, move: Bool, staging: URL) throws(StoreError) -> Placed {
        if move, sameFileSystem(source, destination.deletingLastPathComponent()) {
            guard rename(source.path, destination.path) == 0 else {
                throw failure(destination, "cannot move \(source.path) here", .current)
            }
            syncFolder(destination.deletingLastPathComponent())
            return .renamed
        }
        let partial = staging.appendingPathComponent("\(UUID().uuidString).part")
        if case let (what, error)? = copy(source, to: partial) {
            throw failure(destination, "cannot copy \(source.path) here: \(what)", error)
        }
        guard rename(partial.path, destination.path) == 0 else {
            let error = SystemError.current
            unlink(partial.path)
            throw failure(destination, "cannot rename the copy into place", error)
        }
        syncFolder(destination.deletingLastPathComponent())
        return move ? .copiedSourceToRemove : .copied
    }

    /// Copies in 1 MiB pieces (never the whole file in memory), then fsyncs. Nil when
    /// done; else what failed and why, with the partial copy removed.
    static func copy(_ source: URL, to destination: URL) -> (String, SystemError)? {
        let input = open(source.path, O_RDONLY | O_CLOEXEC)
        guard input >= 0 else { return ("cannot read it", .current) }
        defer { close(input) }
        let output = open(destination.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard output >= 0 else { return ("cannot create \(destination.path)", .current) }
        var buffer = [UInt8](repeating: 0, count: 1 << 20)
        var problem: (String, SystemError)?
        while problem == nil {
            let count = buffer.withUnsafeMutableBytes { Glibc.read(input, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            if count < 0 { problem = ("cannot read it", .current) }
            if count <= 0 { break }
            if !buffer.withUnsafeBytes({ writeAll(output, UnsafeRawBufferPointer(rebasing: $0[0..<count])) }) {
                problem = ("cannot write", .current)
            }
        }
        if problem == nil, fsync(output) != 0 { problem = ("cannot sync", .current) }
        close(output)
        if problem != nil { unlink(destination.path) }
        return problem
    }

    static func sameFileSystem(_ first: URL, _ second: URL) -> Bool {
        var a = stat()
        var b = stat()
        return stat(first.path, &a) == 0 && stat(second.path, &b) == 0 && a.st_dev == b.st_dev
    }

    static func syncFolder(_ folder: URL) {
        let descriptor = open(folder.path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { return }
        fsync(descriptor)
        close(descriptor)
    }

    /// Writes every byte; false with errno set when a write fails (a short write that
    /// makes no progress counts as a failure: ENOSPC when errno says nothing).
    private static func writeAll(_ descriptor: Int32, _ buffer: UnsafeRawBufferPointer) -> Bool {
        var offset = 0
        while offset < buffer.count {
            let written = Glibc.write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
            if written < 0 && errno == EINTR { continue }
            guard written > 0 else {
                if written == 0 { errno = ENOSPC }
                return false
            }
            offset += written
        }
        return true
    }

    private static func failure(_ url: URL, _ what: String, _ error: SystemError) -> StoreError {
        .unusable(path: url.path, reason: "\(what): \(error)")
    }
}
