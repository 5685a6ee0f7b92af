import APNsDelivery
import APNsServer
import ArgumentParser
import Foundation
import NSESimBuild
import NSESimCenter
import NSESimCommandLine
import NSESimCore
import NSESimHost
import NSESimRuntime
import NSESimStore

// The local APNs's side of `nsesim apns` (its options are NSESimCommandLine's, shared with
// nsesim's help, man page and completions): the server and the device registry.

extension APNsServeCommand {
    /// Serves until SIGINT or SIGTERM.
    func serve() async throws {
        // Pushes keep coming: the next ones' extension processes start while some run, one
        // waiting for each push that may run at once.
        let concurrency = concurrentDeliveries ?? APNsDelivery.defaultConcurrency
        let pool = warm.pool(capacity: concurrency, perKey: concurrency)
        let pipeline = try NotificationPipeline.make(extension: extensionOptions, app: app, lifecycle: lifecycle, warm: pool)
        let bundleIdentifier = pipeline.appIdentifier()
        let appData = pipeline.appData(bundleIdentifier)
        let providerKeys = try loadKeys()
        let validTokens = try loadTokens()
        let certificates = try loadCertificates(dataFolder: appData.root.deletingLastPathComponent().deletingLastPathComponent())
        let logHandle = try openLog()
        // Built once, before the first push: every push runs the same build.
        do { _ = try await pipeline.prepare(appIdentifier: bundleIdentifier) } catch { throw error.exitCode }
        // The first pushes' processes, too: one for each that may run at once.
        for _ in 0..<concurrency { await pipeline.prestart(appIdentifier: bundleIdentifier) }
        let deliveries = APNsDelivery(
            pipeline: pipeline, bundleIdentifier: bundleIdentifier, log: logHandle,
            concurrency: concurrency)
        let gate = APNsGate(
            configuration: APNsConfiguration(bundleIdentifier: bundleIdentifier, keys: providerKeys),
            tokens: validTokens, unregisteredFile: DeviceRegistry.unregisteredFile(appFolder: appData.root))
        let signals = TerminationSignals()
        let server: APNsServer
        do {
            server = try await APNsServer.start(port: port, certificates: certificates, gate: gate, report: deliveries.receive)
        } catch {
            switch error {
            case .badCertificate: throw failure(error.description, status: ExitStatus.badInput)
            case .cannotListen: throw failure(error.description, status: ExitStatus.internalError)
            }
        }
        let worker = Task { await deliveries.run() }
        print(
            "APNs at \(server.url) for \(bundleIdentifier) (CA: \(certificates.authority.path))"
                + (providerKeys.isEmpty ? "; no --key: provider tokens are not asked for" : ""))
        fflush(nil)
        await signals.next()
        await server.stop()
        deliveries.finish()
        await worker.value
        await pool?.endAll()  // the processes started for pushes that never came
        let totals = deliveries.totals
        print(
            "Stopped: \(totals.delivered) delivered, \(totals.refused) refused, \(totals.failed) accepted but not delivered; "
                + "the extension built \(deliveries.builds) time(s)")
        try? logHandle?.close()
    }

    private func loadKeys() throws -> [ProviderKey] {
        guard let team else { return [] }
        return try keys.map { option in
            let parts = option.split(separator: "=", maxSplits: 1).map(String.init)
            do {
                return try ProviderKey.load(keyID: parts[0], teamID: team, path: parts[1])
            } catch {
                let missing = !FileManager.default.fileExists(atPath: parts[1])
                throw failure("--key \(option): \(error)", status: missing ? ExitStatus.missingFile : ExitStatus.badInput)
            }
        }
    }

    private func loadTokens() throws -> [String: String?]? {
        guard let tokens else { return nil }
        guard FileManager.default.fileExists(atPath: tokens) else {
            throw failure("--tokens \(tokens): no such file; give a file with a device token per line", status: ExitStatus.missingFile)
        }
        do { return try DeviceRegistry.tokens(fromFile: tokens) } catch {
            throw failure("--tokens \(error.description)", status: ExitStatus.badInput)
        }
    }

    private func loadCertificates(dataFolder: URL) throws -> ServerCertificates {
        do {
            if let certDir {
                guard FileManager.default.isDirectory(URL(fileURLWithPath: certDir)) else {
                    throw ServerCertificates.Failure(
                        description:
                            "--cert-dir \(certDir): no such folder; give a folder with server.pem and server-key.pem, or leave it out and nsesim makes them"
                    )
                }
                return try ServerCertificates.given(URL(fileURLWithPath: certDir))
            }
            return try ServerCertificates.generated(in: dataFolder.appendingPathComponent("apns"))
        } catch {
            throw failure("\(error)", status: certDir == nil ? ExitStatus.internalError : ExitStatus.missingFile)
        }
    }

    private func openLog() throws -> FileHandle? {
        guard let log else { return nil }
        if !FileManager.default.fileExists(atPath: log) {
            guard FileManager.default.createFile(atPath: log, contents: nil) else {
                throw failure("--log \(log): cannot create the file; does its folder exist?", status: ExitStatus.missingFile)
            }
        }
        guard let handle = FileHandle(forWritingAtPath: log) else {
            throw failure("--log \(log): cannot write to it", status: ExitStatus.badInput)
        }
        handle.seekToEndOfFile()
        return handle
    }
}
