import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// An IPv4 or IPv6 address as bytes in network order, read from a `sockaddr` or a name's
/// resolution.
struct IPAddress: Hashable, Sendable, CustomStringConvertible {
    enum Family: Sendable { case v4, v6 }

    let family: Family
    let bytes: [UInt8]

    /// The address of a `sockaddr_in` or `sockaddr_in6`; nil for any other family.
    init?(_ address: UnsafePointer<sockaddr>) {
        switch Int32(address.pointee.sa_family) {
        case AF_INET:
            let v4 = UnsafeRawPointer(address).load(as: sockaddr_in.self)
            self.init(family: .v4, bytes: withUnsafeBytes(of: v4.sin_addr) { Array($0) })
        case AF_INET6:
            let v6 = UnsafeRawPointer(address).load(as: sockaddr_in6.self)
            self.init(family: .v6, bytes: withUnsafeBytes(of: v6.sin6_addr) { Array($0) })
        default:
            return nil
        }
    }

    init(family: Family, bytes: [UInt8]) {
        self.family = family
        self.bytes = bytes
    }

    /// 0.0.0.0 or ::, which Reachability-style code asks about for "any network".
    var isUnspecified: Bool { bytes.allSatisfy { $0 == 0 } }

    /// 127.0.0.0/8 or ::1 (or ::ffff:127.x.x.x).
    var isLoopback: Bool {
        switch family {
        case .v4: bytes[0] == 127
        case .v6:
            bytes == [UInt8](repeating: 0, count: 15) + [1]
                || (bytes.prefix(12) == [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff] && bytes[12] == 127)
        }
    }

    /// The IPv4 address as `in_addr.s_addr` holds it (network order in memory), as the kernel's
    /// routing table prints it.
    var rawIPv4: UInt32? {
        guard family == .v4 else { return nil }
        return bytes.withUnsafeBytes { $0.loadUnaligned(as: UInt32.self) }
    }

    var description: String {
        var buffer = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN))
        let family = self.family == .v4 ? AF_INET : AF_INET6
        let text = bytes.withUnsafeBytes { raw in inet_ntop(family, raw.baseAddress, &buffer, socklen_t(buffer.count)) }
        return text == nil ? "?" : String(cString: buffer)
    }

    /// A `sockaddr` of this address and `port`, for `connect`.
    func withSocketAddress<Result>(port: UInt16, _ body: (UnsafePointer<sockaddr>, socklen_t) -> Result) -> Result {
        switch family {
        case .v4:
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_port = port.bigEndian
            withUnsafeMutableBytes(of: &address.sin_addr) { $0.copyBytes(from: bytes) }
            return withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { body($0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
            }
        case .v6:
            var address = sockaddr_in6()
            address.sin6_family = sa_family_t(AF_INET6)
            address.sin6_port = port.bigEndian
            withUnsafeMutableBytes(of: &address.sin6_addr) { $0.copyBytes(from: bytes) }
            return withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { body($0, socklen_t(MemoryLayout<sockaddr_in6>.size)) }
            }
        }
    }
}
