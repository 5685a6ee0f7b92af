import ArgumentParser
import FixtureServer
import Foundation
import NSESimCore
import Replay
@_spi(NSESim) import UserNotifications
import NSESimRuntime

/// `nsesim replay CASES_DIR`: runs a folder of cases and fails when an expectation fails.
struct ReplayCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "replay",
        abstract: "Run a folder of replay cases (payload, options, expectation) and report which pass.",
        discussion: """
            Starts the fixture server itself ({{server}} in payloads becomes its address; each case's \
            network profile gets a server of its own). Prints one line per case and, last, \
            "N passed, N failed"; exits 1 when any case failed. See the README for the case format.
            """
    )

    @Argument(help: ArgumentHelp("The cases: a folder (cases are folders with a case.json, and other .json files) or one case file.",
                                 valueName: "CASES_DIR"))
    var cases: String

    @Option(help: ArgumentHelp("The extension for cases that name none.", valueName: "DIR|LIB.so"))
    var `extension`: String?

    @Option(help: ArgumentHelp("The folder the fixture server serves (default: CASES_DIR/media, else the media folder beside CASES_DIR, else CASES_DIR).",
                               valueName: "DIR"))
    var serve: String?

    @Option(help: ArgumentHelp("A network profiles file that adds to or overrides the built-in profiles.", valueName: "FILE"))
    var profiles: String?

    @Option(help: "How many cases run at once (default: the number of cores).")
    var jobs: Int = ProcessInfo.processInfo.activeProcessorCount

    @Option(help: ArgumentHelp("Run a stable 1/N of the cases, for splitting a suite across CI machines.", valueName: "I/N"))
    var shard: String?

    @Option(help: ArgumentHelp("Write JUnit XML (GitHub Actions, GitLab) to this file.", valueName: "FILE"))
    var junit: String?

    @Option(help: "Output format: text or json.")
    var format: OutputFormat = .text

    func validate() throws {
        guard jobs >= 1 else { throw ValidationError("--jobs must be 1 or more") }
    }

    func run() async throws {
        let casesURL = URL(fileURLWithPath: cases)
        var loaded: [ReplayCase]
        do {
            loaded = try ReplayCase.load(from: casesURL)
            if let shard {
                let part = try ReplayShard(shard)
                loaded = loaded.filter { part.contains($0.name) }
            }
        } catch {
            throw failure(error.description, status: error.exitStatus)
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
        let servers = ReplayFixtureServers(root: serveFolder(for: casesURL), profiles: profileList)
        let work = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("nsesim-replay-\(UUID().uuidString.prefix(8))")
        defer { try? FileManager.default.removeItem(at: work) }

        let text = format == .text
        if text { print("Replaying \(loaded.count) case(s) from \(cases), \(jobs) at a time") }
        let runner = ReplayRunner(cases: loaded, toolchain: toolchain, defaultExtension: self.extension,
                                  jobs: jobs, workDirectory: work, servers: servers)
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
        switch format {
        case .text:
            print("\(passed) passed, \(failed) failed")
        case .json:
            print(JSONValue.object([
                "cases": .array(results.map(\.jsonValue)),
                "passed": .integer(Int64(passed)),
                "failed": .integer(Int64(failed)),
            ]).serializedString(pretty: true))
        }
        if failed > 0 { throw ExitCode(ExitStatus.expectationFailed) }
    }

    /// `--serve`, else CASES_DIR/media, else the media folder beside CASES_DIR, else CASES_DIR.
    private func serveFolder(for casesURL: URL) -> URL {
        if let serve { return URL(fileURLWithPath: serve) }
        let folder = casesURL.hasDirectoryPath || FileManager.default.isDirectory(casesURL) ? casesURL : casesURL.deletingLastPathComponent()
        for candidate in [folder.appendingPathComponent("media"), folder.deletingLastPathComponent().appendingPathComponent("media")]
        where FileManager.default.isDirectory(candidate) {
            return candidate
        }
        return folder
    }
}

/// One fixture server per network profile, started when a case first needs it.
actor ReplayFixtureServers: ReplayServers {
    private let root: URL
    private let profiles: [NetworkProfile]
    /// The server of each network, as a task: cases that ask while it starts (the actor is
    /// free during `start()`) wait for the same server instead of starting another one,
    /// which replaced this one and, released, closed it under the first case.
    private var servers: [String: Task<(FixtureServer, URL), any Error>] = [:]

    init(root: URL, profiles: [NetworkProfile]) {
        self.root = root
        self.profiles = profiles
    }

    func baseURL(network: String?) async throws -> URL {
        let key = network?.lowercased() ?? ""
        if let starting = servers[key] { return try await starting.value.1 }
        let root = root, profiles = profiles
        let starting = Task { () async throws -> (FixtureServer, URL) in
            let profile = try network.map { name throws(FixtureServerError) in try NetworkProfiles.named(name, in: profiles) }
            let server = FixtureServer(root: root, profile: profile)
            return (server, try await server.start())
        }
        servers[key] = starting
        return try await starting.value.1
    }

    func stopAll() async {
        for starting in servers.values {
            if let (server, _) = try? await starting.value { await server.stop() }
        }
        servers = [:]
    }
}
