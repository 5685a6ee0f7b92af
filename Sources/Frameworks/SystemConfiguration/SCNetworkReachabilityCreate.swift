import Foundation
import NSESimCFTypes
import NSESimRuntime

/// A reachability object for a host name (`"www.apple.com"`); the name is resolved each time
/// the flags are asked for. Nil when the name is empty.
public func SCNetworkReachabilityCreateWithName(_ allocator: CFAllocator?, _ nodename: UnsafePointer<CChar>) -> SCNetworkReachability? {
    let name = String(cString: nodename)
    NSESimReport.send(
        source: .reachability,
        .object([
            "api": .string("SCNetworkReachabilityCreateWithName"), "target": .string(name),
            "created": .bool(!name.isEmpty),
        ]))
    return name.isEmpty ? nil : SCNetworkReachability(target: .name(name))
}

/// A reachability object for an address (a `sockaddr_in` or `sockaddr_in6`): 0.0.0.0 asks
/// whether any network is there, as Reachability-style code does. Nil for another family.
public func SCNetworkReachabilityCreateWithAddress(_ allocator: CFAllocator?, _ address: UnsafePointer<sockaddr>) -> SCNetworkReachability?
{
    let parsed = IPAddress(address)
    NSESimReport.send(
        source: .reachability,
        .object([
            "api": .string("SCNetworkReachabilityCreateWithAddress"),
            "target": parsed.map { .string($0.description) } ?? .null, "created": .bool(parsed != nil),
        ]))
    return parsed.map { SCNetworkReachability(target: .address($0)) }
}

/// Writes the target's flags into `flags`: from the machine's real state (see the module's
/// documentation) and the network profile nsesim applies. True when the flags could be
/// determined (always: a name that does not resolve has no flags, as on iOS).
@discardableResult
public func SCNetworkReachabilityGetFlags(
    _ target: SCNetworkReachability,
    _ flags: UnsafeMutablePointer<SCNetworkReachabilityFlags>
) -> Bool {
    flags.pointee = target.flags(api: "SCNetworkReachabilityGetFlags")
    return true
}
