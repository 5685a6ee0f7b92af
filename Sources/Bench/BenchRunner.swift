import FixtureServer
import Foundation
import NSESimBuild
import NSESimCore
import NSESimHost
import NSESimPayload
import NSESimRuntime
@_spi(NSESim) import UserNotifications

/// Runs each payload `runs` times under each network profile, one notification at a time
/// (so that the timing of one run is not disturbed by another), through the whole
/// pipeline: the fixture server applying the profile, a fresh extension process, the
/// checks after the extension and a store of its own per run.
package struct BenchRunner: Sendable {
    /// One payload as given: its path and its text, `{{server}}` not yet replaced.
    package struct Payload: Sendable {
        package let path: String
        package let text: String

        package init(path: String, text: String) {
            self.path = path
            self.text = text
        }
    }

    /// Where a bench is: which group, which run, out of how many runs in all.
    package struct Progress: Sendable {
        package let done: Int
        package let total: Int
        package let payload: String
        package let network: String
    }

    package let built: BuiltExtension
    package let toolchain: ExtensionToolchain
    package let payloads: [Payload]
    /// The profiles to run under; nil stands for no shaping.
    package let networks: [NetworkProfile?]
    package let runs: Int
    package let configuration: RunConfiguration
    package let payloadOptions: PayloadOptions
    /// The folder the fixture server serves; nil: no server (payloads must not use `{{server}}`).
    package let serveRoot: URL?
    /// The app bundle id the stores are kept under.
    package let bundleIdentifier: String?
    /// Where the per-run stores and app data go; removed by the caller.
    package let workDirectory: URL
    /// With a pool (`--warm`), the next run's extension process is started while a run
    /// runs, as `apns` and `replay` do; nil: every run's process starts when its
    /// push comes (the cold path, the default).
    package var warm: WarmProcessPool?

    package init(
        built: BuiltExtension, toolchain: ExtensionToolchain, payloads: [Payload], networks: [NetworkProfile?],
        runs: Int, configuration: RunConfiguration, payloadOptions: PayloadOptions, serveRoot: URL?,
        bundleIdentifier: String?, workDirectory: URL
    ) {
        self.built = built
        self.toolchain = toolchain
        self.payloads = payloads
        self.networks = networks.isEmpty ? [nil] : networks
        self.runs = max(1, runs)
        self.configuration = configuration
        self.payloadOptions = payloadOptions
        self.serveRoot = serveRoot
        self.bundleIdentifier = bundleIdentifier
        self.workDirectory = workDirectory
    }

    /// Runs everything; groups come in the order network by network, payload by payload.
    package func run(progress: @Sendable (Progress) -> Void = { _ in }) async throws(BenchError) -> [BenchGroup] {
        var groups: [BenchGroup] = []
        let total = networks.count * payloads.count * runs
        var done = 0
        for network in networks {
            let server = try await startServer(network: network)
            defer { if let server { Task { await server.stop() } } }
            for payload in payloads {
                let parsed = try parse(payload, server: server?.baseURL)
                var samples: [BenchSample] = []
                // Each run's store and app data are its own: its folder (and so its process's
                // launch configuration) is known before it runs, so a warm process can wait for it.
                let folders = (0..<runs).map { _ in workDirectory.appendingPathComponent("run-\(UUID().uuidString.prefix(8))") }
                for index in 0..<runs {
                    progress(Progress(done: done, total: total, payload: payload.path, network: network?.name ?? "none"))
                    if index + 1 < runs {
                        await pipeline(folder: folders[index + 1], network: network).prestart(for: [parsed])
                    }
                    samples.append(await runOnce(parsed, index: index, folder: folders[index], server: server, network: network))
                    done += 1
                }
                groups.append(
                    BenchGroup(
                        payload: payload.path, network: network?.name,
                        deadlineMs: configuration.deadline.exactMilliseconds,
                        graceMs: configuration.grace.exactMilliseconds,
                        memoryLimitBytes: configuration.memoryLimit, samples: samples))
            }
            if let server { await server.stop() }
        }
        progress(Progress(done: total, total: total, payload: "", network: ""))
        await warm?.endAll()
        return groups
    }

    private func startServer(network: NetworkProfile?) async throws(BenchError) -> FixtureServer? {
        guard let serveRoot else { return nil }
        let server = FixtureServer(root: serveRoot, profile: network)
        do {
            _ = try await server.start()
        } catch {
            throw .serverUnavailable(network: network?.name ?? "none", reason: error.description)
        }
        return server
    }

    private func parse(_ payload: Payload, server: URL?) throws(BenchError) -> ParsedPayload {
        do {
            return try PayloadParser.parse(text: payload.text, path: payload.path, server: server, options: payloadOptions)
        } catch .needsServer {
            throw .badPayload(payload.path, ServerPlaceholder.needsServe)
        } catch {
            throw .badPayload(payload.path, error.description)
        }
    }

    /// The pipeline of one run: the pipeline every command uses, with the built extension, a
    /// store and app data of the run's own in `folder`, and no notification center (the bench
    /// measures the extension's part).
    private func pipeline(folder: URL, network: NetworkProfile?) -> NotificationPipeline {
        var pipelineConfiguration = PipelineConfiguration()
        pipelineConfiguration.bundleIdentifier = bundleIdentifier
        pipelineConfiguration.limits = configuration
        pipelineConfiguration.dataDirectory = folder.appendingPathComponent("data")
        pipelineConfiguration.storeRoot = folder.appendingPathComponent("store")
        pipelineConfiguration.networkLoss = network?.lossVariable
        pipelineConfiguration.intoCenter = false
        pipelineConfiguration.warmProcesses = warm
        return NotificationPipeline(pipelineConfiguration, toolchain: toolchain, prebuilt: built)
    }

    /// One notification, with a store and app data of its own.
    private func runOnce(
        _ payload: ParsedPayload, index: Int, folder: URL, server: FixtureServer?,
        network: NetworkProfile?
    ) async -> BenchSample {
        guard payload.gate.invoked else {
            return BenchSample(
                index: index, outcome: .notInvoked, contentHandlerMs: nil, timeWillExpireCalled: false,
                attachmentsDelivered: 0, attachmentsDropped: 0, bytesDownloaded: 0, peakMemoryBytes: 0,
                addedMemoryBytes: 0, timeline: [], downloads: [], errors: [])
        }
        defer { try? FileManager.default.removeItem(at: folder) }
        let pipeline = self.pipeline(folder: folder, network: network)
        let transfersBefore = server?.transfers().count ?? 0
        let run = try? await pipeline.deliver(payload)
        let result = run?.extensionResult ?? ExtensionRunResult(outcome: .originalCrash, requestIdentifier: payload.request.identifier)
        let transfers = server.map { Array($0.transfers().dropFirst(transfersBefore)) } ?? []
        let origin = result.didReceiveAt
        let downloads = transfers.map { transfer in
            BenchSample.Download(
                target: transfer.target,
                startMs: origin.map { (transfer.startedAt - $0).exactMilliseconds } ?? 0,
                endMs: transfer.finishedAt.flatMap { end in origin.map { (end - $0).exactMilliseconds } },
                bytes: transfer.bytes)
        }
        let handlerMs =
            result.outcome.handlerCounted
            ? result.timeline.first(where: { $0.event == .contentHandler })?.tMs : nil
        var sample = BenchSample(
            index: index, outcome: result.outcome, contentHandlerMs: handlerMs,
            timeWillExpireCalled: result.timeline.contains { $0.event == .timeWillExpire },
            attachmentsDelivered: result.attachments.count,
            attachmentsDropped: result.attachmentFailures.count,
            bytesDownloaded: transfers.reduce(0) { $0 + $1.bytes },
            peakMemoryBytes: result.peakMemoryBytes, addedMemoryBytes: result.addedMemoryBytes,
            timeline: result.timeline, downloads: downloads, errors: result.errors)
        sample.crashSite = result.crash.map { crash in crash.ownFrame.map(\.site) ?? crash.signal }
        return sample
    }
}
