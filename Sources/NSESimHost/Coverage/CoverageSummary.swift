import Foundation
import NSESimRuntime

/// How much of the user's code ran: lines found and lines run, per source file and in all, as
/// replay and run print them (`NotificationService.swift  78.4 % lines (29/37)`).
package struct CoverageSummary: Sendable, Equatable {
    /// One source file.
    package struct File: Sendable, Equatable {
        /// The user's path.
        package var path: String
        /// Lines with code (`LF`).
        package var linesFound: Int
        /// Those that ran at least once (`LH`).
        package var linesHit: Int

        package init(path: String, linesFound: Int, linesHit: Int) {
            self.path = path
            self.linesFound = linesFound
            self.linesHit = linesHit
        }
    }

    package var files: [File]

    package init(files: [File]) {
        self.files = files
    }

    package var linesFound: Int { files.reduce(0) { $0 + $1.linesFound } }
    package var linesHit: Int { files.reduce(0) { $0 + $1.linesHit } }

    /// The share of lines run, in percent (0 when no line was found).
    package var percent: Double { Self.percent(linesHit, of: linesFound) }

    static func percent(_ hit: Int, of found: Int) -> Double {
        found == 0 ? 0 : Double(hit) * 100 / Double(found)
    }

    /// `78.4 %`: one decimal, rounded down, so that 99.96 % is not shown as 100.0 %.
    package static func format(_ percent: Double) -> String {
        String(format: "%.1f %%", (percent * 10).rounded(.down) / 10)
    }

    /// One line per file, then the total: each file's path relative to the folder all the
    /// files share (the file's name for one file), aligned.
    package var textLines: [String] {
        let names = Self.shortNames(files.map(\.path))
        let rows =
            zip(names, files).map { name, file in
                (name, "\(Self.format(Self.percent(file.linesHit, of: file.linesFound))) lines (\(file.linesHit)/\(file.linesFound))")
            } + [("Total", "\(Self.format(percent)) lines (\(linesHit)/\(linesFound))")]
        let width = rows.map(\.0.count).max() ?? 0
        return rows.map { $0.0.padding(toLength: width, withPad: " ", startingAt: 0) + "  " + $0.1 }
    }

    /// `paths` relative to the deepest folder they all are in.
    static func shortNames(_ paths: [String]) -> [String] {
        let folders = paths.map { $0.split(separator: "/", omittingEmptySubsequences: false).dropLast() }
        guard var common = folders.first else { return [] }
        for folder in folders.dropFirst() {
            common = common.prefix(zip(common, folder).prefix { $0 == $1 }.count)
        }
        let prefix = common.joined(separator: "/")
        return paths.map { path in
            prefix.isEmpty || !path.hasPrefix(prefix + "/") ? path : String(path.dropFirst(prefix.count + 1))
        }
    }

    /// For JSON output: the total and each file.
    package var jsonValue: JSONValue {
        .object([
            "linesFound": .integer(Int64(linesFound)),
            "linesHit": .integer(Int64(linesHit)),
            "percent": .double((percent * 10).rounded(.down) / 10),
            "files": .array(
                files.map { file in
                    .object([
                        "path": .string(file.path),
                        "linesFound": .integer(Int64(file.linesFound)),
                        "linesHit": .integer(Int64(file.linesHit)),
                    ])
                }),
        ])
    }
}
