/// Something in a payload that APNs or iOS accepts but that is probably a mistake.
/// Warnings never stop a push.
public struct LintWarning: Sendable, Equatable, CustomStringConvertible {
    /// A stable name for the kind of warning, for tests and replay expectations.
    public enum Code: String, Sendable, CaseIterable {
        case customKeyInAps = "custom-key-in-aps"
        case unknownAlertKey = "unknown-alert-key"
        case mutableContentNotNumber = "mutable-content-not-number"
        case mutableContentUnderscore = "mutable-content-underscore"
        case contentAvailableNotNumber = "content-available-not-number"
        case alertWithoutText = "alert-without-text"
        case relevanceScoreOutOfRange = "relevance-score-out-of-range"
        case unknownInterruptionLevel = "unknown-interruption-level"
        case soundVolumeOutOfRange = "sound-volume-out-of-range"
        case payloadOver4KB = "payload-over-4kb"
    }

    /// The kind of warning.
    public let code: Code
    /// The key path it is about, e.g. `aps.mutable-content`.
    public let key: String
    /// What is wrong and what to do.
    public let message: String

    public init(_ code: Code, key: String, _ message: String) {
        self.code = code
        self.key = key
        self.message = message
    }

    public var description: String { "\(key): \(message) [\(code.rawValue)]" }
}
