import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// A file's size and modification time, from one `stat`: the part of a build cache key that
/// says whether a file changed. `FileManager.attributesOfItem` would give the same two, but on
/// Linux it also looks up the owner's and the group's names (reading /etc/passwd and
/// /etc/group each time), which made the cache check of `nsesim run` read those two files
/// twice for each of nsesim's ~120 libraries and modules.
struct FileStamp: Equatable, Sendable {
    /// The size in bytes.
    let size: Int64
    /// The modification time, in nanoseconds since 1970.
    let modifiedNanoseconds: Int64

    /// The stamp of the file at `path` (symbolic links followed), or nil when it cannot be read.
    init?(path: String) {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        size = Int64(info.st_size)
        modifiedNanoseconds = Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec)
    }

    /// `PATH SIZE MTIME` for a cache key; `PATH -1 0` for a file that is not there.
    static func keyLine(_ path: String) -> String {
        guard let stamp = FileStamp(path: path) else { return "\(path) -1 0" }
        return "\(path) \(stamp.size) \(stamp.modifiedNanoseconds)"
    }
}
