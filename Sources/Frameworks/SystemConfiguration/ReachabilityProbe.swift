import Foundation
import NSESimRuntime

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// What a reachability target's flags are on this machine, and why: the answer of
/// `SCNetworkReachabilityGetFlags`.
struct ReachabilityAnswer: Sendable {
    let flags: SCNetworkReachabilityFlags
    /// Why, in words, for the report: "resolved to 93.184.216.34; routed through a gateway".
    let reason: String
    /// The addresses a name resolved to.
    let addresses: [IPAddress]
}

/// Asks the real state: a name is resolved with getaddrinfo, an address has a route when the
/// kernel lets a UDP socket connect to it (nothing is sent), an address of one of this
/// machine's interfaces (or loopback) is local and direct, an IPv4 destination without a
/// gateway in the routing table is direct. The network profile nsesim applies
/// (`NSESIM_NETWORK_LOSS`) comes first: at 100% loss nothing is reachable.
enum ReachabilityProbe {
    static func answer(
        for target: ReachabilityTarget, environment: [String: String] = ProcessInfo.processInfo.environment
    ) -> ReachabilityAnswer {
        if let loss = NSESimEnvironment.networkLoss.value(in: environment).flatMap(Double.init), loss >= 100 {
            return ReachabilityAnswer(flags: [], reason: "the network profile drops every connection (\(Int(loss))% loss)", addresses: [])
        }
        switch target {
        case .address(let address):
            return answer(for: address)
        case .name(let name):
            let resolved: [IPAddress]
            switch resolve(name) {
            case .success(let addresses): resolved = addresses
            case .failure(let message):
                return ReachabilityAnswer(flags: [], reason: "\(name) does not resolve: \(message)", addresses: [])
            }
            var last = ReachabilityAnswer(flags: [], reason: "\(name) resolves to no address", addresses: resolved)
            for address in resolved {
                let one = answer(for: address)
                last = ReachabilityAnswer(flags: one.flags, reason: "resolved to \(address); \(one.reason)", addresses: resolved)
                if one.flags.contains(.reachable) { break }
            }
            return last
        }
    }

    static func answer(for address: IPAddress) -> ReachabilityAnswer {
        let routes = RoutingTable.current()
        if address.isUnspecified {
            return routes.hasDefaultRoute(address.family)
                ? ReachabilityAnswer(flags: .reachable, reason: "a default route exists", addresses: [address])
                : ReachabilityAnswer(flags: [], reason: "no default route", addresses: [address])
        }
        if address.isLoopback || localAddresses().contains(address) {
            return ReachabilityAnswer(
                flags: [.reachable, .isLocalAddress, .isDirect],
                reason: "\(address) is an address of this machine", addresses: [address])
        }
        if let error = routeError(to: address) {
            return ReachabilityAnswer(flags: [], reason: "no route to \(address): \(error)", addresses: [address])
        }
        if let raw = address.rawIPv4, let route = routes.route(to: raw), route.gateway == 0 {
            return ReachabilityAnswer(
                flags: [.reachable, .isDirect], reason: "on the network of \(route.interface), no gateway",
                addresses: [address])
        }
        return ReachabilityAnswer(flags: .reachable, reason: "routed through a gateway", addresses: [address])
    }

    /// The addresses `name` resolves to (getaddrinfo), or why it does not.
    static func resolve(_ name: String) -> Result<[IPAddress], ProbeFailure> {
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        var list: UnsafeMutablePointer<addrinfo>?
        let status = getaddrinfo(name, nil, &hints, &list)
        guard status == 0 else { return .failure(ProbeFailure(String(cString: gai_strerror(status)))) }
        defer { freeaddrinfo(list) }
        var addresses: [IPAddress] = []
        var entry = list
        while let current = entry {
            if let address = current.pointee.ai_addr.flatMap({ IPAddress(UnsafePointer($0)) }), !addresses.contains(address) {
                addresses.append(address)
            }
            entry = current.pointee.ai_next
        }
        return .success(addresses)
    }

    /// Why the kernel has no route to `address` (a UDP connect sends nothing), or nil.
    static func routeError(to address: IPAddress) -> String? {
        let descriptor = socket(address.family == .v4 ? AF_INET : AF_INET6, Int32(SOCK_DGRAM.rawValue), 0)
        guard descriptor >= 0 else { return String(cString: strerror(errno)) }
        defer { close(descriptor) }
        let result = address.withSocketAddress(port: 9) { connect(descriptor, $0, $1) }
        return result == 0 ? nil : String(cString: strerror(errno))
    }

    /// The addresses of this machine's interfaces that are up.
    static func localAddresses() -> Set<IPAddress> {
        var list: UnsafeMutablePointer<ifaddrs>?
        guard getifaddrs(&list) == 0 else { return [] }
        defer { freeifaddrs(list) }
        var addresses = Set<IPAddress>()
        var entry = list
        while let current = entry {
            if current.pointee.ifa_flags & UInt32(IFF_UP) != 0, let raw = current.pointee.ifa_addr,
                let address = IPAddress(UnsafePointer(raw))
            {
                addresses.insert(address)
            }
            entry = current.pointee.ifa_next
        }
        return addresses
    }
}

/// Why a probe step failed, in the C library's words.
struct ProbeFailure: Error {
    let message: String

    init(_ message: String) {
        self.message = message
    }
}
