import Foundation
import NSESimBuild
import NSESimStore
import NSESimZygote
import Subprocess
import Synchronization

extension ExtensionLauncher {
    /// What came of asking the zygote for a process.
    enum ForkOutcome {
        case forked(ForkedExtensionProcess)
        /// Spawn it instead; why, when the zygote failed (nil: no zygote is used for it).
        case spawn(String?)
    }

    /// The zygote's key: what every process of it loads before its environment is its own.
    private func zygoteKey(preload: String) -> ExtensionZygotes.Key {
        ExtensionZygotes.Key(hostPath: host.path, preload: preload, libraries: zygoteLibraries)
    }

    /// nsesim's libraries that every extension links (FrameworkTable's rows linked always, and
    /// what they link), among the products the extension was built against, and Swift's
    /// `libswiftSwiftOnoneSupport.so`, which every extension build links: the zygote
    /// loads them once, as iOS's shared cache holds the system frameworks. What only some
    /// extensions import (UIKit, CoreData, an SDK) is loaded by each process that links it.
    private var zygoteLibraries: [String] {
        let products = toolchain.productsDirectory.path
        let key = products + "\u{0}" + toolchain.swiftc.path
        if let known = Self.zygoteLibraryLists.withLock({ $0[key] }) { return known }
        // And the Swift library every extension build links (nsesim builds them -Onone, as
        // Xcode's Debug configuration does), from the toolchain that builds them.
        let swiftLibraries = toolchain.swiftc.resolvingSymlinksInPath().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("lib/swift/linux").path
        let libraries =
            (FrameworkTable.all.filter { $0.linking == .always }
            .flatMap { [$0.library] + $0.alsoLinks }
            .map { products + "/lib\($0).so" } + [swiftLibraries + "/libswiftSwiftOnoneSupport.so"])
            .filter { FileManager.default.fileExists(atPath: $0) }
        Self.zygoteLibraryLists.withLock { $0[key] = libraries }
        return libraries
    }

    /// ``zygoteLibraries`` by products folder and compiler: looked for once, not at every fork.
    private static let zygoteLibraryLists = Mutex<[String: [String]]>([:])

    /// A process forked by the zygote of this launch (started at the first), with `environment`
    /// on top of nsesim's, in `container`.
    func fork(in container: ExtensionContainer, environment merged: [String: String]) -> ForkOutcome {
        guard ExtensionZygotes.isEnabled(environment) else { return .spawn(nil) }
        // A sanitizer's runtime does not survive a fork from an uninstrumented zygote: spawned.
        guard built.sanitizer == nil else { return .spawn(nil) }
        // What the dynamic loader reads at the start only: such a launch gets its own exec.
        if environment.keys.contains(where: { ($0.hasPrefix("LD_") && $0 != "LD_PRELOAD") || $0 == "GLIBC_TUNABLES" }) {
            return .spawn(nil)
        }
        let inherited = InheritedEnvironment.variables
        let preload = merged["LD_PRELOAD"] ?? inherited["LD_PRELOAD"] ?? ""
        let key = zygoteKey(preload: preload)
        let zygotes = ExtensionZygotes.shared
        if let reason = zygotes.disabledReason(for: key) { return .spawn(reason) }
        let childEnvironment = inherited.merging(merged, uniquingKeysWith: { $1 })
        for _ in 0..<2 {
            var zygoteEnvironment = inherited
            // The runtime reads SWIFT_BACKTRACE once, when it loads: in the zygote, for all its children.
            zygoteEnvironment["SWIFT_BACKTRACE"] = merged["SWIFT_BACKTRACE"] ?? SwiftBacktrace.environmentValue
            if !preload.isEmpty { zygoteEnvironment["LD_PRELOAD"] = preload }
            let zygote: ExtensionZygote
            switch zygotes.zygote(for: key, hostPath: host.path, environment: zygoteEnvironment) {
            case .success(let running): zygote = running
            case .failure(.ended): continue
            case .failure(.failed(let reason)): return .spawn(zygotes.failed(key, reason))
            }
            var pipes: [[Int32]] = []
            for _ in 0..<3 {
                var pair: [Int32] = [-1, -1]
                guard nsesim_pipe_cloexec(&pair) == 0 else {
                    pipes.joined().forEach { close($0) }
                    return .spawn("cannot make the extension process's pipes: \(String(cString: strerror(errno)))")
                }
                pipes.append(pair)
            }
            // The child's ends: input's read end, output's and error's write ends.
            let theirs = [pipes[0][0], pipes[1][1], pipes[2][1]]
            let outcome = zygote.fork(
                host: host.path, library: built.library.path, fds: theirs, directory: container.rootPath, environment: childEnvironment)
            theirs.forEach { close($0) }
            switch outcome {
            case .success(let pid):
                let pidfd = nsesim_pidfd_open(pid)
                guard pidfd >= 0 else {
                    // Not expected (its pid is nsesim's unreaped child): end it, spawn instead.
                    _ = kill(0 - pid, SIGKILL)
                    _ = kill(pid, SIGKILL)
                    var status: Int32 = 0
                    _ = waitpid(pid, &status, 0)
                    [pipes[0][1], pipes[1][0], pipes[2][0]].forEach { close($0) }
                    return .spawn("cannot watch the forked extension process: \(String(cString: strerror(-pidfd)))")
                }
                return .forked(
                    ForkedExtensionProcess(
                        pid: pid, pidfd: pidfd, input: pipes[0][1], output: pipes[1][0],
                        error: pipes[2][0]))
            case .failure(let failure):
                [pipes[0][1], pipes[1][0], pipes[2][0]].forEach { close($0) }
                switch failure {
                case .ended: continue
                case .failed(let reason): return .spawn(zygotes.failed(key, reason))
                }
            }
        }
        return .spawn("the extension's zygote kept ending")
    }

    /// Runs a forked process as ``spawn(in:body:)`` runs a spawned one: `body` has it until it
    /// returns, then its end is waited for.
    func run(
        _ forked: ForkedExtensionProcess,
        body: (ExtensionProcess) async throws -> Void
    ) async throws(Failure) -> TerminationStatus {
        let process = ExtensionProcess(backend: .forked(forked))
        do {
            try await body(process)
        } catch {
            process.send(SIGKILL, toProcessGroup: true)
            process.send(SIGKILL)
            _ = await forked.waitForExit()
            throw Failure(message: "the extension process \(forked.pid) failed: \(error)")
        }
        return await forked.waitForExit()
    }
}

extension ExtensionLauncher {
    /// The pid of the zygote this launcher's processes are forked from, while one runs.
    package var zygoteProcessIdentifier: pid_t? {
        let inherited = InheritedEnvironment.variables
        let preload = fileProtectionPreload ?? environment["LD_PRELOAD"] ?? inherited["LD_PRELOAD"] ?? ""
        return ExtensionZygotes.shared.processIdentifier(for: zygoteKey(preload: preload))
    }
}
