import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// An exclusive lock on an app's store folder (flock on `.lock`), so that several nsesim
/// processes can deliver into one store at once. Released when the value is dropped, or
/// by the kernel when the process dies.
final class StoreLock {
    private let descriptor: Int32

    init(folder: URL) throws(StoreError) {
        let path = folder.appendingPathComponent(".lock").path
        descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw .unusable(path: path, reason: String(cString: strerror(errno))) }
        while flock(descriptor, LOCK_EX) != 0 {
            guard errno == EINTR else {
                let reason = String(cString: strerror(errno))
                close(descriptor)
                throw .unusable(path: path, reason: "cannot lock: \(reason)")
            }
        }
    }

    deinit {
        flock(descriptor, LOCK_UN)
        close(descriptor)
    }
}
