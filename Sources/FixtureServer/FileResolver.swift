#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Finds the file a request path names inside the served folder, never outside it.
///
/// The path is percent-decoded segment by segment; `.` and `..` are resolved (a `..` above
/// the root is refused), a segment that decodes to a `/` or NUL is refused, and the result
/// is resolved with `realpath`, so that a symbolic link leading out of the root is refused
/// too. Blocking: call it on a thread pool.
struct FileResolver: Sendable {
    /// The root, absolute and without symbolic links.
    let root: String

    /// What a request path leads to.
    enum Resolution: Sendable, Equatable {
        /// An open regular file (the caller closes `descriptor`); `path` is the path asked
        /// for, inside the root (its name gives the Content-Type, also through a link).
        case file(descriptor: Int32, size: Int, path: String)
        case notFound
        /// The path tries to leave the root.
        case forbidden
    }

    /// A resolver for `folder`, or nil when it is not an existing folder.
    init?(folder: String) {
        guard let resolved = Self.realPath(folder) else { return nil }
        var info = stat()
        guard stat(resolved, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR else { return nil }
        root = resolved
    }

    /// The segments of a percent-encoded request path inside the root, or the reason there are none.
    static func segments(ofPath path: String) -> PathSegments {
        var segments: [String] = []
        for raw in path.split(separator: "/", omittingEmptySubsequences: true) {
            guard let bytes = RequestTarget.percentDecodedBytes(String(raw)) else { return .refused(.notFound) }
            guard !bytes.contains(UInt8(ascii: "/")), !bytes.contains(0), !bytes.contains(UInt8(ascii: "\\")) else {
                return .refused(.forbidden)
            }
            guard let segment = String(validating: bytes, as: UTF8.self) else { return .refused(.notFound) }
            switch segment {
            case ".":
                continue
            case "..":
                guard !segments.isEmpty else { return .refused(.forbidden) }
                segments.removeLast()
            default:
                segments.append(segment)
            }
        }
        return .inside(segments)
    }

    /// The segments of a request path inside the root, or the answer when there are none.
    enum PathSegments: Equatable {
        case inside([String])
        case refused(Resolution)
    }

    /// Opens the file a request path names.
    func resolve(path: String) -> Resolution {
        let segments: [String]
        switch Self.segments(ofPath: path) {
        case .inside(let found): segments = found
        case .refused(let resolution): return resolution
        }
        let joined = ([root] + segments).joined(separator: "/")
        guard let resolved = Self.realPath(joined) else { return .notFound }
        guard resolved == root || resolved.hasPrefix(root == "/" ? "/" : root + "/") else { return .forbidden }

        // realpath gave a path without links: O_NOFOLLOW refuses one swapped in since.
        let descriptor = open(resolved, O_RDONLY | O_CLOEXEC | O_NOFOLLOW)
        guard descriptor >= 0 else { return errno == ELOOP ? .forbidden : .notFound }
        var info = stat()
        guard fstat(descriptor, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else {
            close(descriptor)
            return .notFound
        }
        return .file(descriptor: descriptor, size: Int(info.st_size), path: "/" + segments.joined(separator: "/"))
    }

    private static func realPath(_ path: String) -> String? {
        guard let pointer = realpath(path, nil) else { return nil }
        defer { free(pointer) }
        return String(cString: pointer)
    }
}
