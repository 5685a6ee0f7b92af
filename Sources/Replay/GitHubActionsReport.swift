import Foundation
import NSESimRuntime

/// Replay results in GitHub Actions' own conventions, used when `GITHUB_ACTIONS=true`: a
/// failed case as an error annotation on its case file (a workflow command, which the runner
/// reads from the step's output), and a Markdown table appended to the job summary
/// (`$GITHUB_STEP_SUMMARY`).
package enum GitHubActionsReport {
    /// Whether this process runs in a GitHub Actions job.
    package static func isActive(environment: [String: String]) -> Bool {
        environment["GITHUB_ACTIONS"] == "true"
    }

    /// The job summary file, when `GITHUB_STEP_SUMMARY` names one.
    package static func summaryFile(environment: [String: String]) -> String? {
        environment["GITHUB_STEP_SUMMARY"].flatMap { $0.isEmpty ? nil : $0 }
    }

    /// `::error file=FILE,title=CASE::what differed` for a case that failed; nil when it passed.
    /// `file` is the case file's path relative to the job's working directory, which is how
    /// GitHub finds the file in the checkout.
    package static func annotation(for result: ReplayResult, file: String) -> String? {
        guard !result.passed else { return nil }
        let message = ([result.error].compactMap { $0 } + result.differences).joined(separator: "\n")
        return "::error file=\(escapeProperty(file)),title=\(escapeProperty(result.name))::\(escapeData(message))"
    }

    /// A workflow command's message: `%`, CR and LF as `%25`, `%0D` and `%0A` (the runner
    /// reads one command per line and decodes these).
    package static func escapeData(_ text: String) -> String {
        text.replacingOccurrences(of: "%", with: "%25")
            .replacingOccurrences(of: "\r", with: "%0D")
            .replacingOccurrences(of: "\n", with: "%0A")
    }

    /// A workflow command's property value: as a message, and `:` and `,` (which end a
    /// property) as `%3A` and `%2C`.
    package static func escapeProperty(_ text: String) -> String {
        escapeData(text).replacingOccurrences(of: ":", with: "%3A").replacingOccurrences(of: ",", with: "%2C")
    }

    /// `file` relative to `directory` when it is below it, else its absolute path.
    package static func relativePath(_ file: URL, to directory: URL) -> String {
        let path = file.standardizedFileURL.path
        let base = directory.standardizedFileURL.path
        let prefix = base.hasSuffix("/") ? base : base + "/"
        return path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : path
    }

    /// The most rows the summary lists: GitHub keeps 1 MiB of a step's summary. Failed cases
    /// come first, so they are the ones listed.
    package static let summaryRowLimit = 500

    /// The job summary: a heading with the counts (and the shard), then a table of the cases,
    /// the failed ones first with what differed.
    package static func summary(for results: [ReplayResult], shard: ReplayShard?) -> String {
        let failed = results.filter { !$0.passed }
        let passed = results.filter(\.passed)
        let part = shard.map { " (shard \($0.index)/\($0.count))" } ?? ""
        var lines = [
            "### nsesim replay\(part): \(passed.count) passed, \(failed.count) failed", "",
            "| Case | Result | Outcome | Time | What differed |",
            "| --- | --- | --- | ---: | --- |",
        ]
        let rows = failed + passed
        for result in rows.prefix(summaryRowLimit) {
            let what = ([result.error].compactMap { $0 } + result.differences).map(cell).joined(separator: "<br>")
            let time = String(format: "%.0f ms", result.duration.milliseconds)
            lines.append(
                "| \(cell(result.name)) | \(result.passed ? "✅ passed" : "❌ failed") | \(cell(result.outcome ?? "did not run")) | \(time) | \(what) |"
            )
        }
        if rows.count > summaryRowLimit { lines += ["", "… and \(rows.count - summaryRowLimit) more passed case(s)."] }
        return lines.joined(separator: "\n") + "\n\n"
    }

    /// Text for a Markdown table cell: no line breaks, `|` escaped, HTML's `<` and `&` as entities.
    private static func cell(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: "|", with: "\\|").replacingOccurrences(of: "\r", with: "")
            .replacingOccurrences(of: "\n", with: "<br>")
    }

    /// Appends `text` to the summary file (creating it, as GitHub's runner does).
    package static func appendSummary(_ text: String, to path: String) throws {
        if !FileManager.default.fileExists(atPath: path) {
            guard FileManager.default.createFile(atPath: path, contents: nil) else {
                throw CocoaError(.fileWriteNoPermission, userInfo: [NSFilePathErrorKey: path])
            }
        }
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        defer { try? handle.close() }
        try handle.seekToEnd()
        try handle.write(contentsOf: Data(text.utf8))
    }
}
