import NSESimRuntime
import ArgumentParser
import FixtureServer
import Foundation
import NSESimCenter
import NSESimCore

/// `nsesim run --extension DIR --payload FILE`: what iOS would show.
struct Run: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Run a service extension on a payload the way iOS does, and show what iOS would deliver.",
        discussion: """
            Each notification gets a fresh extension process. didReceive is called at once; at the deadline \
            serviceExtensionTimeWillExpire() is called on another thread; at the end of the grace the process \
            is killed and the original content delivered. Outcomes: modified, best-attempt, original-timeout, \
            original-crash, killed-memory, not-invoked.
            """
    )

    @OptionGroup var extensionOptions: ExtensionOptions

    @Option(name: .customLong("payload"), help: ArgumentHelp("The payload (.json or .apns); repeat it to run several notifications.", valueName: "FILE"))
    var payloads: [String]

    @OptionGroup var lifecycle: LifecycleOptions

    @Flag(help: "Keep one extension process alive across the notifications, as iOS may (state in statics survives).")
    var reuseProcess = false

    @Option(help: "A Localizable.strings file for *-loc-key alert keys and localizedUserNotificationString.")
    var strings: String?

    @OptionGroup var push: PushOptions

    @Option(help: "Output format: text or json.")
    var format: OutputFormat = .text

    @OptionGroup var serving: ServeOptions

    @OptionGroup var storeOptions: StoreOptions

    @Option(help: ArgumentHelp("The app bundle folder: attachments from there are copied into the store (container files are moved).",
                               valueName: "DIR"))
    var bundle: String?

    @Option(help: ArgumentHelp("The most the app's delivered attachments may take together (default 100MB).", valueName: "SIZE"))
    var storeQuota: ByteCount?

    func validate() throws {
        guard LogRecords.levels.contains(logLevel) else {
            throw ValidationError("--log-level \(logLevel): expected one of \(LogRecords.levels.joined(separator: ", "))")
        }
        guard !payloads.isEmpty else { throw ValidationError("give a payload with --payload FILE") }
        if let bundle {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: bundle, isDirectory: &isDirectory), isDirectory.boolValue else {
                throw ValidationError("--bundle \(bundle): no such folder")
            }
        }
    }

    @Option(help: ArgumentHelp("The least severe unified-logging entries shown: debug, info, notice, error or fault.",
                               valueName: "LEVEL"))
    var logLevel: String = "debug"

    @Option(help: ArgumentHelp("Keychain items the app stored before (JSON: {\"items\": [{\"service\", \"account\", \"data\"}]}), put into the app's keychain first.",
                               valueName: "FILE.json"))
    var keychain: String?

    @Flag(help: "Show private values in unified-logging entries (redacted as <private> by default, as in a release log on iOS).")
    var logPrivate = false

    func run() async throws {
        if serving.serve == nil, let path = payloads.first(where: { path in
            (try? String(contentsOfFile: path, encoding: .utf8)).map(ServerPlaceholder.isUsed) == true
        }) {
            throw failure("\(path) \(ServerPlaceholder.needsServe) for the run", status: ExitStatus.usage)
        }
        let server = try await serving.startServer()
        defer { if let server { Task { await server.stop() } } }
        var parsed: [ParsedPayload] = []
        for path in payloads {
            switch Result(catching: { () throws(PayloadError) in try serving.parsePayload(path, server: server?.baseURL, options: push.payloadOptions(strings: strings)) }) {
            case .success(let payload): parsed.append(payload)
            case .failure(let error): throw failure(error.description, status: error.exitStatus)
            }
        }
        let bundleIdentifier = AppIdentity.bundleIdentifier(given: storeOptions.bundleId, payloads: parsed,
                                                            extensionApp: { extensionOptions.appIdentifier })
        let delivery = AttachmentDelivery(
            store: storeOptions.store(bundleIdentifier: bundleIdentifier, quota: storeQuota?.bytes ?? AttachmentStore.defaultQuota),
            appBundle: bundle.map { URL(fileURLWithPath: $0) })
        let appData = AppData(bundleIdentifier: bundleIdentifier)
        if let keychain {
            do {
                try KeychainSeed(contentsOf: URL(fileURLWithPath: keychain)).seed(appData.keychain)
            } catch let error as KeychainSeed.Failure {
                throw failure(error.description, status: FileManager.default.fileExists(atPath: keychain) ? ExitStatus.badInput : ExitStatus.missingFile)
            } catch {
                throw failure("\(error)", status: ExitStatus.internalError)
            }
        }
        var environment = appData.environment
        if let strings { environment[NSESimEnvironment.strings.name] = URL(fileURLWithPath: strings).path }
        let configuration = lifecycle.configuration(environment: environment)
        var runs: [NotificationRun]
        do {
            let builder = parsed.contains(where: \.gate.invoked) ? try extensionOptions.builder(appIdentifier: bundleIdentifier) : nil
            if let builder {
                runs = try await NotificationRun.run(payloads: parsed, extension: extensionOptions.input,
                                                     builder: builder, configuration: configuration,
                                                     reuseProcess: reuseProcess, delivery: delivery)
            } else {
                runs = parsed.map { NotificationRun(payload: $0, extensionResult: nil, built: nil) }
            }
        } catch let error as ExtensionError {
            throw failure(error.description, status: error.exitStatus)
        }
        // What iOS shows: each notification in the app's center, in order.
        let center = AppData(bundleIdentifier: bundleIdentifier).center
        // On the app's virtual clock when `nsesim center advance` or `deliver` set one.
        let now = (try? center.read())?.clock.map(Date.init(timeIntervalSince1970:)) ?? Date()
        for index in runs.indices {
            runs[index].deliver(into: center, at: now)
            AppCenter(center: center, store: delivery.store).follow(runs[index].centerChanges.compactMap(CenterChange.init(jsonValue:)))
            runs[index].logOptions = LogRecords.Options(minimumLevel: logLevel, showPrivate: logPrivate)
        }
        switch format {
        case .text:
            print(runs.map(\.text).joined(separator: "\n\n"))
        case .json:
            let value = runs.count == 1 ? runs[0].jsonValue : .array(runs.map(\.jsonValue))
            print(value.serializedString(pretty: true))
        }
    }
}
