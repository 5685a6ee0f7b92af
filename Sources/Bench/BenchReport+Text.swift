import NSESimCore
import NSESimHost

extension BenchReport {
    /// The table for people, one row per payload and network, then the outcomes and the
    /// thresholds that held.
    package var text: String {
        var lines = [
            "nsesim bench: \(extensionPath), \(runs) run(s) per payload and network, deadline "
                + "\(BenchFormat.duration(deadlineMs)), grace \(BenchFormat.duration(graceMs))"
                + (memoryLimitBytes.map { ", memory limit \(BenchFormat.bytes($0)) above the empty extension" } ?? ""),
            "time = from didReceive to the content handler call that counted (never: the original was delivered)",
            warm
                ? "processes: warm (each run's process started while the run before it ran, as apns and replay do)"
                : "processes: cold (each run's process spawned when its push came; --warm for the warm path)",
            "",
        ]
        let header = [
            "payload", "network", "runs", "min", "p50", "p90", "p99", "max", "willExpire", "original",
            "attach", "downloaded", "peak memory (added)", "headroom at p99",
        ]
        let rows = groups.map { group -> [String] in
            let times = group.contentHandler
            return [
                group.payload, group.networkName, String(group.samples.count),
                BenchFormat.duration(times.min), BenchFormat.duration(times.p50), BenchFormat.duration(times.p90),
                BenchFormat.duration(times.p99), BenchFormat.duration(times.max),
                "\(group.timeWillExpireCount)/\(group.samples.count)",
                "\(group.originalDeliveredCount)/\(group.samples.count)",
                String(group.attachmentsDelivered) + (group.attachmentsDropped > 0 ? " (-\(group.attachmentsDropped))" : ""),
                BenchFormat.bytes(Int64(group.bytesDownloaded)),
                "\(BenchFormat.bytes(group.peakMemoryBytes)) (+\(BenchFormat.bytes(group.addedMemoryBytes)))"
                    + (group.memoryLimitBytes.map { " of \(BenchFormat.bytes($0))" } ?? ""),
                group.headroomText,
            ]
        }
        lines += Self.table([header] + rows)
        lines.append("")
        lines.append("outcomes:")
        for group in groups {
            let counts = group.outcomeCounts.map { "\($0.outcome.rawValue) \($0.count)" }.joined(separator: ", ")
            lines.append("  \(group.payload) under \(group.networkName): \(counts)")
        }
        let crashing = groups.filter { !$0.crashSites.isEmpty }
        if !crashing.isEmpty {
            lines.append("")
            lines.append("crashes by site:")
            for group in crashing {
                let sites = group.crashSites.map { "\($0.site) \($0.count)" }.joined(separator: ", ")
                lines.append("  \(group.payload) under \(group.networkName): \(sites)")
            }
        }
        let crossings = crossings
        if !thresholds.isEmpty {
            lines.append("")
            if crossings.isEmpty {
                lines.append("thresholds: none crossed (" + thresholds.map { "'\($0.expression)'" }.joined(separator: ", ") + ")")
            } else {
                lines.append("thresholds crossed:")
                lines += crossings.map { "  " + $0.description }
            }
        }
        return lines.joined(separator: "\n")
    }

    /// Columns padded to their widest cell; numbers and times right-aligned.
    static func table(_ rows: [[String]]) -> [String] {
        guard let first = rows.first else { return [] }
        let widths = first.indices.map { column in rows.map { $0[column].count }.max() ?? 0 }
        return rows.map { row in
            row.indices.map { column in
                let cell = row[column]
                let pad = String(repeating: " ", count: widths[column] - cell.count)
                return column < 2 ? cell + pad : pad + cell
            }.joined(separator: "  ")
        }
    }
}

extension BenchGroup {
    /// "29.80 s", "none: over by 12 ms", "none: never called".
    var headroomText: String {
        if invokedSamples.isEmpty { return "— (not invoked)" }
        guard let headroom = headroomAtP99Ms else { return "none (never called)" }
        if headroom <= 0 { return "none (over by \(BenchFormat.duration(-headroom)))" }
        return BenchFormat.duration(headroom)
    }
}
