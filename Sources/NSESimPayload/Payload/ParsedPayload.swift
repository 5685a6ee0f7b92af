import NSESimRuntime
@_spi(NSESim) import UserNotifications

/// A payload read, checked and turned into the request iOS would build from it.
package struct ParsedPayload {
    /// The file it came from.
    package let path: String
    /// Its size in bytes as APNs counts it.
    package let size: Int
    /// The largest size APNs accepts for the push type.
    package let sizeLimit: Int
    /// The headers it was pushed with.
    package let headers: PushHeaders
    /// The app's bundle identifier from an `.apns` file's `Simulator Target Bundle`.
    package let bundleIdentifier: String?
    /// `aps.mutable-content` as written.
    package let mutableContent: MutableContentFlag
    /// The request: identifier, content, push trigger.
    package let request: UNNotificationRequest
    /// Whether the extension runs, and why not.
    package let gate: GateDecision
    /// What looks wrong but does not stop the push.
    package let warnings: [LintWarning]
    /// The payload as JSON: the content's `userInfo`.
    package let payload: JSONValue
}
