import ArgumentParser
import ExtensionFuzzer
import FixtureServer
import Foundation
import NSESimBuild
import NSESimCore
import NSESimHost
import NSESimPayload
import NSESimProject
import NSESimRuntime
import Replay
import Synchronization

/// `nsesim fuzz`: runs an extension on payloads made from real ones and writes each payload
/// that breaks it as a replay case (docs/fuzz.md).
struct FuzzCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "fuzz",
        abstract: "Run the extension on payloads changed from seed payloads; write each that breaks it as a replay case.",
        discussion: """
            Each run changes one to three keys of a seed (removed, null, another type, empty, very long, unusual \
            Unicode, numbers out of range, URLs that 404, stall or are of another type, what APNs allows in aps) and \
            delivers it to a fresh extension process under the real lifecycle. A run is a finding when iOS would show \
            something the seed did not lead to: a crash, a memory kill, the deadline missed, the content handler never \
            or twice called, an attachment refused, an empty or filtered notification. Findings are grouped by kind and \
            site, shrunk, and written to --out as replay cases that fail until the extension is fixed. With --coverage, \
            the payloads that reach code of the extension no earlier run reached are kept, and later runs build on them. \
            Exit status: 0 no finding, 1 findings, 64 usage, 65 a bad seed, 66 a missing file. See docs/fuzz.md.
            """
    )

    @OptionGroup var extensionOptions: ExtensionOptions

    @Option(
        name: .customLong("payload"), parsing: .upToNextOption,
        help: ArgumentHelp("Seed payloads: real ones your backend sends (JSON or .apns files).", valueName: "SEED"))
    var payloads: [String] = []

    @Option(help: ArgumentHelp("Replay cases whose payloads are seeds too (a folder or a case file).", valueName: "DIR"))
    var cases: String?

    @Option(help: ArgumentHelp("The folder the fixture server serves: {{server}} in the seeds and in URL changes.", valueName: "DIR"))
    var serve: String?

    @Option(help: ArgumentHelp("Stop after this many seconds (default: 60 when --runs is not given).", valueName: "S"))
    var time: Double?

    @Option(help: ArgumentHelp("Stop after this many runs.", valueName: "N"))
    var runs: Int?

    @Option(help: ArgumentHelp("The random seed: the same seed gives the same runs and the same findings.", valueName: "N"))
    var seed: UInt64 = 1

    @Option(help: "How many runs at once (default: the number of cores).")
    var jobs: Int = ProcessInfo.processInfo.activeProcessorCount

    @Option(help: ArgumentHelp("Where the found cases are written (one replay case per finding).", valueName: "DIR"))
    var out: String = "fuzz-cases"

    @OptionGroup var lifecycle: LifecycleOptions

    @Option(help: "Output format: text or json.")
    var format: OutputFormat = .text

    @Flag(help: "Fuzz even when the extension already fails on a seed (its failure is then not a finding).")
    var allowFailingSeed = false

    @OptionGroup var warm: WarmOptions

    @OptionGroup var coverageOptions: CoverageOptions

    @Flag(
        help: "With --coverage: report the lines the runs reached, without steering the changes toward new code (docs/fuzz.md).")
    var noGuidance = false

    func validate() throws {
        guard jobs >= 1 else { throw ValidationError("--jobs must be 1 or more") }
        if let time { guard time > 0, time.isFinite else { throw ValidationError("--time must be a number of seconds above 0") } }
        if let runs { guard runs >= 1 else { throw ValidationError("--runs must be 1 or more") } }
        if noGuidance, coverageOptions.coverage == nil {
            throw ValidationError("--no-guidance goes with --coverage DIR: without it, the changes are not guided anyway")
        }
        guard !payloads.isEmpty || cases != nil else {
            throw ValidationError("give at least one seed: --payload SEED.json (a payload your backend sends) or --cases DIR")
        }
    }

    func run() async throws {
        let coverage = try coverageOptions.start()
        let seeds = try loadSeeds()
        let serveURL = serve.map { URL(fileURLWithPath: $0).standardizedFileURL }
        if let serveURL, !FileManager.default.isDirectory(serveURL) {
            throw failure("--serve \(serveURL.path): no such folder", status: .missingFile)
        }
        if serveURL == nil, let user = seeds.first(where: { ServerPlaceholder.isUsed(in: $0.payload.serializedString()) }) {
            throw failure("\(user.name) \(ServerPlaceholder.needsServe)", status: .usage)
        }
        let toolchain = try ExtensionOptions.toolchain()
        var configuration = PipelineConfiguration(extensionInput: extensionOptions.input)
        extensionOptions.fill(&configuration)
        configuration.limits = lifecycle.configuration(environment: [:])
        configuration.coverage = coverage != nil
        let built: BuiltExtension
        do {
            built = try await NotificationPipeline(configuration, toolchain: toolchain).prepare()
        } catch {
            throw error.exitCode
        }
        var server: FixtureServer?
        var baseURL: URL?
        if let serveURL {
            let started = FixtureServer(root: serveURL)
            do {
                baseURL = try await started.start()
            } catch {
                throw failure("the fixture server cannot start: \(error)", status: .internalError)
            }
            server = started
        }
        let work = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("nsesim-fuzz-\(UUID().uuidString.prefix(8))")
        defer { try? FileManager.default.removeItem(at: work) }
        var runner = FuzzRunner(
            seeds: seeds, base: configuration, built: built, toolchain: toolchain, server: baseURL,
            servedFiles: serveURL.map(Self.files(in:)) ?? [], randomSeed: seed, jobs: jobs, workDirectory: work)
        runner.warm = warm.pool(capacity: 2 * jobs, perKey: 1)
        runner.coverage = noGuidance ? nil : coverage

        // The seeds as they are: what each run is compared with.
        var baselines: [FuzzRunSummary] = []
        for (index, result) in await runner.runSeeds().enumerated() {
            switch result {
            case .refused(let message):
                await server?.stop()
                throw failure("\(seeds[index].name) is not a payload APNs accepts: \(message)", status: .badInput)
            case .failed(let message):
                await server?.stop()
                throw failure("\(seeds[index].name): the extension could not run: \(message)", status: .badInput)
            case .ran(let summary):
                if let problem = summary.failure, !allowFailingSeed {
                    await server?.stop()
                    throw failure(
                        "the extension already fails on the seed \(seeds[index].name): \(problem). Fix that first, or pass "
                            + "--allow-failing-seed to fuzz from it anyway (its failure is then not a finding)",
                        status: .badInput)
                }
                baselines.append(summary)
            }
        }

        let text = format == .text
        let limitText = runs.map { "\($0.grouped) runs" } ?? "\(Self.seconds(time ?? 60)) s"
        if text {
            print(
                "Fuzzing \(extensionOptions.input.name) from \(seeds.count) seed(s), \(jobs) at a time, --seed \(seed), "
                    + "for \(limitText) (deadline \(Self.seconds(lifecycle.deadline)) s)")
            for (seed, baseline) in zip(seeds, baselines) {
                print("  seed \(seed.name): \(baseline.outcome.rawValue)\(baseline.failure.map { " (\($0))" } ?? "")")
            }
        }
        let stop = FuzzStop()
        let signals = TerminationSignals()
        Task {
            await signals.next()
            stop.stop()
        }
        let start = ContinuousClock.now
        let until = runs == nil || time != nil ? start + .milliseconds(Int64((time ?? 60) * 1000)) : nil
        let shown = Mutex(ContinuousClock.now)
        let campaign = await runner.fuzz(baselines: baselines, maxRuns: runs, until: until, stop: stop) { campaign in
            guard text else { return }
            let due = shown.withLock { last in
                guard ContinuousClock.now - last > .seconds(5) else { return false }
                last = ContinuousClock.now
                return true
            }
            if due {
                let elapsed = Self.seconds(ContinuousClock.now - start)
                print(
                    "  … \(campaign.runs.grouped) runs, \(campaign.entries.count) finding(s) (\(Self.rate(campaign.runs, elapsed)) runs/s)")
            }
        }
        let elapsed = Self.seconds(ContinuousClock.now - start)
        await server?.stop()

        // The cases.
        let writer = FuzzCaseWriter(
            folder: URL(fileURLWithPath: out).standardizedFileURL, extension: caseExtension,
            media: serveURL, options: caseOptions)
        var written: [FuzzFinding.Signature: String] = [:]
        let entries = campaign.sorted
        if !entries.isEmpty {
            var files: [(name: String, json: JSONValue)] = []
            for entry in entries {
                let changes = entry.shrunk ?? entry.finding.mutations
                let payload = seeds[entry.seed].payload.applying(changes).value
                let name = FuzzCaseWriter.fileName(entry.finding.signature)
                files.append(
                    (name, writer.caseJSON(entry, payload: payload, seedName: seeds[entry.seed].name, baseline: baselines[entry.seed])))
                written[entry.finding.signature] = (out as NSString).appendingPathComponent(name)
            }
            do {
                _ = try writer.write(files)
            } catch {
                throw failure("cannot write the cases into \(out): \(error.localizedDescription)", status: .cannotCreate)
            }
        }
        var coverageLines: (hit: Int, found: Int, text: [String])?
        if let coverage {
            let result = try await CoverageOptions.finish(coverage, built: [built], toolchain: toolchain)
            coverageLines = (result.result.summary.linesHit, result.result.summary.linesFound, result.text)
        }

        let report = FuzzReport(
            runs: campaign.runs, refused: campaign.refused, durationSeconds: (elapsed * 1000).rounded() / 1000,
            runsPerSecond: Double(Self.rate(campaign.runs, elapsed)) ?? 0, seed: seed, jobs: jobs, interrupted: stop.isStopped,
            seeds: zip(seeds, baselines).enumerated().map { index, pair in
                let keys = campaign.keys[index].values.sorted { $0.path < $1.path }
                return FuzzReport.Seed(
                    name: pair.0.name, outcome: pair.1.outcome.rawValue, keys: keys, keysChanged: keys.filter { $0.runs > 0 }.count)
            },
            findings: entries.map { entry in
                var finding = entry.finding
                finding.mutations = entry.shrunk ?? finding.mutations
                return FuzzReport.Finding(
                    kind: finding.signature.kind, site: finding.signature.site, line: finding.line, meaning: finding.signature.kind.meaning,
                    count: entry.count, firstRun: entry.firstRun, changes: finding.mutations.map(\.description),
                    reason: finding.run.crashReason, inNSESim: finding.run.crashInNSESim, case: written[finding.signature],
                    seed: seeds[entry.seed].name)
            },
            failures: campaign.failures, linesHit: coverageLines?.hit, linesFound: coverageLines?.found,
            corpus: campaign.guidance?.kept, countersReached: campaign.guidance?.countersReached,
            countersFound: campaign.guidance?.countersFound)
        switch format {
        case .json:
            print(JSONValue(encoding: report).serializedString(pretty: true))
        case .text:
            let keys = report.seeds.map { "\($0.keysChanged)/\($0.keys.count)" }.joined(separator: ", ")
            print(
                "\(campaign.runs.grouped) runs in \(Self.seconds(elapsed)) s (\(Self.rate(campaign.runs, elapsed)) runs/s), "
                    + "\(campaign.refused.grouped) payload(s) APNs would refuse not run, keys changed: \(keys)"
                    + (stop.isStopped ? "; interrupted: the findings are not shrunk" : ""))
            for message in campaign.failures { print("  could not run: \(message)") }
            if let coverageLines { print(coverageLines.text.joined(separator: "\n")) }
            if let guidance = campaign.guidance {
                print(
                    "corpus: \(guidance.kept.grouped) payload(s) that reached new code, the later runs' starting points "
                        + "(\(guidance.countersReached.grouped) of \(guidance.countersFound.grouped) code regions reached by runs that went well)"
                )
            }
            if entries.isEmpty {
                print("No finding: on every payload made, iOS would show what the seed led to.")
            } else {
                print("\(entries.count) finding(s), replay cases in \(out)/ (nsesim replay \(out) fails until they are fixed):")
                for finding in report.findings {
                    let stand = finding.inNSESim ? " [in nsesim's stand-in: an nsesim bug]" : ""
                    print("  \(finding.line)\(stand)  ×\(finding.count.grouped)")
                }
            }
        }
        if !entries.isEmpty { throw ExitCode(ExitStatus.expectationFailed) }
    }

    /// The seeds: each `--payload` file (it must exist and be a JSON dictionary) and the
    /// payloads of the cases in `--cases`.
    private func loadSeeds() throws -> [FuzzSeed] {
        var seeds: [FuzzSeed] = []
        for path in payloads {
            guard FileManager.default.fileExists(atPath: path) else {
                throw failure("\(path): no such seed payload", status: .missingFile)
            }
            guard let data = FileManager.default.contents(atPath: path) else {
                throw failure("\(path): the seed cannot be read", status: .missingFile)
            }
            seeds.append(FuzzSeed(name: path, payload: try Self.payload(data, name: path)))
        }
        if let cases {
            let loaded: [ReplayCase]
            do {
                loaded = try ReplayCase.load(from: URL(fileURLWithPath: cases))
            } catch {
                throw failure(error.description, status: error.exitStatus)
            }
            for item in loaded where item.steps.isEmpty && item.show == nil && item.expectation.rejected == nil {
                seeds.append(
                    FuzzSeed(name: "\(cases)/\(item.name)", payload: try Self.payload(Data(item.payloadText.utf8), name: item.name)))
            }
        }
        guard !seeds.isEmpty else {
            throw failure("\(cases ?? "the cases"): no case with a payload to start from", status: .usage)
        }
        return seeds
    }

    /// A seed's JSON: a dictionary, the `.apns` file's target key taken out (exit 65 otherwise).
    private static func payload(_ data: Data, name: String) throws -> JSONValue {
        let value: JSONValue
        do {
            value = try JSONValue.parse(data)
        } catch {
            throw failure("\(name) is not a payload: \(error.description)", status: .badInput)
        }
        guard var object = value.objectValue else {
            throw failure(
                "\(name) is not a payload: it is \(value.typeDescription), an APNs payload is a JSON dictionary", status: .badInput)
        }
        guard object["aps"]?.objectValue != nil else {
            throw failure("\(name) is not a payload: it has no \"aps\" dictionary", status: .badInput)
        }
        object.removeValue(forKey: "Simulator Target Bundle")  // an .apns file's target, not part of the payload
        return .object(object)
    }

    /// The extension as the cases name it.
    private var caseExtension: FuzzCaseWriter.Extension {
        if let selection = extensionOptions.projectOptions.selection {
            return .project(path: selection.path, target: selection.target, configuration: selection.configuration)
        }
        return .path(extensionOptions.extension ?? "")
    }

    /// The options the cases run with: the fuzzing's own.
    private var caseOptions: [String: JSONValue] {
        var options: [String: JSONValue] = [
            "deadline": .double(lifecycle.deadline), "grace": .double(lifecycle.grace),
            "memoryLimit": lifecycle.memoryLimit.bytes.map { .integer($0) } ?? .string("none"),
            "lockState": .string(lifecycle.lockState.rawValue),
        ]
        if let version = extensionOptions.swiftVersion { options["swiftVersion"] = .string(version) }
        if !extensionOptions.buildSettings.isEmpty {
            options["settings"] = .object(extensionOptions.buildSettings.mapValues(JSONValue.string))
        }
        return options
    }

    /// The files directly in the served folder, with their sizes.
    private static func files(in folder: URL) -> [ServedFile] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.sorted().compactMap { name in
            guard !name.hasPrefix("."),
                let attributes = try? FileManager.default.attributesOfItem(atPath: folder.appendingPathComponent(name).path),
                attributes[.type] as? FileAttributeType == .typeRegular
            else { return nil }
            return ServedFile(name: name, size: (attributes[.size] as? NSNumber)?.intValue ?? 0)
        }
    }

    private static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }

    /// `2.5`, `60`: seconds as given.
    private static func seconds(_ value: Double) -> String {
        value.rounded() == value ? String(Int(value)) : String(format: "%.1f", value)
    }

    /// Runs per second, to a tenth.
    private static func rate(_ runs: Int, _ seconds: Double) -> String {
        String(format: "%.1f", seconds > 0 ? Double(runs) / seconds : 0)
    }
}
