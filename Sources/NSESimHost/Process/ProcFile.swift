import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// Small reads of /proc files (whose size /proc reports as 0, so read to the end).
enum ProcFile {
    /// The file's bytes, at most `limit`; nil when it cannot be opened.
    static func read(_ path: String, limit: Int) -> [UInt8]? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: min(limit, 4096))
        while bytes.count < limit {
            let count = buffer.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { break }
            bytes += buffer[0..<count]
        }
        return bytes
    }

    /// Where a /proc symbolic link (cwd, exe, fd/N) points; nil when it cannot be read.
    static func link(_ path: String) -> String? {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = readlink(path, &buffer, buffer.count - 1)
        guard count > 0 else { return nil }
        return String(decoding: buffer.prefix(count).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// Whether one of the `separator`-ended fields of `bytes` (an environ file's NUL-ended
    /// entries, a text file's lines) is exactly `field`: a scan without allocations (it runs for
    /// many processes at each notification's end).
    static func hasField(_ field: [UInt8], in bytes: [UInt8], separator: UInt8) -> Bool {
        bytes.withUnsafeBufferPointer { all in
            field.withUnsafeBufferPointer { wanted in
                var start = 0
                while start < all.count {
                    var end = start
                    while end < all.count && all[end] != separator { end += 1 }
                    if end - start == wanted.count && memcmp(all.baseAddress! + start, wanted.baseAddress!, wanted.count) == 0 {
                        return true
                    }
                    start = end + 1
                }
                return false
            }
        }
    }

    /// The rest of the first line of `bytes` that starts with `prefix` (a /proc/stat field).
    static func line(after prefix: [UInt8], in bytes: [UInt8]) -> ArraySlice<UInt8>? {
        var start = 0
        while start < bytes.count {
            let end = bytes[start...].firstIndex(of: UInt8(ascii: "\n")) ?? bytes.count
            if end - start >= prefix.count && bytes[start..<(start + prefix.count)].elementsEqual(prefix) {
                return bytes[(start + prefix.count)..<end]
            }
            start = end + 1
        }
        return nil
    }
}
