import Foundation
import NSESimCore
import NSESimRuntime
@_spi(NSESim) import UserNotifications

/// What one case gave.
package struct ReplayResult: Sendable {
    package let name: String
    /// The differences from the expectation, one line each; empty when it passed.
    package let differences: [String]
    /// Why the case could not run (a bad payload, an extension that does not build, ...).
    package let error: String?
    package let duration: Duration
    /// The outcome string, when the case ran.
    package let outcome: String?
    /// `nsesim run`'s JSON object for the case, when it ran.
    package let report: JSONValue?

    package var passed: Bool { differences.isEmpty && error == nil }

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
    package var text: String {
        let time = String(format: "%.0f ms", duration.milliseconds)
        if passed { return "✓ \(name)  \(outcome ?? "")  \(time)" }
        var lines = ["✗ \(name)  \(outcome ?? "did not run")  \(time)"]
        if let error { lines.append("    \(error)") }
        lines.append(contentsOf: differences.map { "    \($0)" })
        // Where it crashed or was stuck, as `nsesim run` says it: the first place to look.
        // (Not again when a difference already gives it.)
        if let report {
            let sites = ReplaySiteExpectation.lines(of: report).filter { line in
                !differences.contains { $0.hasPrefix(line.hasPrefix("Crash") ? "crash:" : "hang:") }
            }
            lines.append(contentsOf: sites.map { "    \($0)" })
            // What the sanitizer found, when no difference names it already.
            if !differences.contains(where: { $0.hasPrefix("sanitizer:") }) {
                lines.append(contentsOf: ReplaySanitizerExpectation.lines(of: report).map { "    \($0)" })
            }
        }
        return lines.joined(separator: "\n")
    }
}
