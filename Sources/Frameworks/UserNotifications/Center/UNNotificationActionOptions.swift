/// How an action behaves when the user picks it.
public struct UNNotificationActionOptions: OptionSet, Sendable, Hashable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }

    /// The device must be unlocked first.
    public static let authenticationRequired = UNNotificationActionOptions(rawValue: 1 << 0)
    /// Shown as destructive (red).
    public static let destructive = UNNotificationActionOptions(rawValue: 1 << 1)
    /// Opens the app.
    public static let foreground = UNNotificationActionOptions(rawValue: 1 << 2)

    /// The names of the options set, for reports.
    var names: [String] {
        [(Self.authenticationRequired, "authenticationRequired"), (.destructive, "destructive"), (.foreground, "foreground")]
            .filter { contains($0.0) }.map(\.1)
    }
}
