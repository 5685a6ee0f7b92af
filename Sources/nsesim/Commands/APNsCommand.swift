import APNsDelivery
import APNsServer
import ArgumentParser
import Foundation
import NSESimBuild
import NSESimCenter
import NSESimCore
import NSESimHost
import NSESimRuntime
import NSESimStore

/// `nsesim apns`: a local APNs for a push backend, delivering into the app's notification center.
struct APNsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "apns",
        abstract:
            "A local APNs: Apple's provider API (HTTP/2 over TLS) on 127.0.0.1, each push run through the extension into the app's center.",
        subcommands: [APNsServeCommand.self, APNsUnregisterCommand.self],
        defaultSubcommand: APNsServeCommand.self
    )
}

/// `nsesim apns --extension DIR [--port N] [--key KEYID=FILE.p8 --team TEAMID] ...`.
struct APNsServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Serve Apple's provider API on 127.0.0.1 until SIGINT or SIGTERM.",
        discussion: """
            POST /3/device/TOKEN with Apple's headers (apns-topic, apns-push-type, apns-priority, apns-expiration, \
            apns-collapse-id, apns-id) and, with --key, authorization: bearer JWT (ES256, kid KEYID, iss TEAMID). \
            Answers as APNs: 200 with apns-id once accepted, else the status and {"reason": ...}. Prints \
            "APNs at https://127.0.0.1:PORT (CA: FILE)" once it listens, then a line per push. \
            Exit status: 0 stopped by a signal; 64 usage; 65 a bad key, tokens file or certificate; \
            66 a missing file or folder; 70 the port cannot be used or another failure.
            """
    )

    // `--extension DIR|LIB.so` or `--project X.xcodeproj [--target T]`, as `run` takes them.
    @OptionGroup var extensionOptions: ExtensionOptions
    @OptionGroup var lifecycle: LifecycleOptions
    @OptionGroup var app: AppOptions
    @OptionGroup var warm: WarmOptions

    @Option(help: "The port on 127.0.0.1 (APNs uses 443 and 2197; 0: a free one, printed).")
    var port: Int = 2197

    @Option(
        name: .customLong("key"),
        help: ArgumentHelp(
            "A provider token key: its key identifier and the .p8 file (repeatable).",
            valueName: "KEYID=FILE.p8"))
    var keys: [String] = []

    @Option(help: ArgumentHelp("The team identifier the provider tokens name (iss); needed with --key.", valueName: "TEAMID"))
    var team: String?

    @Option(
        help: ArgumentHelp(
            "A folder with server.pem and server-key.pem (and ca.pem) to use instead of the certificate nsesim makes.",
            valueName: "DIR"))
    var certDir: String?

    @Option(help: ArgumentHelp("The valid device tokens, one per line (TOKEN [TOPIC]); others get 400 BadDeviceToken.", valueName: "FILE"))
    var tokens: String?

    @Option(help: ArgumentHelp("Append a JSON line per push to this file.", valueName: "FILE"))
    var log: String?

    @Option(
        help: ArgumentHelp(
            "How many accepted pushes run the extension at once, each in a process of its own (default: one "
                + "per processor, here \(APNsDelivery.defaultConcurrency)); they enter the center, and their lines "
                + "and log records come, in arrival order.", valueName: "N"))
    var concurrentDeliveries: Int?

    func validate() throws {
        guard (0...65535).contains(port) else { throw ValidationError("--port must be between 0 and 65535") }
        for key in keys where key.split(separator: "=", maxSplits: 1).count != 2 {
            throw ValidationError("--key \(key): expected KEYID=FILE.p8, e.g. --key ABC123DEFG=AuthKey_ABC123DEFG.p8")
        }
        if !keys.isEmpty && team == nil { throw ValidationError("--key needs --team TEAMID: the team the tokens name (iss)") }
        if let concurrentDeliveries, concurrentDeliveries < 1 {
            throw ValidationError("--concurrent-deliveries \(concurrentDeliveries): give 1 or more (1: one push's extension at a time)")
        }
    }

    func run() async throws {
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

/// `nsesim apns unregister TOKEN`: later pushes to TOKEN get 410 Unregistered, as after the app was removed.
struct APNsUnregisterCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "unregister",
        abstract: "Make later pushes to a device token answer 410 Unregistered (with the time), as after the app was removed."
    )

    @Argument(help: ArgumentHelp("The device token (hexadecimal).", valueName: "TOKEN"))
    var token: String

    @Option(help: ArgumentHelp("The app's bundle identifier (else the --extension's, else com.example.app).", valueName: "ID"))
    var bundleId: String?

    @Option(help: ArgumentHelp("The extension, to take the app's bundle identifier from its Info.plist.", valueName: "DIR"))
    var `extension`: String?

    func validate() throws {
        guard DeviceRegistry.isWellFormed(token) else {
            throw ValidationError("\(token): a device token is 64 or more hexadecimal digits")
        }
    }

    func run() throws {
        let bundleIdentifier = AppIdentity.bundleIdentifier(
            given: bundleId,
            extensionApp: { self.extension.flatMap(ExtensionInfo.appIdentifier(inPlistOf:)) })
        let file = DeviceRegistry.unregisteredFile(appFolder: AppData(bundleIdentifier: bundleIdentifier).root)
        do {
            try DeviceRegistry.unregister(token, at: Date(), in: file)
        } catch {
            throw failure("\(file.path): cannot write (\(error))", status: ExitStatus.internalError)
        }
        print("Unregistered \(token.lowercased()) for \(bundleIdentifier): pushes to it now get 410 Unregistered")
    }
}
