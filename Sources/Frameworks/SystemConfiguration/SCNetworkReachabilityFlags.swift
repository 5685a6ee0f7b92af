/// What `SCNetworkReachabilityGetFlags` says of a name or address: Apple's bits and values.
public struct SCNetworkReachabilityFlags: OptionSet, Hashable, Sendable {
    /// The bits, as Apple's `SCNetworkReachabilityFlags` has them.
    public let rawValue: UInt32

    /// The flags of these bits.
    public init(rawValue: UInt32) {
        self.rawValue = rawValue
    }

    /// Reachable through a transient connection (PPP).
    public static let transientConnection = SCNetworkReachabilityFlags(rawValue: 1 << 0)
    /// Reachable with the current configuration.
    public static let reachable = SCNetworkReachabilityFlags(rawValue: 1 << 1)
    /// Reachable, but a connection must first be established.
    public static let connectionRequired = SCNetworkReachabilityFlags(rawValue: 1 << 2)
    /// A connection is established by traffic to the target.
    public static let connectionOnTraffic = SCNetworkReachabilityFlags(rawValue: 1 << 3)
    /// The user must intervene (a password) to establish the connection.
    public static let interventionRequired = SCNetworkReachabilityFlags(rawValue: 1 << 4)
    /// A connection is established on demand (CFSocketStream).
    public static let connectionOnDemand = SCNetworkReachabilityFlags(rawValue: 1 << 5)
    /// The target is an address of one of this device's interfaces.
    public static let isLocalAddress = SCNetworkReachabilityFlags(rawValue: 1 << 16)
    /// Traffic to the target goes through no gateway.
    public static let isDirect = SCNetworkReachabilityFlags(rawValue: 1 << 17)
    /// Reachable through the cellular network (never on this machine: it has none).
    public static let isWWAN = SCNetworkReachabilityFlags(rawValue: 1 << 18)
    /// `connectionOnTraffic`'s other name.
    public static let connectionAutomatic = SCNetworkReachabilityFlags.connectionOnTraffic

    /// The names of the flags set, for the report: `["reachable", "isDirect"]`.
    var names: [String] {
        let named: [(SCNetworkReachabilityFlags, String)] = [
            (.transientConnection, "transientConnection"), (.reachable, "reachable"), (.connectionRequired, "connectionRequired"),
            (.connectionOnTraffic, "connectionOnTraffic"), (.interventionRequired, "interventionRequired"),
            (.connectionOnDemand, "connectionOnDemand"), (.isLocalAddress, "isLocalAddress"), (.isDirect, "isDirect"),
            (.isWWAN, "isWWAN"),
        ]
        return named.filter { contains($0.0) }.map(\.1)
    }
}
