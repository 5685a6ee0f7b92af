import Foundation

/// The kernel's IPv4 and IPv6 routing tables (`/proc/net/route`, `/proc/net/ipv6_route`): whether
/// a default route exists and whether an IPv4 destination is reached through a gateway.
struct RoutingTable: Sendable {
    struct Route: Sendable {
        let interface: String
        let destination: UInt32
        let gateway: UInt32
        let mask: UInt32
    }

    let ipv4: [Route]
    /// Whether an IPv6 default route (::/0) exists on an interface other than loopback.
    let hasIPv6Default: Bool

    /// The tables as the kernel has them now.
    static func current() -> RoutingTable {
        let v4 = (try? String(contentsOfFile: "/proc/net/route", encoding: .utf8)) ?? ""
        let v6 = (try? String(contentsOfFile: "/proc/net/ipv6_route", encoding: .utf8)) ?? ""
        return RoutingTable(ipv4Text: v4, ipv6Text: v6)
    }

    init(ipv4Text: String, ipv6Text: String) {
        // Iface Destination Gateway Flags RefCnt Use Metric Mask ...; RTF_UP is flag 1.
        ipv4 = ipv4Text.split(separator: "\n").dropFirst().compactMap { line in
            let fields = line.split(whereSeparator: { $0 == " " || $0 == "\t" })
            guard fields.count >= 8, let destination = UInt32(fields[1], radix: 16), let gateway = UInt32(fields[2], radix: 16),
                let flags = UInt32(fields[3], radix: 16), flags & 1 != 0, let mask = UInt32(fields[7], radix: 16)
            else { return nil }
            return Route(interface: String(fields[0]), destination: destination, gateway: gateway, mask: mask)
        }
        // destination prefix-length source prefix-length next-hop metric refcnt use flags interface
        hasIPv6Default = ipv6Text.split(separator: "\n").contains { line in
            let fields = line.split(separator: " ", omittingEmptySubsequences: true)
            return fields.count >= 10 && fields[0].allSatisfy { $0 == "0" } && fields[1] == "00" && fields[9] != "lo"
        }
    }

    /// Whether traffic to any address has a route.
    func hasDefaultRoute(_ family: IPAddress.Family) -> Bool {
        switch family {
        case .v4: ipv4.contains { $0.mask == 0 && $0.destination == 0 }
        case .v6: hasIPv6Default
        }
    }

    /// The most specific IPv4 route to `address` (raw `s_addr`), if any.
    func route(to address: UInt32) -> Route? {
        ipv4.filter { address & $0.mask == $0.destination }.max { $0.mask.nonzeroBitCount < $1.mask.nonzeroBitCount }
    }
}
