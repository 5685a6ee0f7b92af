import Foundation
import NSESimCore
import NSESimHost

/// A `--fail-if` condition, checked against every payload and network of a bench:
/// `p99 > 20s`, `max >= 29.5s`, `headroom < 5s`, `timeWillExpire > 0`, `original > 10%`,
/// `killed-memory > 0`, `peak-memory > 24MB`, `added-memory > 20MB`, `bytes > 5MB`,
/// `attachments < 10`. When the condition holds, the bench fails (exit status 1).
///
/// - Times (`min`, `p50`, `p90`, `p99`, `max`, `headroom`) take `ms` or `s` (bare numbers
///   are seconds); a content handler that was never called is later than any time; a
///   payload the gate refuses (no extension runs) has no time and crosses no time threshold.
/// - Counts (`timeWillExpire`, `original`, `attachments`, `dropped`, and each outcome name)
///   are summed over the runs; with `%` they are the share of the runs.
/// - Sizes (`peak-memory`, `added-memory` at their maximum, `bytes` summed) take `KB`, `MB`,
///   `GB` (1000-based), `KiB`, `MiB`, `GiB`, or plain bytes.
package struct BenchThreshold: Sendable, Equatable, CustomStringConvertible {
    package enum Metric: Sendable, Equatable {
        case time(DurationSummary.Statistic)
        case headroom
        case count(Count)
        case size(Size)
    }

    package enum Count: Sendable, Equatable {
        case timeWillExpire, original, attachments, dropped
        case outcome(Outcome)
    }

    package enum Size: String, Sendable, Equatable {
        case peakMemory = "peak-memory", addedMemory = "added-memory", bytes
    }

    package enum Comparison: String, Sendable, CaseIterable {
        case greaterOrEqual = ">=", lessOrEqual = "<=", equal = "==", notEqual = "!=", greater = ">", less = "<"

        func holds(_ left: Double, _ right: Double) -> Bool {
            switch self {
            case .greater: left > right
            case .greaterOrEqual: left >= right
            case .less: left < right
            case .lessOrEqual: left <= right
            case .equal: left == right
            case .notEqual: left != right
            }
        }
    }

    package let expression: String
    package let metric: Metric
    package let comparison: Comparison
    /// Milliseconds for times, a count or a share 0...1 for counts, bytes for sizes.
    package let value: Double
    /// True when a count is compared as a share of the runs (`%`).
    package let isShare: Bool

    package var description: String { expression }

    /// Parses `METRIC OP VALUE`, spaces optional.
    package init(_ expression: String) throws(BenchError) {
        self.expression = expression.trimmingCharacters(in: .whitespaces)
        let text = self.expression
        guard let found = Comparison.allCases.lazy.compactMap({ op in text.range(of: op.rawValue).map { (op, $0) } }).first else {
            throw .badThreshold(text, "no comparison: write it as METRIC OP VALUE, e.g. 'p99 > 20s' (OP: > >= < <= == !=)")
        }
        let name = text[..<found.1.lowerBound].trimmingCharacters(in: .whitespaces)
        let valueText = text[found.1.upperBound...].trimmingCharacters(in: .whitespaces)
        comparison = found.0
        switch name.lowercased() {
        case let stat where DurationSummary.Statistic(rawValue: stat) != nil:
            metric = .time(DurationSummary.Statistic(rawValue: stat)!)
        case "headroom": metric = .headroom
        case "timewillexpire": metric = .count(.timeWillExpire)
        case "original": metric = .count(.original)
        case "attachments": metric = .count(.attachments)
        case "dropped": metric = .count(.dropped)
        case let size where Size(rawValue: size) != nil: metric = .size(Size(rawValue: size)!)
        case let outcome where Outcome(rawValue: outcome) != nil: metric = .count(.outcome(Outcome(rawValue: outcome)!))
        default:
            throw .badThreshold(
                text,
                "unknown metric '\(name)': use min, p50, p90, p99, max, headroom, timeWillExpire, original, "
                    + "attachments, dropped, peak-memory, added-memory, bytes, or an outcome ("
                    + Outcome.allCases.map(\.rawValue).joined(separator: ", ") + ")")
        }
        switch metric {
        case .time, .headroom:
            isShare = false
            guard let milliseconds = Self.milliseconds(valueText) else {
                throw .badThreshold(text, "'\(valueText)' is not a time: write e.g. 20s, 1.5s or 800ms")
            }
            value = milliseconds
        case .count(let count):
            isShare = valueText.hasSuffix("%")
            let number = isShare ? String(valueText.dropLast()).trimmingCharacters(in: .whitespaces) : valueText
            guard let parsed = Double(number), parsed.isFinite, parsed >= 0 else {
                throw .badThreshold(text, "'\(valueText)' is not a count: write e.g. 0, 3 or 10%")
            }
            if isShare, count == .attachments || count == .dropped {
                throw .badThreshold(text, "attachments and dropped are counts of attachments, not of runs: give a number without %")
            }
            value = isShare ? parsed / 100 : parsed
        case .size:
            isShare = false
            guard let bytes = ByteSize.parse(valueText.replacingOccurrences(of: " ", with: "")) else {
                throw .badThreshold(text, "'\(valueText)' is not a size: write e.g. 24MB, 512KB or 1048576")
            }
            value = Double(bytes)
        }
    }

    /// The figure the threshold looks at, for one group: milliseconds (`.infinity` for
    /// never), a count or share, or bytes.
    package func measured(in group: BenchGroup) -> Double {
        switch metric {
        case .time(let statistic):
            return group.contentHandler.value(statistic) ?? .infinity
        case .headroom:
            return group.headroomAtP99Ms ?? -.infinity
        case .count(let count):
            let total: Int =
                switch count {
                case .timeWillExpire: group.timeWillExpireCount
                case .original: group.originalDeliveredCount
                case .attachments: group.attachmentsDelivered
                case .dropped: group.attachmentsDropped
                case .outcome(let outcome): group.samples.count { $0.outcome == outcome }
                }
            return isShare ? (group.samples.isEmpty ? 0 : Double(total) / Double(group.samples.count)) : Double(total)
        case .size(let size):
            return switch size {
            case .peakMemory: Double(group.peakMemoryBytes)
            case .addedMemory: Double(group.addedMemoryBytes)
            case .bytes: Double(group.bytesDownloaded)
            }
        }
    }

    /// True when the condition holds for the group: the bench fails.
    package func isCrossed(by group: BenchGroup) -> Bool {
        switch metric {
        case .time, .headroom:
            // No extension ran (the gate refused the payload): there is no time to judge.
            guard !group.invokedSamples.isEmpty else { return false }
        case .count, .size:
            break
        }
        return comparison.holds(measured(in: group), value)
    }

    /// The measured figure in the threshold's own terms: "30.01 s", "never", "3 of 10", "25.2 MB".
    package func formattedMeasure(in group: BenchGroup) -> String {
        let measure = measured(in: group)
        switch metric {
        case .time, .headroom:
            return measure.isFinite ? BenchFormat.duration(measure) : "never"
        case .count:
            if isShare { return "\(BenchFormat.number(measure * 100))% of \(group.samples.count) runs" }
            return BenchFormat.number(measure)
        case .size:
            return BenchFormat.bytes(Int64(measure))
        }
    }

    /// `20s`, `1.5 s`, `800ms` → milliseconds; a bare number is seconds.
    static func milliseconds(_ text: String) -> Double? {
        let trimmed = text.lowercased().replacingOccurrences(of: " ", with: "")
        let (number, scale): (Substring, Double) =
            trimmed.hasSuffix("ms")
            ? (trimmed.dropLast(2), 1)
            : trimmed.hasSuffix("s")
                ? (trimmed.dropLast(), 1000)
                : (Substring(trimmed), 1000)
        guard let value = Double(number), value.isFinite, value >= 0 else { return nil }
        return value * scale
    }
}
