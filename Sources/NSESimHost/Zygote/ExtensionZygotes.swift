import Foundation
import NSESimRuntime
import Synchronization

/// The extension zygotes of this nsesim process, one per host executable file and preloaded
/// libraries (what is loaded before a process's environment is its own); the extension's
/// library, the host's path (each bundle has a hard link of its own to the one host) and the
/// environment are each process's own, so they are not part of the key: one zygote serves a
/// whole replay tree. They end when the process exits (an `atexit` handler; a
/// killed nsesim's sockets close, and they exit) or on ``endAll()``.
package final class ExtensionZygotes: Sendable {
    /// What a zygote is started for.
    struct Key: Hashable, Sendable {
        /// The host executable's file (device and inode), or its path when it cannot be read.
        let host: String
        /// LD_PRELOAD.
        let preload: String
        /// The libraries the zygote loads (every extension of the launch links them).
        let libraries: [String]

        /// The key of `hostPath` with `preload` and `libraries`.
        init(hostPath: String, preload: String, libraries: [String]) {
            var info = stat()
            host = stat(hostPath, &info) == 0 ? "\(info.st_dev):\(info.st_ino)" : hostPath
            self.preload = preload
            self.libraries = libraries
        }
    }

    /// The zygotes of this process.
    package static let shared = ExtensionZygotes()

    private struct State: Sendable {
        var zygotes: [Key: ExtensionZygote] = [:]
        var exitHandlerInstalled = false
        var failures: [Key: Int] = [:]
    }

    /// After this many failed zygotes of one launch, its processes are spawned.
    static let failureLimit = 3

    private let state = Mutex(State())

    /// Whether a launch's processes are forked from a zygote: yes, unless `NSESIM_ZYGOTE=0` is in
    /// its environment or nsesim's (then every process is spawned from scratch, as before
    /// the zygote existed; docs/ARCHITECTURE.md#the-extension-zygote).
    package static func isEnabled(_ environment: [String: String]) -> Bool {
        (NSESimEnvironment.zygote.value(in: environment) ?? NSESimEnvironment.zygote.value()) != "0"
    }

    /// The running zygote for `key`, started now (from `hostPath`, in `environment`) when there is none.
    func zygote(
        for key: Key, hostPath: String,
        environment: @autoclosure () -> [String: String]
    ) -> Result<ExtensionZygote, ExtensionZygote.ForkFailure> {
        if let running = state.withLock({ $0.zygotes[key] }), running.isRunning { return .success(running) }
        let started = ExtensionZygote.start(host: hostPath, environment: environment(), libraries: key.libraries)
        guard case .success(let zygote) = started else { return started }
        let (kept, spare) = state.withLock { state -> (ExtensionZygote, ExtensionZygote?) in
            if !state.exitHandlerInstalled {
                state.exitHandlerInstalled = true
                atexit { ExtensionZygotes.shared.endAll() }
            }
            // Another task started one meanwhile: keep the first.
            if let running = state.zygotes[key], running.isRunning { return (running, zygote) }
            state.zygotes[key] = zygote
            return (zygote, nil)
        }
        spare?.end()
        return .success(kept)
    }

    /// Records that `key`'s zygote failed (why); returns the note for the report of the
    /// process spawned instead.
    func failed(_ key: Key, _ reason: String) -> String {
        let count = state.withLock { state in
            state.failures[key, default: 0] += 1
            if let zygote = state.zygotes[key], !zygote.isRunning { state.zygotes[key] = nil }
            return state.failures[key, default: 0]
        }
        let then =
            count >= Self.failureLimit
            ? "; it failed \(count) times, so this extension's processes are spawned from now on"
            : "; the next process starts a new one"
        return "\(reason): the extension process was spawned instead\(then)"
    }

    /// Why `key`'s processes are spawned, when its zygotes failed too often.
    func disabledReason(for key: Key) -> String? {
        let count = state.withLock { $0.failures[key, default: 0] }
        return count >= Self.failureLimit ? "the extension's zygote failed \(count) times: its processes are spawned" : nil
    }

    /// Ends every zygote (each exits, is reaped); the next process of a library starts a new one.
    package func endAll() {
        let zygotes = state.withLock { state in
            defer { state.zygotes = [:] }
            return Array(state.zygotes.values)
        }
        zygotes.forEach { $0.end() }
    }

    /// The pid of `key`'s zygote, while it runs.
    func processIdentifier(for key: Key) -> pid_t? {
        state.withLock { $0.zygotes[key] }.flatMap { $0.isRunning ? $0.pid : nil }
    }

    /// The zygotes' pids (for tests).
    package var processIdentifiers: [pid_t] {
        state.withLock { $0.zygotes.values.filter(\.isRunning).map(\.pid) }
    }
}
