@_spi(NSESim) import UserNotifications
import NSESimRuntime

/// A payload read, checked and turned into the request iOS would build from it.
public struct ParsedPayload {
    /// The file it came from.
    public let path: String
    /// Its size in bytes as APNs counts it.
    public let size: Int
    /// The largest size APNs accepts for the push type.
    public let sizeLimit: Int
    /// The headers it was pushed with.
    public let headers: PushHeaders
    /// The app's bundle identifier from an `.apns` file's `Simulator Target Bundle`.
    public let bundleIdentifier: String?
    /// `aps.mutable-content` as written.
    public let mutableContent: MutableContentFlag
    /// The request: identifier, content, push trigger.
    public let request: UNNotificationRequest
    /// Whether the extension runs, and why not.
    public let gate: GateDecision
    /// What looks wrong but does not stop the push.
    public let warnings: [LintWarning]
    /// The payload as JSON: the content's `userInfo`.
    package let payload: JSONValue
}
