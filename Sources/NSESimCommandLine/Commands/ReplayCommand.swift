import ArgumentParser
import FixtureServer
import Foundation
import NSESimBuild
import NSESimCore
import NSESimHost
import NSESimRuntime
import Replay
@_spi(NSESim) import UserNotifications

/// `nsesim replay CASES_DIR`: runs a folder of cases and fails when an expectation fails.
struct ReplayCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "replay",
        abstract: "Run a folder of replay cases (payload, options, expectation) and report which pass.",
        discussion: """
            Starts the fixture server itself ({{server}} in payloads becomes its address; each case's \
            network profile gets a server of its own). Prints one line per case and, last, \
            "N passed, N failed"; exits 1 when any case failed. See docs/replay.md for the case format.
            """
    )

    @Argument(
        help: ArgumentHelp(
            "The cases: a folder (cases are folders with a case.json, and other .json files) or one case file.",
            valueName: "CASES_DIR"))
    var cases: String

    @Option(help: ArgumentHelp("The extension for cases that name none.", valueName: "DIR|LIB.so"))
    var `extension`: String?

    @Option(
        help: ArgumentHelp(
            "The folder the fixture server serves for every case (default: each case's own: its \"media\", else the nearest media folder at or above the case).",
            valueName: "DIR"))
    var serve: String?

    @Option(help: ArgumentHelp("A network profiles file that adds to or overrides the built-in profiles.", valueName: "FILE"))
    var profiles: String?

    @Option(help: "How many cases run at once (default: the number of cores).")
    var jobs: Int = ProcessInfo.processInfo.activeProcessorCount

    @Option(
        help: ArgumentHelp(
            "Run a stable 1/N of the cases, for splitting a suite across CI machines; auto: I and N from the CI's parallel jobs (GitLab, CircleCI, Buildkite).",
            valueName: "I/N|auto"))
    var shard: String?

    @Option(help: ArgumentHelp("Write JUnit XML (GitHub Actions, GitLab) to this file.", valueName: "FILE"))
    var junit: String?

    @Option(help: "Output format: text or json.")
    var format: OutputFormat = .text

    @OptionGroup var warm: WarmOptions

    @OptionGroup var sanitizerOptions: SanitizerOptions

    @OptionGroup var coverageOptions: CoverageOptions

    @Option(
        help: ArgumentHelp(
            "With --coverage: exit 1 when the extensions' own code has less than P % of its lines run.", valueName: "P"))
    var coverageFailUnder: Double?

    func validate() throws {
        guard jobs >= 1 else { throw ValidationError("--jobs must be 1 or more") }
        if let coverageFailUnder {
            guard coverageOptions.coverage != nil else {
                throw ValidationError("--coverage-fail-under needs --coverage DIR (where the coverage report goes)")
            }
            guard coverageFailUnder >= 0, coverageFailUnder.isFinite else {
                throw ValidationError("--coverage-fail-under must be a percentage, 0 or more (e.g. 80)")
            }
        }
    }

    func run() async throws {
        let coverage = try coverageOptions.start()  // first: the processes' environment is read once
        let casesURL = URL(fileURLWithPath: cases)
        var loaded: [ReplayCase]
        let part: ReplayShard?
        do {
            loaded = try ReplayCase.load(from: casesURL)
            part = try resolvedShard()
            if let part { loaded = loaded.filter { part.contains($0.name) } }
        } catch {
            throw failure(error.description, status: error.exitStatus)
        }
        // --sanitize for the cases whose options name no sanitizer.
        if let sanitizer = sanitizerOptions.sanitizer {
            for index in loaded.indices where loaded[index].options.sanitizer == nil { loaded[index].options.sanitizer = sanitizer }
        }
        let toolchain: ExtensionToolchain
        do {
            toolchain = try ExtensionToolchain.current()
        } catch {
            throw failure(error.description, status: error.exitStatus)
        }
        let profileList: [NetworkProfile]
        do {
            profileList = try NetworkProfiles.load(from: profiles.map { URL(fileURLWithPath: $0) })
        } catch {
            throw failure(error.description, status: ExitStatus.usage)
        }
        let servers = ReplayFixtureServers(
            override: serve.map { URL(fileURLWithPath: $0) }, fallback: casesFolder(casesURL),
            profiles: profileList)
        let work = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("nsesim-replay-\(UUID().uuidString.prefix(8))")
        defer { try? FileManager.default.removeItem(at: work) }

        let text = format == .text
        if text { print("Replaying \(loaded.count) case(s) from \(cases), \(jobs) at a time") }
        var runner = ReplayRunner(
            cases: loaded, toolchain: toolchain, defaultExtension: self.extension,
            jobs: jobs, workDirectory: work, servers: servers)
        // Each case's process starts while an earlier case runs: a case starts the process of
        // the case `jobs` after it before it takes its own, and the cases in flight do so at
        // any moment, so up to twice the jobs may wait (with one more than the jobs, a case's
        // prestart often ended a process its case was about to take: 143 of 1,000 text cases).
        runner.coverage = coverage != nil
        runner.warm = loaded.count > 1 ? warm.pool(capacity: 2 * jobs) : nil
        runner.warm?.endOnInterrupt()
        let results = await runner.run { result in
            if text { print(result.text) }
        }
        await servers.stopAll()
        let passed = results.filter(\.passed).count
        let failed = results.count - passed
        if let junit {
            do {
                try JUnitReport.xml(for: results).write(toFile: junit, atomically: true, encoding: .utf8)
            } catch {
                throw failure("cannot write \(junit): \(error.localizedDescription)", status: ExitStatus.internalError)
            }
        }
        reportToGitHubActions(results, cases: loaded, shard: part)
        let warmCounts = runner.warm?.counts
        var coverageResult: (result: CoverageCollection.Result, text: [String])?
        if let coverage {
            // The cases' builds again: the cache has them all.
            let built = await runner.buildExtensions().values.compactMap { try? $0.get() }
            coverageResult = try await CoverageOptions.finish(coverage, built: built, toolchain: toolchain)
        }
        switch format {
        case .text:
            if let warmCounts {
                print(
                    "warm processes: \(warmCounts.taken) case(s) took a process started while an earlier case ran, "
                        + "\(warmCounts.ended) started for nothing were ended (--cold: none)")
            }
            if let coverageResult { print(coverageResult.text.joined(separator: "\n")) }
            print("\(passed) passed, \(failed) failed")
        case .json:
            var object: [String: JSONValue] = [
                "cases": .array(results.map(\.jsonValue)),
                "passed": .integer(Int64(passed)),
                "failed": .integer(Int64(failed)),
            ]
            if let warmCounts {
                object["warmProcesses"] = .object([
                    "started": .integer(Int64(warmCounts.started)),
                    "taken": .integer(Int64(warmCounts.taken)),
                    "ended": .integer(Int64(warmCounts.ended)),
                ])
            }
            if let coverageResult, let coverage {
                var section = coverageResult.result.summary.jsonValue
                if case .object(var fields) = section {
                    fields["lcov"] = .string(coverage.lcovFile.path)
                    fields["html"] = .string(coverage.htmlIndex.path)
                    section = .object(fields)
                }
                object["coverage"] = section
            }
            print(JSONValue.object(object).serializedString(pretty: true))
        }
        if failed > 0 { throw ExitCode(ExitStatus.expectationFailed) }
        if let threshold = coverageFailUnder, let summary = coverageResult?.result.summary, summary.percent < threshold {
            throw failure(
                "the extensions' own code has \(CoverageSummary.format(summary.percent)) of its lines run "
                    + "(\(summary.linesHit)/\(summary.linesFound)), under --coverage-fail-under \(Self.format(threshold)) %",
                status: .expectationFailed)
        }
    }

    /// `80`, `80.5`: a threshold as given.
    private static func format(_ value: Double) -> String {
        value.rounded() == value ? String(Int(value)) : String(value)
    }

    /// The folder served to a case that has no media folder of its own: the cases folder.
    private func casesFolder(_ casesURL: URL) -> URL {
        casesURL.hasDirectoryPath || FileManager.default.isDirectory(casesURL) ? casesURL : casesURL.deletingLastPathComponent()
    }
}

/// One fixture server per media folder and network profile, started when a case first needs it.
actor ReplayFixtureServers: ReplayServers {
    /// `--serve`: served to every case.
    private let override: URL?
    /// Served to a case with no media folder of its own.
    private let fallback: URL
    private let profiles: [NetworkProfile]
    /// The server of each folder and network, as a task: cases that ask while it starts (the
    /// actor is free during `start()`) wait for the same server instead of starting another
    /// one, which replaced this one and, released, closed it under the first case.
    private var servers: [String: Task<(FixtureServer, URL), any Error>] = [:]

    init(override: URL?, fallback: URL, profiles: [NetworkProfile]) {
        self.override = override
        self.fallback = fallback
        self.profiles = profiles
    }

    func baseURL(media: URL?, network: String?) async throws -> URL {
        let root = override ?? media ?? fallback
        let key = root.standardizedFileURL.path + "\u{0}" + (network?.lowercased() ?? "")
        if let starting = servers[key] { return try await starting.value.1 }
        let profiles = profiles
        let starting = Task { () async throws -> (FixtureServer, URL) in
            let profile = try network.map { name throws(FixtureServerError) in try NetworkProfiles.named(name, in: profiles) }
            let server = FixtureServer(root: root, profile: profile)
            return (server, try await server.start())
        }
        servers[key] = starting
        return try await starting.value.1
    }

    func lossVariable(network: String) async -> String? {
        (try? NetworkProfiles.named(network, in: profiles))?.lossVariable
    }

    func stopAll() async {
        for starting in servers.values {
            if let (server, _) = try? await starting.value { await server.stop() }
        }
        servers = [:]
    }
}
