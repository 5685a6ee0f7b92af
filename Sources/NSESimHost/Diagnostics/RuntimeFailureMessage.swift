import Foundation

/// The reason the Swift runtime prints on standard error before it traps: `Fatal error:
/// Unexpectedly found nil while unwrapping an Optional value`, `Fatal error: Index out of range`,
/// a `fatalError`, `precondition` or `assert` message, a failed `as!` cast; with the file (a
/// `#fileID`, `NotificationService/NotificationService.swift`) and line the runtime names when
/// it names one. Read from the extension's log after a crash (docs/crashes-and-hangs.md#crashes).
package struct RuntimeFailureMessage: Sendable, Equatable {
    /// The reason, with its kind: `Fatal error: Unexpectedly found nil while unwrapping an Optional value`.
    package var reason: String
    /// The file the runtime named (`#fileID` or path), when it named one.
    package var file: String?
    /// The line it named.
    package var line: Int?

    package init(reason: String, file: String? = nil, line: Int? = nil) {
        self.reason = reason
        self.file = file
        self.line = line
    }

    /// The kinds of message the runtime prints before a trap.
    private static let kinds = ["Fatal error", "Precondition failed", "Assertion failed", "Unexpected error"]

    /// The message in `line`, or nil when it is none.
    package init?(line text: String) {
        let line = text.trimmingCharacters(in: .whitespaces)
        if line.hasPrefix("Could not cast value of type ") {
            self.init(reason: line)
            return
        }
        for kind in Self.kinds {
            guard let range = line.range(of: kind) else { continue }
            let before = line[..<range.lowerBound]
            let after = line[range.upperBound...]
            guard after.isEmpty || after.hasPrefix(":") else { continue }
            if before.isEmpty {
                self.init(reason: String(line))
                return
            }
            // "FILE:LINE: Fatal error: …"
            guard before.hasSuffix(": ") else { continue }
            let location = before.dropLast(2)
            guard let colon = location.lastIndex(of: ":"), let number = Int(location[location.index(after: colon)...]) else {
                continue
            }
            self.init(reason: String(line[range.lowerBound...]), file: String(location[..<colon]), line: number)
            return
        }
        return nil
    }

    /// The last message in `log` (the one printed just before the trap).
    package static func last(in log: String) -> RuntimeFailureMessage? {
        var found: RuntimeFailureMessage?
        for line in log.split(separator: "\n", omittingEmptySubsequences: true) {
            if let message = RuntimeFailureMessage(line: String(line)) { found = message }
        }
        return found
    }
}
