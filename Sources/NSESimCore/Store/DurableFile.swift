import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// File operations that survive a kill or power loss at any point: whole files appear by
/// rename only, after their bytes are synced.
enum DurableFile {
    /// Writes `data` to `url` atomically: a temporary file, fsync, rename, fsync of the folder.
    static func write(_ data: Data, to url: URL) throws(StoreError) {
        let temporary = url.deletingLastPathComponent().appendingPathComponent(".\(url.lastPathComponent).\(UUID().uuidString).tmp")
        let descriptor = open(temporary.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw failure(temporary, "cannot create") }
        let written = data.withUnsafeBytes { buffer in writeAll(descriptor, buffer) }
        let synced = fsync(descriptor) == 0
        close(descriptor)
        guard written, synced, rename(temporary.path, url.path) == 0 else {
            let error = failure(url, "cannot write")
            unlink(temporary.path)
            throw error
        }
        syncFolder(url.deletingLastPathComponent())
    }

    /// Places `source` at `destination` as a whole file. A move within one file system
    /// is a rename; otherwise (and for copies) the bytes are copied to `staging`, synced,
    /// and renamed into place, and for a move the source is removed afterwards.
    static func place(_ source: URL, at destination: URL, move: Bool, staging: URL) throws(StoreError) {
        if move, sameFileSystem(source, destination.deletingLastPathComponent()) {
            guard rename(source.path, destination.path) == 0 else { throw failure(destination, "cannot move \(source.path) here") }
            syncFolder(destination.deletingLastPathComponent())
            return
        }
        let partial = staging.appendingPathComponent("\(UUID().uuidString).part")
        try copy(source, to: partial)
        guard rename(partial.path, destination.path) == 0 else {
            let error = failure(destination, "cannot rename the copy into place")
            unlink(partial.path)
            throw error
        }
        syncFolder(destination.deletingLastPathComponent())
        if move { unlink(source.path) }
    }

    /// Copies in 1 MiB pieces (never the whole file in memory), then fsyncs.
    static func copy(_ source: URL, to destination: URL) throws(StoreError) {
        let input = open(source.path, O_RDONLY | O_CLOEXEC)
        guard input >= 0 else { throw failure(source, "cannot read") }
        defer { close(input) }
        let output = open(destination.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard output >= 0 else { throw failure(destination, "cannot create") }
        var buffer = [UInt8](repeating: 0, count: 1 << 20)
        var ok = true
        while ok {
            let count = buffer.withUnsafeMutableBytes { Glibc.read(input, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            if count <= 0 {
                ok = count == 0
                break
            }
            ok = buffer.withUnsafeBytes { writeAll(output, UnsafeRawBufferPointer(rebasing: $0[0..<count])) }
        }
        let synced = fsync(output) == 0
        close(output)
        guard ok, synced else {
            let error = failure(destination, "cannot copy \(source.path)")
            unlink(destination.path)
            throw error
        }
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

    private static func writeAll(_ descriptor: Int32, _ buffer: UnsafeRawBufferPointer) -> Bool {
        var offset = 0
        while offset < buffer.count {
            let written = Glibc.write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
            if written < 0 && errno == EINTR { continue }
            guard written > 0 else { return false }
            offset += written
        }
        return true
    }

    private static func failure(_ url: URL, _ what: String) -> StoreError {
        .unusable(path: url.path, reason: "\(what): \(String(cString: strerror(errno)))")
    }
}
