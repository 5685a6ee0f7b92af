/// Something in a payload that APNs or iOS accepts but that is probably a mistake.
/// Warnings never stop a push.
package struct LintWarning: Sendable, Equatable, CustomStringConvertible {
    /// A stable name for the kind of warning, for tests and replay expectations.
    package enum Code: String, Sendable, CaseIterable {
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
    package let code: Code
    /// The key path it is about, e.g. `aps.mutable-content`.
    package let key: String
    /// What is wrong and what to do.
    package let message: String

    package init(_ code: Code, key: String, _ message: String) {
        self.code = code
        self.key = key
        self.message = message
    }

    package var description: String { "\(key): \(message) [\(code.rawValue)]" }
}
