import Foundation
import Subprocess
import SystemPackage
@_spi(NSESim) import UserNotifications
import NSESimRuntime

/// Runs an extension the way iOS does (SPEC section 4): a fresh process per notification
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

    package init(built: BuiltExtension, toolchain: ExtensionToolchain, configuration: RunConfiguration,
                delivery: AttachmentDelivery? = nil) {
        self.built = built
        self.toolchain = toolchain
        self.configuration = configuration
        self.delivery = delivery
    }

    /// Runs one notification in a fresh process.
    package func run(_ request: ExtensionRequest) async -> ExtensionRunResult {
        await run([request], reuseProcess: false)[0]
    }

    /// Runs notifications in order: each in a fresh process, or with `reuseProcess` in one
    /// process kept alive across them (started again if it dies), as iOS may do.
    package func run(_ requests: [ExtensionRequest], reuseProcess: Bool) async -> [ExtensionRunResult] {
        ignoreBrokenPipes()
        guard reuseProcess else {
            var results: [ExtensionRunResult] = []
            for (index, request) in requests.enumerated() {
                results.append(contentsOf: await runProcess(for: [(Int64(index + 1), request)]))
            }
            return results
        }
        var results: [ExtensionRunResult] = []
        var remaining = Array(requests.enumerated().map { (Int64($0.offset + 1), $0.element) })
        while !remaining.isEmpty {
            let done = await runProcess(for: remaining)
            results.append(contentsOf: done)
            remaining.removeFirst(max(1, done.count))
        }
        return results
    }

    /// One process serving the requests in order until they are done or it dies; returns
    /// a result for each request it took (at least one).
    private func runProcess(for requests: [(sequence: Int64, request: ExtensionRequest)]) async -> [ExtensionRunResult] {
        let container: ExtensionContainer
        do {
            container = try ExtensionContainer.create()
        } catch {
            var failed = ExtensionRunResult(outcome: .originalCrash, requestIdentifier: requests[0].request.identifier)
            failed.errors.append("cannot create the extension's container: \(error.localizedDescription)")
            return [failed]
        }
        defer { container.remove() }

        let host = built.bundleDirectory?.appendingPathComponent("nsesim-extension-host") ?? toolchain.hostExecutable
        var environment: [Environment.Key: String?] = [:]
        for (key, value) in container.environment.merging(configuration.environment, uniquingKeysWith: { $1 }) {
            environment[Environment.Key(rawValue: key)!] = value
        }
        var options = PlatformOptions()
        options.createSession = true  // its own session and process group: SIGKILL reaches all its children

        let spawnedAt = ContinuousClock.now
        let session = LifecycleSession(requests: requests, configuration: configuration, container: container,
                                       spawnedAt: spawnedAt)
        do {
            let outcome = try await Subprocess.run(
                .path(FilePath(host.path)),
                arguments: [built.library.path],
                environment: .inherit.updating(environment),
                workingDirectory: FilePath(container.root.path),
                platformOptions: options,
                input: .inputWriter,
                output: .sequence,
                error: .sequence
            ) { execution in
                try await session.drive(execution)
            }
            session.processEnded(outcome.terminationStatus)
        } catch {
            session.spawnFailed("cannot start \(host.path): \(error)")
        }
        // The extension process is gone: its attachments are checked and moved into the
        // store now, before its container is removed.
        return session.finishedResults().map { deliverAttachments(of: $0, container: container) }
    }

    private func deliverAttachments(of result: ExtensionRunResult, container: ExtensionContainer) -> ExtensionRunResult {
        guard let delivery, result.outcome.deliversExtensionContent, let content = result.handedContent else { return result }
        var delivered = result
        let outcome = delivery.deliver(content, notification: result.requestIdentifier, container: container,
                                       extensionBundle: built.bundleDirectory)
        delivered.deliveredContent = outcome.content
        delivered.attachments = outcome.attachments
        delivered.attachmentFailures = outcome.failures
        return delivered
    }

    private func ignoreBrokenPipes() {
        // A write to an extension that just died must fail with EPIPE, not kill nsesim.
        signal(SIGPIPE, SIG_IGN)
    }
}
