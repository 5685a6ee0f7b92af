import Foundation
import NSESimBuild
import NSESimStore
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
        var environment = configuration.environment
        environment[NSESimEnvironment.lockState.name] = configuration.lockState.rawValue
        let launcher = ExtensionLauncher(built: built, toolchain: toolchain, environment: environment)
        do throws(ExtensionLauncher.Failure) {
            return try await launcher.withContainer { container in
                let session = LifecycleSession(requests: requests, configuration: configuration, container: container,
                                               spawnedAt: ContinuousClock.now)
                do throws(ExtensionLauncher.Failure) {
                    session.processEnded(try await launcher.run(in: container) { process in try await session.drive(process) })
                } catch {
                    session.spawnFailed(error.message)
                }
                // The extension process is gone: its attachments are checked and moved into the
                // store now, before its container is removed.
                let entitled = NotificationFiltering.isEntitled(bundle: built.bundleDirectory)
                var finished = session.finishedResults()
                // The file accesses the lock state refused go to the last request the process served.
                if !finished.isEmpty {
                    finished[finished.count - 1].addFileProtectionRecords(ExtensionLauncher.fileProtectionRecords(of: container))
                }
                return finished.enumerated().map { index, result in
                    let original = index < requests.count ? requests[index].request.content : .null
                    var shown = NotificationFiltering.apply(to: result, original: original, entitled: entitled)
                    shown.memoryLimitBytes = configuration.memoryLimit
                    shown.lockState = configuration.lockState
                    return InterruptionLevelRule.apply(to: deliverAttachments(of: shown, container: container)) { entitlement in
                        ExtensionEntitlements.isGranted(entitlement, bundle: built.bundleDirectory)
                    }
                }
            }
        } catch {
            var failed = ExtensionRunResult(outcome: .originalCrash, requestIdentifier: requests[0].request.identifier)
            failed.errors.append(error.message)
            return [failed]
        }
    }

    private func deliverAttachments(of result: ExtensionRunResult, container: ExtensionContainer) -> ExtensionRunResult {
        guard let delivery, result.outcome.deliversExtensionContent, result.deliveredContent == nil,
              let content = result.handedContent else { return result }
        var delivered = result
        let outcome = delivery.deliver(content, notification: result.requestIdentifier, container: container,
                                       extensionBundle: built.bundleDirectory)
        delivered.deliveredContent = outcome.content
        delivered.attachments = outcome.attachments
        delivered.attachmentFailures = outcome.failures
        return delivered
    }

}
