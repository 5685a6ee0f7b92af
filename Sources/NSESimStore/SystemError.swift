#if canImport(Glibc)
import Glibc
#endif

/// A system call's failure as text for store errors: the C library's message and the
/// errno name, e.g. `No space left on device (ENOSPC)`, so that a full disk or a too long
/// name is plain in a report and searchable in a log.
struct SystemError: Sendable, Equatable, CustomStringConvertible {
    let code: Int32

    /// The calling thread's errno, read at once.
    static var current: SystemError { SystemError(code: errno) }

    var description: String {
        let message = String(cString: strerror(code))
        return Self.names[code].map { "\(message) (\($0))" } ?? "\(message) (errno \(code))"
    }

    /// The errno values a file operation in the store can meet.
    private static let names: [Int32: String] = [
        EPERM: "EPERM", ENOENT: "ENOENT", EIO: "EIO", EBADF: "EBADF", EACCES: "EACCES", EEXIST: "EEXIST",
        EXDEV: "EXDEV", ENOTDIR: "ENOTDIR", EISDIR: "EISDIR", EINVAL: "EINVAL", EMFILE: "EMFILE", ENFILE: "ENFILE",
        EFBIG: "EFBIG", ENOSPC: "ENOSPC", EROFS: "EROFS", EMLINK: "EMLINK", ENAMETOOLONG: "ENAMETOOLONG",
        ENOTEMPTY: "ENOTEMPTY", ELOOP: "ELOOP", EDQUOT: "EDQUOT", ENOMEM: "ENOMEM", EBUSY: "EBUSY",
    ]
}
