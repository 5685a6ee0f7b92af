/// How urgently a notification asks for attention (iOS 15), with Apple's raw values.
public enum UNNotificationInterruptionLevel: UInt, Sendable, Hashable, CaseIterable {
    case passive = 0
    case active = 1
    case timeSensitive = 2
    case critical = 3

    /// The spelling of the `aps.interruption-level` key: `time-sensitive` and so on.
    public var apnsName: String {
        switch self {
        case .passive: "passive"
        case .active: "active"
        case .timeSensitive: "time-sensitive"
        case .critical: "critical"
        }
    }

    /// The Swift case name, used in nsesim's JSON: `timeSensitive` and so on.
    public var name: String {
        switch self {
        case .passive: "passive"
        case .active: "active"
        case .timeSensitive: "timeSensitive"
        case .critical: "critical"
        }
    }

    /// The level for an APNs spelling (`time-sensitive`) or a Swift case name.
    public init?(name: String) {
        guard let level = Self.allCases.first(where: { $0.apnsName == name || $0.name == name }) else { return nil }
        self = level
    }
}
