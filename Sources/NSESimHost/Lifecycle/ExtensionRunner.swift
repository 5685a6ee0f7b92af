import Foundation
import NSESimBuild
import NSESimRuntime
import NSESimStore
import Subprocess
import SystemPackage
@_spi(NSESim) import UserNotifications

/// Runs an extension the way iOS does (docs/behaviour.md#the-lifecycle): a fresh process per notification
/// (or one kept alive across notifications), `didReceive` at t = 0,
/// `serviceExtensionTimeWillExpire()` at the deadline on another thread, SIGKILL to the
/// process group at the end of the grace, the original content on a crash, and a kill
/// above the memory limit.
package struct ExtensionRunner: Sendable {
    package let built: BuiltExtension
    package let toolchain: ExtensionToolchain
    package let configuration: RunConfiguration
    /// What happens to attachments after the extension: checks and the store. Without it
    /// the handed content is reported as it is.
    package let delivery: AttachmentDelivery?
    /// Processes started ahead of their notification (warm processes); nil: each starts when its
    /// notification comes.
    package let warm: WarmProcessPool?

    package init(
        built: BuiltExtension, toolchain: ExtensionToolchain, configuration: RunConfiguration,
        delivery: AttachmentDelivery? = nil, warm: WarmProcessPool? = nil
    ) {
        self.built = built
        self.toolchain = toolchain
        self.configuration = configuration
        self.delivery = delivery
        self.warm = warm
    }

    /// Runs one notification in a fresh process.
    package func run(_ request: ExtensionRequest) async -> ExtensionRunResult {
        await run([request], reuseProcess: false)[0]
    }

    /// Runs notifications in order: each in a fresh process, or with `reuseProcess` in one
    /// process kept alive across them (started again if it dies), as iOS may do. With a
    /// ``warm`` pool, each fresh process is taken from it when one waits for this launch
    /// configuration, and the next is started while one runs, for every notification but the
    /// last unless `moreComing` says another push will follow this call.
    package func run(_ requests: [ExtensionRequest], reuseProcess: Bool, moreComing: Bool = false) async -> [ExtensionRunResult] {
        guard reuseProcess else {
            var results: [ExtensionRunResult] = []
            for (index, request) in requests.enumerated() {
                let more = moreComing || index < requests.count - 1
                results.append(contentsOf: await runProcess(for: [(Int64(index + 1), request)], prestartNext: more))
            }
            return results
        }
        var results: [ExtensionRunResult] = []
        var remaining = Array(requests.enumerated().map { (Int64($0.offset + 1), $0.element) })
        while !remaining.isEmpty {
            let done = await runProcess(for: remaining, prestartNext: false)
            results.append(contentsOf: done)
            remaining.removeFirst(max(1, done.count))
        }
        return results
    }

    /// The launcher of this runner's processes: the extension, nsesim's products, the
    /// environment with the lock state.
    package var launcher: ExtensionLauncher {
        var environment = configuration.environment
        environment[NSESimEnvironment.lockState.name] = configuration.lockState.rawValue
        return ExtensionLauncher(built: built, toolchain: toolchain, environment: environment)
    }

    /// The key of this runner's processes in a ``WarmProcessPool``.
    package var warmKey: WarmKey { WarmKey(launcher, memoryLimit: configuration.memoryLimit) }

    /// Starts the process of the next notification of this launch configuration now, in
    /// the ``warm`` pool (replay and bench start the next case's or run's this way).
    package func prestart() {
        warm?.prestart(warmKey, launcher: launcher)
    }

    /// One process serving the requests in order until they are done or it dies; returns
    /// a result for each request it took (at least one). The process is a warm one when one
    /// waits for this launch configuration; one that died before it was taken is replaced by
    /// a fresh process, and the report says so.
    private func runProcess(
        for requests: [(sequence: Int64, request: ExtensionRequest)],
        prestartNext: Bool
    ) async -> [ExtensionRunResult] {
        let launcher = self.launcher
        let key = WarmKey(launcher, memoryLimit: configuration.memoryLimit)
        var onRunning: (@Sendable () -> Void)?
        if prestartNext, let pool = warm { onRunning = { pool.prestart(key, launcher: launcher) } }
        var lostWarm: String?
        if let slot = warm?.take(key) {
            // One still loading is waited for: if it crashes at load, the push starts a fresh one.
            switch await slot.claim(waitingForLoad: configuration.startTimeout) {
            case .drive(let readyAt):
                return await serve(requests, on: slot, readyAt: readyAt, prestarted: true, onRunning: onRunning)
            case .dead(let reason):
                lostWarm = reason
            }
        }
        var results: [ExtensionRunResult]
        do throws(ExtensionLauncher.Failure) {
            let slot = try launcher.start()
            switch await slot.claim() {
            case .drive(let readyAt):
                results = await serve(requests, on: slot, readyAt: readyAt, prestarted: false, onRunning: onRunning)
            case .dead(let reason):
                var failed = ExtensionRunResult(outcome: .originalCrash, requestIdentifier: requests[0].request.identifier)
                failed.errors.append(reason)
                results = [failed]
                onRunning?()  // done, as a driven process that died would be: the next push's starts
            }
        } catch {
            var failed = ExtensionRunResult(outcome: .originalCrash, requestIdentifier: requests[0].request.identifier)
            failed.errors.append(error.message)
            results = [failed]
        }
        if let lostWarm, !results.isEmpty {
            results[0].warnings.append(
                RunWarning(
                    .prestartedProcessDied,
                    "the extension process started ahead for this "
                        + "notification ended before the push came (\(lostWarm)); the notification ran in a fresh process"))
        }
        return results
    }

    /// Drives a claimed process through the requests' lifecycle; then the attachments are
    /// checked and moved into the store and its container removed.
    private func serve(
        _ requests: [(sequence: Int64, request: ExtensionRequest)], on slot: WarmSlot,
        readyAt: ContinuousClock.Instant?, prestarted: Bool,
        onRunning: (@Sendable () -> Void)?
    ) async -> [ExtensionRunResult] {
        defer {
            slot.container.recycleWithLog()
        }
        // Under a sanitizer the process's memory is the runtime's shadow as much as the
        // extension's: no limit (docs/sanitizers.md).
        var configuration = self.configuration
        if built.sanitizer != nil { configuration.memoryLimit = nil }
        let session = LifecycleSession(
            requests: requests, configuration: configuration, container: slot.container,
            spawnedAt: slot.spawnedAt, readyAt: readyAt, log: slot.log, ownCode: OwnCode(built),
            onRunning: onRunning)
        switch await slot.drive({ process, inputs, continuation in
            await session.drive(process, inputs: inputs, continuation: continuation)
        }) {
        case .success(let status): session.processEnded(status)
        case .failure(let failure): session.spawnFailed(failure.message)
        }
        // The extension process is gone: its attachments are checked and moved into the
        // store now, before its container is removed.
        let entitled = NotificationFiltering.isEntitled(bundle: built.bundleDirectory)
        var finished = session.finishedResults()
        // The stacks taken at a deadline or a kill get their files, lines and names now that
        // the process is done with (taking them stopped it only while they were unwound).
        for index in finished.indices {
            if let hang = finished[index].hang {
                finished[index].hang = await configuration.stackSampler.symbolicated(hang, ownCode: OwnCode(built))
            }
        }
        // The file accesses the lock state refused go to the last request the process served.
        if !finished.isEmpty {
            finished[finished.count - 1].addFileProtectionRecords(ExtensionLauncher.fileProtectionRecords(of: slot.container))
            // And what the sanitizer found while the process ran.
            let findings = await launcher.sanitizerFindings(of: slot.container)
            finished[finished.count - 1].sanitizer = findings
            // AddressSanitizer stopped the process at its finding: the crash is told by it.
            if let finding = findings.last(where: { $0.sanitizer == Sanitizer.address.rawValue }) {
                finished[finished.count - 1].crash?.takeFrames(from: finding)
            }
        }
        let start = slot.start
        let pid = slot.processIdentifier == 0 ? nil : slot.processIdentifier
        if let note = start?.note, !finished.isEmpty {
            finished[0].warnings.append(RunWarning(.zygoteFailed, note))
        }
        return finished.enumerated().map { index, result in
            let original = index < requests.count ? requests[index].request.content : .null
            var shown = NotificationFiltering.apply(to: result, original: original, entitled: entitled)
            shown.memoryLimitBytes = configuration.memoryLimit
            shown.lockState = configuration.lockState
            shown.prestarted = prestarted
            shown.started = start?.how
            shown.processIdentifier = pid
            return InterruptionLevelRule.apply(to: deliverAttachments(of: shown, container: slot.container)) { entitlement in
                ExtensionEntitlements.isGranted(entitlement, bundle: built.bundleDirectory)
            }
        }
    }

    private func deliverAttachments(of result: ExtensionRunResult, container: ExtensionContainer) -> ExtensionRunResult {
        guard let delivery, result.outcome.deliversExtensionContent, result.deliveredContent == nil,
            let content = result.handedContent
        else { return result }
        var delivered = result
        let outcome = delivery.deliver(
            content, notification: result.requestIdentifier, container: container.root,
            extensionBundle: built.bundleDirectory)
        delivered.deliveredContent = outcome.content
        delivered.attachments = outcome.attachments
        delivered.attachmentFailures = outcome.failures
        return delivered
    }

}
