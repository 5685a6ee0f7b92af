import ArgumentParser
import Bench
import FixtureServer
import Foundation
import NSESimBuild
import NSESimCore
import NSESimHost
import NSESimPayload
import NSESimRuntime
@_spi(NSESim) import UserNotifications

/// `nsesim bench`: how close an extension comes to the deadline, run after run, network by network.
struct BenchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench",
        abstract: "Run payloads many times under network profiles and report how close the extension comes to the deadline.",
        discussion: """
            Each payload runs --runs times under each --network profile, one notification at a time, through \
            the fixture server of --serve DIR ({{server}} in payloads becomes its address). Reported per payload \
            and network: the time from didReceive to the content handler (min, p50, p90, p99, max), how often \
            timeWillExpire was called and the original delivered, attachments, bytes downloaded, peak memory, and \
            the headroom before the deadline at p99. --fail-if 'p99 > 20s' makes the exit status 1 when a \
            threshold holds for any payload and network; --report FILE.html writes a page with charts.
            """
    )

    @OptionGroup var extensionOptions: ExtensionOptions

    @Option(
        name: .customLong("payload"), parsing: .upToNextOption,
        help: ArgumentHelp("The payloads (.json or .apns).", valueName: "FILE"))
    var payloads: [String] = []

    @Option(help: ArgumentHelp("Serve this folder on 127.0.0.1; {{server}} in the payloads becomes its address.", valueName: "DIR"))
    var serve: String?

    @Option(
        help: ArgumentHelp("A network profile the server applies (3G, Edge, LTE, WiFi, ...); repeat it to compare.", valueName: "PROFILE"))
    var network: [String] = []

    @Option(help: ArgumentHelp("A network profiles file that adds to or overrides the built-in profiles.", valueName: "FILE"))
    var profiles: String?

    @Option(help: "How many times each payload runs under each network.")
    var runs: Int = 10

    @OptionGroup var lifecycle: LifecycleOptions

    @Option(help: "A Localizable.strings file for *-loc-key alert keys.")
    var strings: String?

    @OptionGroup var push: PushOptions

    @Flag(
        help: ArgumentHelp(
            "Measure the warm path: each run's extension process is started while the run before it runs, "
                + "as apns and replay do. Default: the cold path, each process spawned when its push comes."))
    var warm = false

    @Option(
        help: ArgumentHelp(
            "Fail (exit status 1) when this holds for any payload and network, e.g. 'p99 > 20s', 'timeWillExpire > 0', 'original > 10%', 'peak-memory > 24MB'. Repeatable.",
            valueName: "CONDITION"))
    var failIf: [String] = []

    @Option(help: ArgumentHelp("Write a self-contained HTML report with charts to this file.", valueName: "FILE.html"))
    var report: String?

    @Option(help: "Output format: text or json.")
    var format: OutputFormat = .text

    func validate() throws {
        guard !payloads.isEmpty else { throw ValidationError("give one or more payloads with --payload FILE...") }
        guard runs >= 1 else { throw ValidationError("--runs must be 1 or more") }
        if !network.isEmpty && serve == nil {
            throw ValidationError("--network applies to the server of --serve DIR: give both")
        }
        if let report {
            // Checked now rather than after minutes of runs.
            let folder = URL(fileURLWithPath: report).deletingLastPathComponent()
            guard FileManager.default.isDirectory(folder) else {
                throw ValidationError("--report \(report): the folder \(folder.path) does not exist")
            }
        }
        for condition in failIf {
            do {
                _ = try BenchThreshold(condition)
            } catch {
                throw ValidationError(error.description)
            }
        }
    }

    func run() async throws {
        let thresholds = failIf.compactMap { try? BenchThreshold($0) }  // checked in validate()
        var inputs: [BenchRunner.Payload] = []
        for path in payloads {
            guard let data = FileManager.default.contents(atPath: path) else {
                throw failure("\(path): no such file", status: ExitStatus.missingFile)
            }
            guard let text = String(data: data, encoding: .utf8) else {
                throw failure("\(path): not UTF-8 text", status: ExitStatus.badInput)
            }
            if serve == nil, ServerPlaceholder.isUsed(in: text) {
                throw failure("\(path) \(ServerPlaceholder.needsServe)", status: ExitStatus.usage)
            }
            inputs.append(BenchRunner.Payload(path: path, text: text))
        }
        if let serve, !FileManager.default.isDirectory(URL(fileURLWithPath: serve)) {
            throw failure("--serve \(serve): no such folder", status: ExitStatus.missingFile)
        }
        let networks: [NetworkProfile?]
        do {
            let known = try NetworkProfiles.load(from: profiles.map { URL(fileURLWithPath: $0) })
            networks = try network.map { name throws(FixtureServerError) in try NetworkProfiles.named(name, in: known) }
        } catch {
            throw failure(error.description, status: ExitStatus.usage)
        }
        let pipeline = try NotificationPipeline.make(extension: extensionOptions, app: try AppOptions.parse([]), lifecycle: lifecycle)
        let built: BuiltExtension
        do { built = try await pipeline.prepare() } catch { throw error.exitCode }
        var environment: [String: String] = [:]
        if let strings { environment[NSESimEnvironment.strings.name] = URL(fileURLWithPath: strings).path }
        var configuration = lifecycle.configuration(environment: environment)
        // A sanitized run has no memory limit (docs/sanitizers.md).
        if extensionOptions.sanitizerOptions.sanitizer != nil { configuration.memoryLimit = nil }
        let work = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("nsesim-bench-\(UUID().uuidString.prefix(8))")
        defer { try? FileManager.default.removeItem(at: work) }
        var runner = BenchRunner(
            built: built, toolchain: pipeline.toolchain, payloads: inputs, networks: networks, runs: runs,
            configuration: configuration, payloadOptions: push.payloadOptions(strings: strings),
            serveRoot: serve.map { URL(fileURLWithPath: $0) }, bundleIdentifier: nil,
            workDirectory: work)
        // Two may wait: a run starts the next run's process before it takes its own.
        let pool = warm ? WarmProcessPool(capacity: 2) : nil
        pool?.endOnInterrupt()
        runner.warm = pool
        let progress = ProgressBar()
        let groups: [BenchGroup]
        do {
            groups = try await runner.run { step in
                progress.update(
                    done: step.done, total: step.total,
                    label: step.payload.isEmpty ? "done" : "\(step.payload) · \(step.network)")
            }
        } catch {
            progress.finish()
            await pool?.endAll()
            let status =
                switch error {
                case .badPayload: ExitStatus.badInput
                case .serverUnavailable: ExitStatus.internalError
                case .badThreshold: ExitStatus.usage
                }
            throw failure(error.description, status: status)
        }
        progress.finish()
        let result = BenchReport(
            extensionPath: extensionOptions.input.name, runs: runs, deadlineMs: lifecycle.deadline * 1000,
            graceMs: lifecycle.grace * 1000, memoryLimitBytes: configuration.memoryLimit, groups: groups,
            thresholds: thresholds, warm: warm)
        if let report {
            let page: String = result.html()
            do {
                try page.write(toFile: report, atomically: true, encoding: String.Encoding.utf8)
            } catch {
                throw failure("cannot write \(report): \(error.localizedDescription)", status: ExitStatus.internalError)
            }
        }
        switch format {
        case .text:
            print(result.text)
            if let report { print("\nreport: \(report)") }
        case .json:
            print(result.jsonValue.serializedString(pretty: true))
        }
        if !result.passed { throw ExitCode(ExitStatus.expectationFailed) }
    }
}
