/// What a reachability object asks about: a host name or an address.
enum ReachabilityTarget: Sendable, CustomStringConvertible {
    case name(String)
    case address(IPAddress)

    var description: String {
        switch self {
        case .name(let name): name
        case .address(let address): address.description
        }
    }
}
