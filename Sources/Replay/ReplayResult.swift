import Foundation
import NSESimCore
@_spi(NSESim) import UserNotifications
import NSESimRuntime

/// What one case gave.
public struct ReplayResult: Sendable {
    public let name: String
    /// The differences from the expectation, one line each; empty when it passed.
    public let differences: [String]
    /// Why the case could not run (a bad payload, an extension that does not build, ...).
    public let error: String?
    public let duration: Duration
    /// The outcome string, when the case ran.
    public let outcome: String?
    /// `nsesim run`'s JSON object for the case, when it ran.
    package let report: JSONValue?

    public var passed: Bool { differences.isEmpty && error == nil }

    /// `{"name", "passed", "durationMs", "outcome", "differences", "error"}`.
    package var jsonValue: JSONValue {
        .object([
            "name": .string(name),
            "passed": .bool(passed),
            "durationMs": .double(duration.milliseconds),
            "outcome": outcome.map(JSONValue.string) ?? .null,
            "differences": .array(differences.map(JSONValue.string)),
            "error": error.map(JSONValue.string) ?? .null,
        ])
    }

    /// One line for people, with the differences under it.
    public var text: String {
        let time = String(format: "%.0f ms", duration.milliseconds)
        if passed { return "✓ \(name)  \(outcome ?? "")  \(time)" }
        var lines = ["✗ \(name)  \(outcome ?? "did not run")  \(time)"]
        if let error { lines.append("    \(error)") }
        lines.append(contentsOf: differences.map { "    \($0)" })
        return lines.joined(separator: "\n")
    }
}
