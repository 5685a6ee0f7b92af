import Foundation

/// A log handle: a subsystem and a category.
public final class OSLog: NSObject, @unchecked Sendable {
    /// The subsystem, usually the bundle identifier (`com.example.app.NotificationService`).
    public let subsystem: String
    /// The category within it (`network`, `decryption`, ...).
    public let category: String
    let enabled: Bool

    public init(subsystem: String, category: String) {
        self.subsystem = subsystem
        self.category = category
        enabled = true
        super.init()
    }

    private init(disabled: Void) {
        subsystem = ""
        category = ""
        enabled = false
        super.init()
    }

    /// The default log (no subsystem, no category).
    public static let `default` = OSLog(subsystem: "", category: "")
    /// A log that records nothing.
    public static let disabled = OSLog(disabled: ())

    /// Whether entries of `type` are recorded: always, but for the disabled log.
    public func isEnabled(type: OSLogType) -> Bool { enabled }

    /// The signpost category of points of interest.
    public static let pointsOfInterest = OSLog(subsystem: "", category: "PointsOfInterest")
}
