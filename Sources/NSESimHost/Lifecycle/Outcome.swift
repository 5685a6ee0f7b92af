/// What became of a notification (docs/behaviour.md#outcomes); the raw values are the exact strings
/// of reports and replay expectations.
package enum Outcome: String, Sendable, CaseIterable, Codable {
    /// The content handler was called before the deadline.
    case modified
    /// The content handler was called during the grace, after `serviceExtensionTimeWillExpire`.
    case bestAttempt = "best-attempt"
    /// The handler was never called; the process was killed at the end of the grace and
    /// the original content delivered.
    case originalTimeout = "original-timeout"
    /// The extension crashed (or could not start) before calling the handler; the
    /// original content was delivered.
    case originalCrash = "original-crash"
    /// The extension went over the memory limit before calling the handler and was
    /// killed; the original content was delivered.
    case killedMemory = "killed-memory"
    /// iOS would not run the extension for this payload; the original content was delivered.
    case notInvoked = "not-invoked"
    /// The extension handed an empty content (no title, subtitle or body) and has the
    /// `com.apple.developer.usernotifications.filtering` entitlement: iOS shows nothing, and
    /// nothing enters the notification center or the attachment store.
    case filtered

    /// True when the delivered content is the extension's, not the original.
    package var deliversExtensionContent: Bool { self == .modified || self == .bestAttempt }

    /// True when the content handler's call counted (the content was shown, or filtered).
    package var handlerCounted: Bool { deliversExtensionContent || self == .filtered }
}
