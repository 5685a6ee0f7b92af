#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The server's listening socket, made here rather than by NIO so that it is bound to
/// 127.0.0.1 only and closed on exec: a process the caller starts (an extension, a tool)
/// never inherits it, so a stopped server's port is really closed.
enum ListeningSocket {
    /// A TCP socket bound to 127.0.0.1:`port` (0: a free port) and listening.
    static func open(port: Int, backlog: Int32 = 256) throws(FixtureServerError) -> Int32 {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue | SOCK_CLOEXEC.rawValue | SOCK_NONBLOCK.rawValue), 0)
        guard descriptor >= 0 else { throw .startFailed("cannot make a socket: \(reason(errno))") }
        // Lets a restarted server take its port back while old connections linger in TIME_WAIT;
        // on Linux it never lets two servers listen on one port.
        var one: Int32 = 1
        _ = setsockopt(descriptor, SOL_SOCKET, SO_REUSEADDR, &one, socklen_t(MemoryLayout<Int32>.size))

        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = in_addr_t(0x7F00_0001).bigEndian  // 127.0.0.1
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard bound == 0, listen(descriptor, backlog) == 0 else {
            let code = errno
            close(descriptor)
            switch code {
            case EADDRINUSE: throw .portUnavailable(port, "the port is already in use (address already in use)")
            case EACCES: throw .portUnavailable(port, "permission denied (ports below 1024 need privileges)")
            default: throw .portUnavailable(port, reason(code))
            }
        }
        return descriptor
    }

    private static func reason(_ code: Int32) -> String {
        String(cString: strerror(code))
    }
}
