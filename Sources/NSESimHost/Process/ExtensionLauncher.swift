import Foundation
import NSESimBuild
import NSESimStore
import Subprocess
import SystemPackage

/// Starts every extension process, whatever its extension point (the service extension's
/// lifecycle, the content extension's session): the one place that makes the container,
/// merges the environment, chooses the host executable, and spawns it in a session of its own
/// (so a SIGKILL to its process group reaches every child), with the protocol on its
/// standard input and output; as swift-subprocess routes every `run` overload through one
/// `Configuration.run`.
package struct ExtensionLauncher: Sendable {
    /// The extension to load.
    package let built: BuiltExtension
    /// nsesim's products (the host executable when the bundle has none).
    package let toolchain: ExtensionToolchain
    /// The environment the process gets on top of the container's (the app's data, limits).
    package let environment: [String: String]

    package init(built: BuiltExtension, toolchain: ExtensionToolchain, environment: [String: String]) {
        self.built = built
        self.toolchain = toolchain
        self.environment = environment
    }

    /// Why the process could not be run: the message for the report.
    package struct Failure: Error, Sendable {
        package let message: String
    }

    /// The executable that loads the extension: the bundle's link to it, else nsesim's.
    package var host: URL { built.bundleDirectory?.appendingPathComponent("nsesim-extension-host") ?? toolchain.hostExecutable }

    /// Makes a container, runs `body` with it, and removes it (after `body` returned, so the
    /// caller can still take attachments out of it).
    package func withContainer<Result>(_ body: (ExtensionContainer) async throws(Failure) -> Result) async throws(Failure) -> Result {
        let container: ExtensionContainer
        do {
            container = try ExtensionContainer.create()
        } catch {
            throw Failure(message: "cannot create the extension's container: \(error.localizedDescription)")
        }
        defer {
            container.recycleWithLog()
        }
        return try await body(container)
    }

    /// Spawns the extension process in `container` and hands it to `drive` until `drive`
    /// returns; then waits for the process's end and returns how it ended. (A service
    /// extension's process starts through ``start()``, which spawns it here too.)
    package func run(
        in container: ExtensionContainer,
        drive: (ExtensionProcess) async throws -> Void
    ) async throws(Failure) -> TerminationStatus {
        try await spawn(in: container, body: drive)
    }

    /// Makes a container and spawns the process in it at once, reading its output from the
    /// first byte; the process is handed to a notification's lifecycle later (a warm
    /// process, started before its notification came) or at once (a cold one).
    package func start() throws(Failure) -> WarmSlot {
        let container: ExtensionContainer
        do {
            container = try ExtensionContainer.create()
        } catch {
            throw Failure(message: "cannot create the extension's container: \(error.localizedDescription)")
        }
        return WarmSlot(launcher: self, container: container)
    }

    /// The one place an extension process is started: in a session and process group of its
    /// own, in `container`, with the merged environment; `body` has it until it returns.
    /// Forked from the extension's zygote (``ExtensionZygote``) when there is one or one can
    /// be started; else, or when the zygote fails, spawned (the process says why in
    /// ``ExtensionProcess/startNote``).
    func spawn(
        in container: ExtensionContainer,
        body: (ExtensionProcess) async throws -> Void
    ) async throws(Failure) -> TerminationStatus {
        // A write to an extension that just died must fail with EPIPE, not kill nsesim.
        signal(SIGPIPE, SIG_IGN)
        // The Swift runtime's crash report as one JSON line on standard error (SwiftBacktrace).
        var merged = ["SWIFT_BACKTRACE": SwiftBacktrace.environmentValue]
            .merging(container.environment, uniquingKeysWith: { $1 })
            .merging(environment, uniquingKeysWith: { $1 })
            .merging(fileProtectionEnvironment(container: container), uniquingKeysWith: { $1 })
        // A sanitizer's runtime first of all (docs/sanitizers.md).
        merged.merge(
            sanitizerEnvironment(container: container, preload: merged["LD_PRELOAD"] ?? InheritedEnvironment.variables["LD_PRELOAD"]),
            uniquingKeysWith: { $1 })
        var note: String?
        switch fork(in: container, environment: merged) {
        case .forked(let process): return try await run(process, body: body)
        case .spawn(let reason): note = reason
        }
        var variables: [Environment.Key: String?] = [:]
        for (key, value) in merged {
            variables[Environment.Key(rawValue: key)!] = value
        }
        var options = PlatformOptions()
        options.createSession = true  // its own session and process group: SIGKILL reaches all its children
        do {
            let outcome = try await Subprocess.run(
                .path(FilePath(host.path)), arguments: [built.library.path],
                environment: .inherit.updating(variables), workingDirectory: FilePath(container.rootPath),
                platformOptions: options, input: .inputWriter, output: .sequence, error: .sequence
            ) { execution in
                try await body(ExtensionProcess(backend: .spawned(execution), startNote: note))
            }
            return outcome.terminationStatus
        } catch {
            throw Failure(message: "cannot start \(host.path): \(error)")
        }
    }
}
