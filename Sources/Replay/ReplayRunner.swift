import Foundation
import NSESimBuild
import NSESimCore
import NSESimHost
import NSESimPayload
import NSESimRuntime
import NSESimStore
@_spi(NSESim) import UserNotifications

/// Runs replay cases (docs/behaviour.md#replay-cases): each payload (with `{{server}}` replaced by the
/// fixture server's address for the case's network) through the whole pipeline, then
/// compares the report with the case's expectation.
package struct ReplayRunner: Sendable {
    package let cases: [ReplayCase]
    package let toolchain: ExtensionToolchain
    /// The extension for cases that name none (`--extension`).
    package let defaultExtension: String?
    /// How many cases run at once.
    package let jobs: Int
    /// Where stores and app data of the cases go (removed by the caller).
    package let workDirectory: URL
    package let servers: any ReplayServers
    /// Where each case's extension process is started while an earlier case runs (a
    /// warm process); nil: each starts when its case delivers. Ended when the cases are done.
    package var warm: WarmProcessPool?
    /// Whether the extensions are built with coverage instrumentation (`--coverage DIR`).
    package var coverage = false

    package init(
        cases: [ReplayCase], toolchain: ExtensionToolchain, defaultExtension: String?, jobs: Int,
        workDirectory: URL, servers: any ReplayServers
    ) {
        self.cases = cases
        self.toolchain = toolchain
        self.defaultExtension = defaultExtension
        self.jobs = max(1, jobs)
        self.workDirectory = workDirectory
        self.servers = servers
    }

    /// Runs every case, `jobs` at a time, calling `onResult` as each finishes; returns the
    /// results in the cases' order.
    package func run(onResult: @escaping @Sendable (ReplayResult) -> Void) async -> [ReplayResult] {
        // Build each extension once, before the cases run (concurrent cases would build it twice).
        let prepared = await buildExtensions()
        return await withTaskGroup(of: (Int, ReplayResult).self) { group in
            var results = [ReplayResult?](repeating: nil, count: cases.count)
            var next = 0
            func schedule() {
                guard next < cases.count else { return }
                let index = next
                let item = cases[index]
                next += 1
                group.addTask {
                    // The case that will be scheduled after this one's slot frees: its process starts now.
                    await prestartCase(index + jobs, builds: prepared)
                    let result = await runCase(item, index: index, builds: prepared)
                    onResult(result)
                    return (index, result)
                }
            }
            for _ in 0..<min(jobs, cases.count) { schedule() }
            while let (index, result) = await group.next() {
                results[index] = result
                schedule()
            }
            await warm?.endAll()  // a case's process that no case took (its case ran cold, or failed first)
            return results.compactMap { $0 }
        }
    }

    /// Each extension the cases name, built (or taken from the cache) once, by its input and
    /// build options; `--coverage` asks again at the end for the libraries it reads.
    package func buildExtensions() async -> [String: Result<BuiltExtension, ExtensionError>] {
        var builds: [String: Result<BuiltExtension, ExtensionError>] = [:]
        for item in cases {
            guard let input = item.input ?? defaultExtension.map(ExtensionInput.path) else { continue }
            let key = "\(input)\u{0}\(item.options.buildKey)"
            if builds[key] == nil {
                var builder = ExtensionBuilder(
                    toolchain: toolchain, swiftVersion: item.options.swiftVersion,
                    appIdentifier: item.options.bundleIdentifier ?? BuildSettings.defaultAppIdentifier,
                    settings: item.options.settings)
                builder.coverage = coverage
                builder.sanitizer = item.options.sanitizer
                do {
                    builds[key] = .success(try await builder.prepare(input))
                } catch {
                    builds[key] = .failure(error)
                }
            }
        }
        return builds
    }

    private func runCase(
        _ item: ReplayCase, index: Int,
        builds: [String: Result<BuiltExtension, ExtensionError>]
    ) async -> ReplayResult {
        let start = ContinuousClock.now
        func failed(_ message: String) -> ReplayResult {
            ReplayResult(
                name: item.name, differences: [], error: message, duration: ContinuousClock.now - start,
                outcome: nil, report: nil)
        }
        if !item.steps.isEmpty { return await runSteps(item, index: index, builds: builds, start: start) }
        var server: URL?
        if ServerPlaceholder.isUsed(in: item.payloadText) {
            do {
                server = try await servers.baseURL(media: item.media, network: item.options.network)
            } catch {
                return failed("the fixture server cannot start: \(error)")
            }
        }
        let payload: ParsedPayload
        do {
            payload = try PayloadParser.parse(
                text: item.payloadText, path: item.payloadName, server: server,
                options: payloadOptions(item))
        } catch {
            if let rejected = item.expectation.rejected {
                let matches = error.description.contains(rejected)
                return ReplayResult(
                    name: item.name,
                    differences: matches ? [] : ["rejected: expected a message containing \"\(rejected)\", got \(error)"],
                    error: nil, duration: ContinuousClock.now - start, outcome: "rejected", report: nil)
            }
            return failed("the payload is refused: \(error)")
        }
        if let rejected = item.expectation.rejected {
            return ReplayResult(
                name: item.name, differences: ["rejected: expected the payload to be refused (\(rejected)), but it was accepted"],
                error: nil, duration: ContinuousClock.now - start, outcome: nil, report: nil)
        }

        let pipeline: NotificationPipeline
        switch await casePipeline(item, index: index, builds: builds, intoCenter: item.show != nil) {
        case .success(let made): pipeline = made
        case .failure(let failure): return failed(failure.message)
        }
        let run: NotificationRun
        switch await deliver(payload, through: pipeline, item: item) {
        case .success(let done): run = done
        case .failure(let failure): return failed(failure.message)
        }
        if let show = item.show {
            return await runShow(show, delivery: run, pipeline: pipeline, item: item, start: start)
        }
        let report = run.jsonValue
        return ReplayResult(
            name: item.name, differences: item.expectation.differences(from: report), error: nil,
            duration: ContinuousClock.now - start, outcome: run.outcome.rawValue, report: report)
    }

    /// The case's folder: its app data and attachment store.
    func caseFolder(_ index: Int) -> URL { workDirectory.appendingPathComponent("case-\(index)") }

    /// The pipeline of the case: its options, its extension as built before the cases ran,
    /// the app data and store in the case's folder; `intoCenter` for cases whose pushes land
    /// in the app's center (steps, show).
    func casePipeline(
        _ item: ReplayCase, index: Int, builds: [String: Result<BuiltExtension, ExtensionError>],
        intoCenter: Bool
    ) async -> Result<NotificationPipeline, ReplayFailure> {
        let options = item.options
        let caseFolder = caseFolder(index)
        let input = item.input ?? defaultExtension.map(ExtensionInput.path)
        var configuration = PipelineConfiguration(extensionInput: input)
        configuration.swiftVersion = options.swiftVersion
        configuration.settings = options.settings
        configuration.sanitizer = options.sanitizer
        configuration.bundleIdentifier = options.bundleIdentifier
        configuration.storeRoot = caseFolder.appendingPathComponent("store")
        configuration.storeQuota = options.storeQuota ?? AttachmentStore.defaultQuota
        configuration.appBundle = options.bundle.map { URL(fileURLWithPath: $0) }
        configuration.dataDirectory = caseFolder.appendingPathComponent("data")
        configuration.limits = RunConfiguration(
            deadline: .milliseconds(Int64(options.deadline * 1000)),
            grace: .milliseconds(Int64(options.grace * 1000)), memoryLimit: options.memoryLimit,
            lockState: options.lockState)
        configuration.stringsFile = options.strings.map { URL(fileURLWithPath: $0) }
        if let network = options.network {
            configuration.networkLoss = await servers.lossVariable(network: network)  // SystemConfiguration's reachability reads it
        }
        configuration.intoCenter = intoCenter
        configuration.appGroupFiles = options.appGroupFiles
        configuration.warmProcesses = warm
        configuration.coverage = coverage
        if let keychain = options.keychain {
            do {
                configuration.keychainSeed = try KeychainSeed(contentsOf: URL(fileURLWithPath: keychain))
            } catch {
                return .failure(ReplayFailure("options.keychain: \(error)"))
            }
        }
        let prepared = input.flatMap { builds["\($0)\u{0}\(options.buildKey)"] }
        switch prepared {
        case .failure(let error)?:
            return .failure(ReplayFailure(error.description))
        case .success(let built)?:
            return .success(NotificationPipeline(configuration, toolchain: toolchain, prebuilt: built))
        case nil:
            return .success(NotificationPipeline(configuration, toolchain: toolchain))
        }
    }

    /// One payload through the case's pipeline; a push iOS would hand to the extension needs one.
    func deliver(
        _ payload: ParsedPayload, through pipeline: NotificationPipeline, item: ReplayCase,
        at date: Date? = nil, appIdentifier: String? = nil
    ) async -> Result<NotificationRun, ReplayFailure> {
        if payload.gate.invoked, item.input == nil, defaultExtension == nil {
            return .failure(ReplayFailure("the case names no \"extension\" and replay got no --extension"))
        }
        do {
            return .success(try await pipeline.deliver(payload, at: date, appIdentifier: appIdentifier))
        } catch {
            return .failure(ReplayFailure(error.description))
        }
    }
}

/// Why a case could not run, for its result.
struct ReplayFailure: Error {
    let message: String

    init(_ message: String) {
        self.message = message
    }
}
