import Foundation
import NSESimBuild
import NSESimCenter
import NSESimHost
import NSESimKeychain
import NSESimPayload
import NSESimProject
import NSESimRuntime
import NSESimStore
import Synchronization

/// The one path a push takes on nsesim's side, whatever brought it (`run`, `deliver`, `show`,
/// the local APNs, `replay`, `bench`): configured once, it builds the extension once, then
/// takes pushes through the gate, the extension process (deadline, grace, memory limit), the
/// attachment checks and the store, into the app's notification center with the store
/// following what the center removed, and hands back each push's ``NotificationRun``.
///
/// Commands only fill a ``PipelineConfiguration`` and print what comes back (docs/ARCHITECTURE.md,
/// "One path for a push").
package final class NotificationPipeline: Sendable {
    package let configuration: PipelineConfiguration
    package let toolchain: ExtensionToolchain
    private let state: Mutex<State>
    /// Whether the app has a service extension (given, or built already).
    private let hasExtension: Bool

    private struct State {
        /// The extension as built, per app identifier the build used.
        var builds: [String: BuiltExtension] = [:]
        /// The extension's own app (a folder's Info.plist, a project target's), once looked up.
        var extensionApp: String??
        /// Apps whose keychain the seed file was put into.
        var seeded: Set<String> = []
        /// Apps whose app groups the seed files were put into.
        var seededFiles: Set<String> = []
        /// How many times the builder ran (a cache hit counts: it still reads every source).
        var buildCount = 0
        /// The lock state set since the pipeline was made (a timeline's `lockState` step).
        var lockState: LockState?
    }

    /// A pipeline for `configuration`; `prebuilt` is the extension already built (replay and
    /// bench build each extension once for many pipelines).
    package init(_ configuration: PipelineConfiguration, toolchain: ExtensionToolchain, prebuilt: BuiltExtension? = nil) {
        self.configuration = configuration
        self.toolchain = toolchain
        var initial = State()
        if let prebuilt {
            initial.builds[Self.anyApp] = prebuilt
            initial.extensionApp = .some(prebuilt.origin?.appIdentifier)
        }
        state = Mutex(initial)
        hasExtension = configuration.extensionInput != nil || prebuilt != nil
    }

    /// The key of a prebuilt extension: used for every app.
    private static let anyApp = ""

    // MARK: - Which app

    /// The app `payloads` belong to, by ``AppIdentity``'s one rule.
    package func appIdentifier(for payloads: [ParsedPayload] = []) -> String {
        AppIdentity.bundleIdentifier(given: configuration.bundleIdentifier, payloads: payloads, extensionApp: { self.extensionApp })
    }

    /// The app's data (center, keychain, app groups) in the configured data directory.
    package func appData(_ bundleIdentifier: String) -> AppData {
        AppData(bundleIdentifier: bundleIdentifier, environment: configuration.dataEnvironment)
    }

    /// The app's attachment store.
    package func store(_ bundleIdentifier: String) -> AttachmentStore {
        AttachmentStore(
            root: configuration.storeRoot ?? AttachmentStore.defaultRoot(), bundleIdentifier: bundleIdentifier,
            quota: configuration.storeQuota)
    }

    /// The app's center with its store.
    package func appCenter(_ bundleIdentifier: String) -> AppCenter {
        AppCenter(center: appData(bundleIdentifier).center, store: store(bundleIdentifier))
    }

    /// The app the extension's own sources name: a literal CFBundleIdentifier in a folder's
    /// Info.plist, a project target's PRODUCT_BUNDLE_IDENTIFIER; looked up once.
    private var extensionApp: String? {
        if let known = state.withLock({ $0.extensionApp }) { return known }
        let found: String?
        switch configuration.extensionInput {
        case .path(let path)?: found = ExtensionInfo.appIdentifier(inPlistOf: path)
        case .project(let selection)?:
            found = try? builder(appIdentifier: BuildSettings.defaultAppIdentifier).resolve(selection).appIdentifier
        case nil: found = nil
        }
        state.withLock { $0.extensionApp = .some(found) }
        return found
    }

    // MARK: - Building

    /// The builder for an extension of the app `appIdentifier`.
    package func builder(appIdentifier: String) -> ExtensionBuilder {
        var builder = ExtensionBuilder(
            toolchain: toolchain, swiftVersion: configuration.swiftVersion, appIdentifier: appIdentifier,
            settings: configuration.settings, moduleFolders: configuration.moduleFolders,
            packages: configuration.packages)
        builder.sanitizer = configuration.sanitizer
        builder.coverage = configuration.coverage
        return builder
    }

    /// The extension, built for the app `appIdentifier` (or from the cache); once per app.
    package func prepare(appIdentifier: String? = nil) async throws(ExtensionError) -> BuiltExtension {
        let app = appIdentifier ?? self.appIdentifier()
        if let built = state.withLock({ $0.builds[Self.anyApp] ?? $0.builds[app] }) { return built }
        guard let input = configuration.extensionInput else {
            throw .notFound(path: "(none given: --extension DIR or --project PATH)")
        }
        let built = try await builder(appIdentifier: app).prepare(input)
        state.withLock { state in
            state.builds[app] = built
            state.buildCount += 1
        }
        return built
    }

    /// How many times this pipeline ran the builder: once per app its pushes belonged to
    /// (the local APNs reports it when it stops).
    package var buildCount: Int { state.withLock { $0.buildCount } }

    // MARK: - Pushes

    /// Takes `payloads` through the pipeline, in order: the gate; for each push iOS would
    /// hand to the extension, a fresh extension process (or one across them with
    /// `reuseProcess`); the attachment checks and the store; then, with `intoCenter`, the app's
    /// notification center at `date` (nil: the center's virtual clock if it has one, else now),
    /// the store following what the center replaced or removed.
    /// `appIdentifier` overrides ``appIdentifier(for:)`` (`show` delivers into the app of the
    /// content extension it draws with). With ``PipelineConfiguration/warmProcesses``, the
    /// next push's process is started while one runs; `moreComing` says that another push
    /// will follow this call (the local APNs, `deliver`'s next payload).
    package func deliver(
        _ payloads: [ParsedPayload], at date: Date? = nil, appIdentifier: String? = nil,
        moreComing: Bool = false
    ) async throws(ExtensionError) -> [NotificationRun] {
        guard !payloads.isEmpty else { return [] }
        let app = appIdentifier ?? self.appIdentifier(for: payloads)
        return enterCenter(try await runExtension(payloads, app: app, moreComing: moreComing), at: date, appIdentifier: app)
    }

    /// The first half of ``deliver(_:at:appIdentifier:moreComing:)`` for one push of the app
    /// `appIdentifier`: the gate, the extension process, the attachment checks and the store;
    /// nothing enters the center yet. The local APNs runs several pushes' extensions at once
    /// this way and hands each to ``enterCenter(_:at:appIdentifier:)`` in arrival order.
    package func runExtension(
        _ payload: ParsedPayload, appIdentifier: String,
        moreComing: Bool = false
    ) async throws(ExtensionError) -> NotificationRun {
        try await runExtension([payload], app: appIdentifier, moreComing: moreComing)[0]
    }

    /// The second half of ``deliver(_:at:appIdentifier:moreComing:)``: with `intoCenter`, `runs`
    /// enter the app's notification center in the order given, at `date` (nil: the center's
    /// virtual clock if it has one, else now), the store following what the center replaced
    /// or removed.
    package func enterCenter(_ runs: [NotificationRun], at date: Date? = nil, appIdentifier: String) -> [NotificationRun] {
        guard configuration.intoCenter, !runs.isEmpty else { return runs }
        var runs = runs
        let center = appCenter(appIdentifier)
        let moment = date ?? (try? center.center.clock()).map(Date.init(timeIntervalSince1970:)) ?? Date()
        for index in runs.indices {
            runs[index].deliver(into: center.center, at: moment)
            center.follow(runs[index].centerChanges.compactMap(CenterChange.init(jsonValue:)))
        }
        return runs
    }

    /// One push; see ``deliver(_:at:appIdentifier:moreComing:)``.
    package func deliver(
        _ payload: ParsedPayload, at date: Date? = nil, appIdentifier: String? = nil,
        moreComing: Bool = false
    ) async throws(ExtensionError) -> NotificationRun {
        try await deliver([payload], at: date, appIdentifier: appIdentifier, moreComing: moreComing)[0]
    }

    /// Starts now, in ``PipelineConfiguration/warmProcesses``, the extension process a push of
    /// `payloads`' app will take (replay starts the next case's, bench the next run's, while
    /// one runs); nothing without a pool, or when no push of `payloads` runs the extension.
    /// Without payloads: a push to `appIdentifier` is expected (the local APNs when it starts).
    package func prestart(for payloads: [ParsedPayload] = [], appIdentifier: String? = nil) async {
        guard configuration.warmProcesses != nil, hasExtension, payloads.isEmpty || payloads.contains(where: \.gate.invoked) else { return }
        let app = appIdentifier ?? self.appIdentifier(for: payloads)
        guard let runner = try? await runner(app: app), runner.built.point == .service else { return }
        runner.prestart()
    }

    /// The runner of the app's extension processes.
    private func runner(app: String) async throws(ExtensionError) -> ExtensionRunner {
        ExtensionRunner(
            built: try await prepare(appIdentifier: app), toolchain: toolchain,
            configuration: try runConfiguration(app: app),
            delivery: AttachmentDelivery(store: store(app), appBundle: configuration.appBundle),
            warm: configuration.warmProcesses)
    }

    /// The gate and the extension, up to the store.
    private func runExtension(_ payloads: [ParsedPayload], app: String, moreComing: Bool) async throws(ExtensionError) -> [NotificationRun]
    {
        // An app without a service extension: iOS delivers every push as it came.
        let invoked = hasExtension ? payloads.filter(\.gate.invoked) : []
        guard !invoked.isEmpty else {
            return payloads.map { NotificationRun(payload: $0, extensionResult: nil, built: nil) }
        }
        let runner = try await runner(app: app)
        return try await NotificationRun.run(
            payloads: payloads, runner: runner,
            inputName: configuration.extensionInput?.name ?? runner.built.library.path,
            reuseProcess: configuration.reuseProcess, moreComing: moreComing)
    }

    /// The limits and the extension process's environment for the app: its data, the strings
    /// file, the network's loss; the keychain seeded the first time.
    private func runConfiguration(app: String) throws(ExtensionError) -> RunConfiguration {
        let data = appData(app)
        try seedKeychain(data)
        try seedAppGroupFiles(data)
        var environment = data.environment
        if let strings = configuration.stringsFile { environment[NSESimEnvironment.strings.name] = strings.path }
        if let loss = configuration.networkLoss { environment[NSESimEnvironment.networkLoss.name] = loss }
        var limits = configuration.limits
        if let lockState = state.withLock({ $0.lockState }) { limits.lockState = lockState }
        limits.environment = environment.merging(limits.environment) { _, given in given }
        return limits
    }

    /// The phone's lock state for the pushes from now on (a center timeline's `lockState` step:
    /// the phone is locked or unlocked between two pushes).
    package func setLockState(_ lockState: LockState) {
        state.withLock { $0.lockState = lockState }
    }

    /// The phone's lock state the next push arrives in.
    package var lockState: LockState { state.withLock { $0.lockState } ?? configuration.limits.lockState }

    /// Puts the seed files into the app's groups, once per app.
    private func seedAppGroupFiles(_ data: AppData) throws(ExtensionError) {
        guard !configuration.appGroupFiles.isEmpty,
            state.withLock({ $0.seededFiles.insert(data.bundleIdentifier).inserted })
        else { return }
        for file in configuration.appGroupFiles {
            do {
                try file.seed(into: data)
            } catch {
                throw .environment(error.description)
            }
        }
    }

    /// Puts the seed's items into the app's keychain, once per app.
    private func seedKeychain(_ data: AppData) throws(ExtensionError) {
        guard let seed = configuration.keychainSeed,
            state.withLock({ $0.seeded.insert(data.bundleIdentifier).inserted })
        else { return }
        do {
            try seed.seed(data.keychain)
        } catch {
            throw .environment("the app's keychain (\(data.keychain.file.path)) cannot be written: \(error)")
        }
    }
}
