import Foundation
import Replay

/// Replay in CI: `--shard auto` and GitHub Actions' annotations and job summary.
extension ReplayCommand {
    /// `--shard`: `I/N`, or `auto` from the CI's parallelism variables; nil without `--shard`.
    func resolvedShard() throws(ReplayError) -> ReplayShard? {
        guard let shard else { return nil }
        return try ReplayShard.resolve(shard, environment: ProcessInfo.processInfo.environment)
    }

    /// Under GitHub Actions: an error annotation on each failed case's file (on standard
    /// output with text, on standard error with `--format json`, which keeps standard output
    /// one JSON object; the runner reads both), and the summary table appended to
    /// `$GITHUB_STEP_SUMMARY`. A summary that cannot be written is a warning, not a failure.
    func reportToGitHubActions(_ results: [ReplayResult], cases: [ReplayCase], shard: ReplayShard?) {
        let environment = ProcessInfo.processInfo.environment
        guard GitHubActionsReport.isActive(environment: environment) else { return }
        let files = Dictionary(cases.map { ($0.name, $0.file) }, uniquingKeysWith: { first, _ in first })
        let here = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
        for result in results {
            let file = files[result.name].map { GitHubActionsReport.relativePath($0, to: here) } ?? result.name
            guard let line = GitHubActionsReport.annotation(for: result, file: file) else { continue }
            if format == .text { print(line) } else { FileHandle.standardError.write(Data((line + "\n").utf8)) }
        }
        guard let path = GitHubActionsReport.summaryFile(environment: environment) else { return }
        do {
            try GitHubActionsReport.appendSummary(GitHubActionsReport.summary(for: results, shard: shard), to: path)
        } catch {
            FileHandle.standardError.write(
                Data("warning: cannot append to GITHUB_STEP_SUMMARY (\(path)): \(error.localizedDescription)\n".utf8))
        }
    }
}
