import Foundation
import NSESimCore
@_spi(NSESim) import UserNotifications
import NSESimRuntime

/// Runs replay cases (SPEC section 8): each payload (with `{{server}}` replaced by the
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

    package init(cases: [ReplayCase], toolchain: ExtensionToolchain, defaultExtension: String?, jobs: Int,
                workDirectory: URL, servers: any ReplayServers) {
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
        var builds: [String: Result<BuiltExtension, ExtensionError>] = [:]
        for item in cases {
            guard let input = item.input ?? defaultExtension.map(ExtensionInput.path) else { continue }
            let key = "\(input)\u{0}\(item.options.buildKey)"
            if builds[key] == nil {
                let builder = ExtensionBuilder(toolchain: toolchain, swiftVersion: item.options.swiftVersion,
                                               appIdentifier: item.options.bundleIdentifier ?? BuildSettings.defaultAppIdentifier,
                                               settings: item.options.settings)
                do {
                    builds[key] = .success(try await builder.prepare(input))
                } catch {
                    builds[key] = .failure(error)
                }
            }
        }
        let prepared = builds
        return await withTaskGroup(of: (Int, ReplayResult).self) { group in
            var results = [ReplayResult?](repeating: nil, count: cases.count)
            var next = 0
            func schedule() {
                guard next < cases.count else { return }
                let index = next
                let item = cases[index]
                next += 1
                group.addTask {
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
            return results.compactMap { $0 }
        }
    }

    private func runCase(_ item: ReplayCase, index: Int,
                         builds: [String: Result<BuiltExtension, ExtensionError>]) async -> ReplayResult {
        let start = ContinuousClock.now
        func failed(_ message: String) -> ReplayResult {
            ReplayResult(name: item.name, differences: [], error: message, duration: ContinuousClock.now - start,
                         outcome: nil, report: nil)
        }
        if !item.steps.isEmpty { return await runSteps(item, index: index, builds: builds, start: start) }
        var text = item.payloadText
        if ServerPlaceholder.isUsed(in: text) {
            do {
                let base = try await servers.baseURL(media: item.media, network: item.options.network)
                text = ServerPlaceholder.fill(text, server: base)
            } catch {
                return failed("the fixture server cannot start: \(error)")
            }
        }
        let options = item.options
        let payloadOptions = PayloadOptions(
            headers: PushHeaders(pushType: options.pushType, collapseID: options.collapseID, apnsID: options.apnsID),
            stringsFile: options.strings.map { URL(fileURLWithPath: $0) },
            lenientMutableContent: options.lenientMutableContent)
        let payload: ParsedPayload
        do {
            payload = try PayloadParser.parse(data: Data(text.utf8), path: item.payloadName, options: payloadOptions)
        } catch {
            if let rejected = item.expectation.rejected {
                let matches = error.description.contains(rejected)
                return ReplayResult(name: item.name,
                                    differences: matches ? [] : ["rejected: expected a message containing \"\(rejected)\", got \(error)"],
                                    error: nil, duration: ContinuousClock.now - start, outcome: "rejected", report: nil)
            }
            return failed("the payload is refused: \(error)")
        }
        if let rejected = item.expectation.rejected {
            return ReplayResult(name: item.name, differences: ["rejected: expected the payload to be refused (\(rejected)), but it was accepted"],
                                error: nil, duration: ContinuousClock.now - start, outcome: nil, report: nil)
        }

        let run: NotificationRun
        switch await pipeline(payload, item: item, index: index, builds: builds) {
        case .success(let done): run = done
        case .failure(let failure): return failed(failure.message)
        }
        if let show = item.show {
            return await runShow(show, delivery: run, bundleIdentifier: appIdentifier(item, payload: payload, builds: builds),
                                 item: item, index: index, start: start)
        }
        let report = run.jsonValue
        return ReplayResult(name: item.name, differences: item.expectation.differences(from: report), error: nil,
                            duration: ContinuousClock.now - start, outcome: run.outcome.rawValue, report: report)
    }

    /// Whose extension it is (``AppIdentity``): the case's `bundleID`, the payload's, the
    /// extension's app (a project target's PRODUCT_BUNDLE_IDENTIFIER), else the default.
    func appIdentifier(_ item: ReplayCase, payload: ParsedPayload?,
                       builds: [String: Result<BuiltExtension, ExtensionError>]) -> String {
        let input = item.input ?? defaultExtension.map(ExtensionInput.path)
        let prepared = input.flatMap { builds["\($0)\u{0}\(item.options.buildKey)"] }
        return AppIdentity.bundleIdentifier(given: item.options.bundleIdentifier, payloads: payload.map { [$0] } ?? [],
                                            extensionApp: { (try? prepared?.get())?.origin?.appIdentifier })
    }

    /// The case's folder: its app data and attachment store.
    func caseFolder(_ index: Int) -> URL { workDirectory.appendingPathComponent("case-\(index)") }

    /// One payload through the pipeline with the case's options: the gate, the extension (in
    /// its own process), the downloads, the checks and the case's store.
    func pipeline(_ payload: ParsedPayload, item: ReplayCase, index: Int,
                  builds: [String: Result<BuiltExtension, ExtensionError>]) async -> Result<NotificationRun, ReplayFailure> {
        let options = item.options
        let caseFolder = caseFolder(index)
        let input = item.input ?? defaultExtension.map(ExtensionInput.path)
        let prepared = input.flatMap { builds["\($0)\u{0}\(options.buildKey)"] }
        let bundleIdentifier = appIdentifier(item, payload: payload, builds: builds)
        let appData = AppData(bundleIdentifier: bundleIdentifier,
                              environment: [NSESimEnvironment.dataDirectory.name: caseFolder.appendingPathComponent("data").path])
        if let keychain = options.keychain {
            do {
                try KeychainSeed(contentsOf: URL(fileURLWithPath: keychain)).seed(appData.keychain)
            } catch {
                return .failure(ReplayFailure("options.keychain: \(error)"))
            }
        }
        var environment = appData.environment
        if let strings = options.strings { environment[NSESimEnvironment.strings.name] = strings }
        if let network = options.network, let loss = await servers.lossVariable(network: network) {
            environment[NSESimEnvironment.networkLoss.name] = loss  // SystemConfiguration's reachability reads it
        }
        let configuration = RunConfiguration(deadline: .milliseconds(Int64(options.deadline * 1000)),
                                             grace: .milliseconds(Int64(options.grace * 1000)),
                                             memoryLimit: options.memoryLimit, environment: environment)
        let delivery = AttachmentDelivery(
            store: AttachmentStore(root: caseFolder.appendingPathComponent("store"), bundleIdentifier: bundleIdentifier,
                                   quota: options.storeQuota ?? AttachmentStore.defaultQuota),
            appBundle: options.bundle.map { URL(fileURLWithPath: $0) })

        if payload.gate.invoked {
            guard let input else {
                return .failure(ReplayFailure("the case names no \"extension\" and replay got no --extension"))
            }
            switch prepared {
            case .success(let built)?:
                let runner = ExtensionRunner(built: built, toolchain: toolchain, configuration: configuration, delivery: delivery)
                let result = await runner.run(ExtensionRequest(payload.request))
                return .success(NotificationRun(payload: payload, extensionResult: result, built: built))
            case .failure(let error)?:
                return .failure(ReplayFailure(error.description))
            case nil:
                return .failure(ReplayFailure("the extension \(input.name) was not prepared"))
            }
        } else {
            return .success(NotificationRun(payload: payload, extensionResult: nil, built: nil))
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
