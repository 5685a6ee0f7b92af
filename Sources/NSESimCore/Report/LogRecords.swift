import Foundation
import NSESimHost
import NSESimRuntime

/// The extension's unified-logging entries (`Logger`, `os_log`), as reports show them.
package struct LogRecords: Sendable {
    /// The levels from the least to the most severe.
    package static let levels = ["debug", "info", "notice", "error", "fault"]

    /// What to show: entries at `minimumLevel` or above, private values as `<private>` (as
    /// in a release log on iOS) unless `showPrivate`.
    package struct Options: Sendable {
        package var minimumLevel: String
        package var showPrivate: Bool

        package init(minimumLevel: String = "debug", showPrivate: Bool = false) {
            self.minimumLevel = minimumLevel
            self.showPrivate = showPrivate
        }
    }

    let records: [ExtensionRecord]

    init(_ result: ExtensionRunResult) {
        records = result.records(from: .log)
    }

    /// The entries shown with `options`.
    func shown(_ options: Options) -> [ExtensionRecord] {
        let minimum = Self.levels.firstIndex(of: options.minimumLevel) ?? 0
        return records.filter { (Self.levels.firstIndex(of: $0.record["level"]?.stringValue ?? "") ?? 0) >= minimum }
    }

    /// The entries shown with `options`, as the report lists them.
    func shownRecords(_ options: Options) -> [NotificationReport.LogRecord] {
        shown(options).map { record in
            NotificationReport.LogRecord(
                tMs: NotificationReport.tenths(record.tMs), level: record.record["level"]?.stringValue,
                subsystem: record.record["subsystem"]?.stringValue, category: record.record["category"]?.stringValue,
                message: (options.showPrivate ? record.record["private"] : record.record["message"])?.stringValue,
                file: record.record["file"]?.stringValue, line: record.record["line"]?.integerValue.map { Int($0) },
                logger: record.record["logger"]?.stringValue)
        }
    }

    /// `    12.3 ms  info    [subsystem:category] message`.
    func lines(_ options: Options) -> [String] {
        shown(options).map { record in
            let level = (record.record["level"]?.stringValue ?? "").padding(toLength: 6, withPad: " ", startingAt: 0)
            let place = [record.record["subsystem"]?.stringValue ?? "", record.record["category"]?.stringValue ?? ""]
                .filter { !$0.isEmpty }.joined(separator: ":")
            let message = (options.showPrivate ? record.record["private"] : record.record["message"])?.stringValue ?? ""
            let origin =
                record.record["file"]?.stringValue.map { file in
                    " (\(file)\(record.record["line"]?.integerValue.map { ":\($0)" } ?? "")\(record.record["logger"]?.stringValue.map { ", \($0)" } ?? ""))"
                } ?? ""
            return String(format: "  %9.1f ms  ", record.tMs) + level + "  " + (place.isEmpty ? "" : "[\(place)] ") + message.printable
                + origin
        }
    }
}
