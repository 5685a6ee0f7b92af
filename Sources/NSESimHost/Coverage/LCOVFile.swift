/// An lcov tracefile (the `geninfo` format `llvm-cov export -format=lcov` writes and `genhtml`
/// reads): one record per source file, from `SF:PATH` to `end_of_record`, with its functions
/// (`FN`, `FNDA`), its lines and their counts (`DA:LINE,COUNT`) and the totals (`LF`, `LH`).
/// Pure: parsed, filtered to the user's files at the user's paths, written back, summed.
package struct LCOVFile: Sendable, Equatable {
    /// One source file's record.
    package struct Record: Sendable, Equatable {
        /// The `SF:` path.
        package var path: String
        /// The record's other lines, as written, `end_of_record` left out.
        package var lines: [String]

        /// Each instrumented line and how many times it ran (`DA:LINE,COUNT`), in order.
        package var lineCounts: [(line: Int, count: UInt64)] {
            lines.compactMap { line in
                guard line.hasPrefix("DA:") else { return nil }
                let fields = line.dropFirst(3).split(separator: ",")
                guard fields.count >= 2, let number = Int(fields[0]), let count = UInt64(fields[1]) else { return nil }
                return (number, count)
            }
        }

        package static func == (lhs: Record, rhs: Record) -> Bool { lhs.path == rhs.path && lhs.lines == rhs.lines }
    }

    package var records: [Record]

    package init(records: [Record]) {
        self.records = records
    }

    /// The records of `text`; lines outside a record (a `TN:` test name) are dropped.
    package init(text: String) {
        var records: [Record] = []
        var current: Record?
        for line in text.split(separator: "\n", omittingEmptySubsequences: true).map(String.init) {
            if line.hasPrefix("SF:") {
                if let open = current { records.append(open) }
                current = Record(path: String(line.dropFirst(3)), lines: [])
            } else if line == "end_of_record" {
                if let open = current { records.append(open) }
                current = nil
            } else {
                current?.lines.append(line)
            }
        }
        if let open = current { records.append(open) }
        self.records = records
    }

    /// The records `map` keeps, at the path it gives (nil: the record goes).
    package func mapped(_ map: (String) -> String?) -> LCOVFile {
        LCOVFile(
            records: records.compactMap { record in
                guard let path = map(record.path) else { return nil }
                var kept = record
                kept.path = path
                return kept
            })
    }

    /// The tracefile's text.
    package var text: String {
        records.map { record in
            (["SF:\(record.path)"] + record.lines + ["end_of_record"]).joined(separator: "\n") + "\n"
        }.joined()
    }

    /// Lines found and run, per file and in all (from the `DA` lines).
    package var summary: CoverageSummary {
        CoverageSummary(
            files: records.map { record in
                let counts = record.lineCounts
                return CoverageSummary.File(path: record.path, linesFound: counts.count, linesHit: counts.filter { $0.count > 0 }.count)
            })
    }
}
