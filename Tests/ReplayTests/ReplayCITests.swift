import Foundation
import NSESimRuntime
import Testing

@testable import Replay

#if canImport(FoundationXML)
import FoundationXML
#endif

// Replay in CI: `--shard auto` from each CI's parallelism variables, GitHub Actions'
// annotations and job summary, and JUnit files that merge across shards.

@Suite("--shard auto")
struct CIParallelismTests {
    static let names = (0..<120).map { "group-\($0 % 5)/case-\($0)" }

    /// The environment of parallel copy `copy` (1...total) of a job on `system`, as that CI sets it.
    static func environment(_ system: CIParallelism.Variables, copy: Int, of total: Int) -> [String: String] {
        [system.index: "\(copy - 1 + system.firstIndex)", system.total: "\(total)"]
    }

    @Test(
        "each CI's copies run the cases of --shard I/N, every case exactly once",
        arguments: CIParallelism.known.map(\.system))
    func eachCI(system: String) throws {
        let variables = try #require(CIParallelism.known.first { $0.system == system })
        var seen: [String] = []
        for copy in 1...3 {
            let auto = try ReplayShard.resolve("auto", environment: Self.environment(variables, copy: copy, of: 3))
            let explicit = try ReplayShard("\(copy)/3")
            #expect(auto == explicit, "\(system) copy \(copy)")
            seen += Self.names.filter(auto.contains)
        }
        #expect(seen.sorted() == Self.names.sorted())
    }

    @Test("GitLab counts from 1, CircleCI and Buildkite from 0")
    func firstIndex() throws {
        #expect(try CIParallelism.shard(environment: ["CI_NODE_INDEX": "1", "CI_NODE_TOTAL": "4"]) == ReplayShard("1/4"))
        #expect(try CIParallelism.shard(environment: ["CIRCLE_NODE_INDEX": "0", "CIRCLE_NODE_TOTAL": "4"]) == ReplayShard("1/4"))
        #expect(
            try CIParallelism.shard(environment: ["BUILDKITE_PARALLEL_JOB": "3", "BUILDKITE_PARALLEL_JOB_COUNT": "4"]) == ReplayShard("4/4")
        )
    }

    @Test("a job without parallel copies runs every case (GitLab sets CI_NODE_TOTAL=1 and no index)")
    func notParallel() throws {
        #expect(try CIParallelism.shard(environment: ["CI_NODE_TOTAL": "1"]) == ReplayShard("1/1"))
        #expect(try CIParallelism.shard(environment: ["CIRCLE_NODE_INDEX": "0", "CIRCLE_NODE_TOTAL": "1"]) == ReplayShard("1/1"))
    }

    @Test("no CI variables: exit 64 naming every variable read and --shard I/N")
    func noVariables() {
        let empty = ["CI_NODE_INDEX": "", "PATH": "/usr/bin"]
        let error = #expect(throws: ReplayError.self) { try CIParallelism.shard(environment: empty) }
        guard let error, case .badCIShard = error else {
            Issue.record("expected badCIShard, got \(String(describing: error))")
            return
        }
        #expect(error.exitStatus == .usage)
        for name in CIParallelism.known.flatMap({ [$0.index, $0.total] }) {
            #expect(error.description.contains(name), "\(error)")
        }
        #expect(error.description.contains("--shard I/N"), "\(error)")
    }

    @Test(
        "unusable values are refused, naming the variable and its value",
        arguments: [
            (["CI_NODE_INDEX": "0", "CI_NODE_TOTAL": "3"], "CI_NODE_INDEX=0"),
            (["CI_NODE_INDEX": "4", "CI_NODE_TOTAL": "3"], "CI_NODE_INDEX=4"),
            (["CIRCLE_NODE_INDEX": "3", "CIRCLE_NODE_TOTAL": "3"], "CIRCLE_NODE_INDEX=3"),
            (["BUILDKITE_PARALLEL_JOB": "one", "BUILDKITE_PARALLEL_JOB_COUNT": "3"], "BUILDKITE_PARALLEL_JOB=one"),
            (["CI_NODE_INDEX": "1", "CI_NODE_TOTAL": "x"], "CI_NODE_TOTAL=x"),
            (["CI_NODE_INDEX": "1", "CI_NODE_TOTAL": "0"], "CI_NODE_TOTAL=0"),
            (["CIRCLE_NODE_INDEX": "1"], "CIRCLE_NODE_TOTAL is not set"),
            (["CI_NODE_TOTAL": "3"], "CI_NODE_INDEX is not set"),
        ])
    func badValues(environment: [String: String], named: String) {
        let error = #expect(throws: ReplayError.self) { try CIParallelism.shard(environment: environment) }
        #expect(error?.exitStatus == .usage)
        #expect(error?.description.contains(named) == true, "\(String(describing: error))")
    }

    @Test("only the word auto reads the environment; I/N is unchanged")
    func onlyAuto() throws {
        let gitlab = ["CI_NODE_INDEX": "2", "CI_NODE_TOTAL": "3"]
        #expect(try ReplayShard.resolve("1/2", environment: gitlab) == ReplayShard("1/2"))
        #expect(throws: ReplayError.badShard("Auto")) { try ReplayShard.resolve("Auto", environment: gitlab) }
    }
}

@Suite("GitHub Actions report")
struct GitHubActionsReportTests {
    static let failed = ReplayResult(
        name: "outcomes/50%, broken: yes", differences: ["outcome: expected modified, got original", "title: a\r\nb | c"],
        error: nil, duration: .milliseconds(40), outcome: "original", report: nil)
    static let errored = ReplayResult(
        name: "rejected/bad", differences: [], error: "payload.json: not JSON", duration: .zero, outcome: nil, report: nil)
    static let passed = ReplayResult(
        name: "ok", differences: [], error: nil, duration: .milliseconds(7), outcome: "modified", report: nil)

    @Test("only under GITHUB_ACTIONS=true; the summary only when GITHUB_STEP_SUMMARY names a file")
    func active() {
        #expect(GitHubActionsReport.isActive(environment: ["GITHUB_ACTIONS": "true"]))
        #expect(!GitHubActionsReport.isActive(environment: ["GITHUB_ACTIONS": "false"]))
        #expect(!GitHubActionsReport.isActive(environment: [:]))
        #expect(GitHubActionsReport.summaryFile(environment: ["GITHUB_STEP_SUMMARY": "/tmp/s.md"]) == "/tmp/s.md")
        #expect(GitHubActionsReport.summaryFile(environment: ["GITHUB_STEP_SUMMARY": ""]) == nil)
    }

    @Test("a failed case is one ::error line: % CR LF escaped in the message, and : , too in file and title")
    func annotation() throws {
        let line = try #require(GitHubActionsReport.annotation(for: Self.failed, file: "Cases/a,b.json"))
        #expect(
            line
                == "::error file=Cases/a%2Cb.json,title=outcomes/50%25%2C broken%3A yes::outcome: expected modified, got original%0Atitle: a%0D%0Ab | c"
        )
        #expect(!line.contains("\n") && !line.contains("\r"))
        #expect(
            GitHubActionsReport.annotation(for: Self.errored, file: "x.json")
                == "::error file=x.json,title=rejected/bad::payload.json: not JSON")
        #expect(GitHubActionsReport.annotation(for: Self.passed, file: "ok.json") == nil)
    }

    @Test("the case file relative to the working directory when below it")
    func relativePath() {
        let here = URL(fileURLWithPath: "/repo")
        #expect(GitHubActionsReport.relativePath(URL(fileURLWithPath: "/repo/Cases/a.json"), to: here) == "Cases/a.json")
        #expect(GitHubActionsReport.relativePath(URL(fileURLWithPath: "/repo/./Cases/../Cases/a.json"), to: here) == "Cases/a.json")
        #expect(GitHubActionsReport.relativePath(URL(fileURLWithPath: "/other/a.json"), to: here) == "/other/a.json")
        #expect(GitHubActionsReport.relativePath(URL(fileURLWithPath: "/repository/a.json"), to: here) == "/repository/a.json")
    }

    @Test("the summary: counts and shard in the heading, failed cases first, one table row per case")
    func summary() throws {
        let text = GitHubActionsReport.summary(for: [Self.passed, Self.failed, Self.errored], shard: try ReplayShard("2/4"))
        let lines = text.split(separator: "\n").map(String.init)
        #expect(lines[0] == "### nsesim replay (shard 2/4): 1 passed, 2 failed")
        let rows = lines.filter { $0.hasPrefix("| ") && !$0.hasPrefix("| Case") && !$0.hasPrefix("| ---") }
        #expect(rows.count == 3)
        #expect(rows[0].hasPrefix("| outcomes/50%, broken: yes | ❌ failed | original | 40 ms |"))
        #expect(rows[0].contains("title: a<br>b \\| c"), "\(rows[0])")
        #expect(rows[1].contains("did not run") && rows[1].contains("payload.json: not JSON"))
        #expect(rows[2].hasPrefix("| ok | ✅ passed | modified | 7 ms |"))
        // Every row has the header's five cells.
        #expect(rows.allSatisfy { $0.replacingOccurrences(of: "\\|", with: "").filter { $0 == "|" }.count == 6 })
    }

    @Test("appended to the summary file, after what earlier steps wrote")
    func append() throws {
        let path = ReplayRun.scratch("step-summary").appendingPathComponent("summary.md").path
        try "earlier step\n".write(toFile: path, atomically: false, encoding: .utf8)
        try GitHubActionsReport.appendSummary("ours\n", to: path)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "earlier step\nours\n")
    }
}

@Suite("JUnit across shards")
struct JUnitShardTests {
    @Test("each shard's file has the whole run's suite names and classnames, with only the shard's cases")
    func sameShape() throws {
        let results = (0..<40).map { index in
            ReplayResult(
                name: "group-\(index % 4)/case-\(index)", differences: index % 7 == 0 ? ["outcome: expected modified, got original"] : [],
                error: nil, duration: .milliseconds(Int64(index)), outcome: "modified", report: nil)
        }
        let folder = ReplayRun.scratch("junit-shards")
        let wholePath = folder.appendingPathComponent("whole.xml").path
        try JUnitReport.xml(for: results).write(toFile: wholePath, atomically: false, encoding: .utf8)
        let whole = try JUnitFile(wholePath)
        let wholeSuite = try suiteNames(wholePath)
        var merged: [JUnitCase] = []
        for index in 1...3 {
            let shard = try ReplayShard("\(index)/3")
            let path = folder.appendingPathComponent("shard-\(index).xml").path
            try JUnitReport.xml(for: results.filter { shard.contains($0.name) }).write(toFile: path, atomically: false, encoding: .utf8)
            #expect(try junitSchemaProblems(path) == nil)
            #expect(try suiteNames(path) == wholeSuite, "shard \(index)")
            let file = try JUnitFile(path)
            #expect(file.attributes["name"] == whole.attributes["name"])
            #expect(file.cases.allSatisfy { shard.contains(caseName($0)) })
            merged += file.cases
        }
        let key = { (item: JUnitCase) in "\(item.classname) \(item.name) \(item.failureMessage ?? "")" }
        #expect(merged.map(key).sorted() == whole.cases.map(key).sorted())
    }

    /// The `<testsuites>` and `<testsuite>` names.
    private func suiteNames(_ path: String) throws -> [String] {
        let document = try XMLDocument(contentsOf: URL(fileURLWithPath: path), options: [])
        return try document.nodes(forXPath: "//testsuites/@name | //testsuite/@name").compactMap(\.stringValue)
    }

    /// The case name a testcase came from (`nsesim.replay.group` + `case` → `group/case`).
    private func caseName(_ item: JUnitCase) -> String {
        (item.classname.split(separator: ".").dropFirst(2).map(String.init) + [item.name]).joined(separator: "/")
    }
}

extension ReplayCommandTests {
    /// The CI conventions end to end, on the real executable (serialized with the other replays).
    @Suite("in CI")
    struct InCI {
        /// No CI variable at all in the child (set empty, which counts as unset), whatever CI runs the tests.
        static let noCI = Dictionary(uniqueKeysWithValues: CIParallelism.known.flatMap { [($0.index, ""), ($0.total, "")] })
            .merging(["GITHUB_ACTIONS": "", "GITHUB_STEP_SUMMARY": ""]) { $1 }

        @Test("--shard auto under GitLab's parallel: 2 of 3 runs the cases of --shard 2/3")
        func gitLab() async throws {
            let folder = try await FixtureCasesRuns.shared.sampleFolder()
            let environment = ReplayRun.environment.merging(Self.noCI) { $1 }.merging(["CI_NODE_INDEX": "2", "CI_NODE_TOTAL": "3"]) { $1 }
            let result = try await NSESimCommand.run(
                ["replay", folder.path, "--shard", "auto", "--jobs", "1", "--format", "json"], environment: environment)
            #expect(result.status == 0, "\(result)")
            let explicit = try await FixtureCasesRuns.shared.threeShards()[1].1
            #expect(try result.replayReport().names.sorted() == explicit.names.sorted())
        }

        @Test("--shard auto without CI variables: exit 64 naming the variables, before any case runs")
        func noVariables() async throws {
            let environment = ReplayRun.environment.merging(Self.noCI) { $1 }
            let result = try await NSESimCommand.run(["replay", replayFixture("loading"), "--shard", "auto"], environment: environment)
            #expect(result.status == 64, "\(result)")
            for name in ["CI_NODE_INDEX", "CIRCLE_NODE_INDEX", "BUILDKITE_PARALLEL_JOB"] {
                #expect(result.stderr.contains(name), "\(result)")
            }
            #expect(!result.stdout.contains("Replaying"), "\(result)")
        }

        @Test("GITHUB_ACTIONS=true: an ::error annotation on the failed case's file, and a summary table appended")
        func gitHubActions() async throws {
            let folder = try BrokenExpectation().brokenFolder()
            let summary = folder.appendingPathComponent("summary.md").path
            try "# earlier\n".write(toFile: summary, atomically: false, encoding: .utf8)
            let environment = ReplayRun.environment.merging(Self.noCI) { $1 }
                .merging(["GITHUB_ACTIONS": "true", "GITHUB_STEP_SUMMARY": summary]) { $1 }
            let result = try await NSESimCommand.run(["replay", folder.path, "--jobs", "2"], environment: environment)
            #expect(result.status == 1, "\(result)")
            #expect(result.lastLine == "1 passed, 1 failed", "\(result)")
            let annotations = result.stdout.split(separator: "\n").filter { $0.hasPrefix("::error ") }
            #expect(annotations.count == 1, "\(result)")
            // The case file lies outside the working directory (the repository): its absolute path.
            let file = folder.appendingPathComponent("outcomes/broken.json").path
            #expect(
                annotations.first
                    == "::error file=\(GitHubActionsReport.escapeProperty(file)),title=outcomes/broken::\(BrokenExpectation.outcomeLine)%0A\(BrokenExpectation.titleLine)",
                "\(result)")
            let text = try String(contentsOfFile: summary, encoding: .utf8)
            #expect(text.hasPrefix("# earlier\n### nsesim replay: 1 passed, 1 failed\n"), "\(text)")
            #expect(text.contains("| outcomes/broken | ❌ failed | modified |"), "\(text)")
            #expect(text.contains("| outcomes/intact | ✅ passed | modified |"), "\(text)")
        }
    }
}
