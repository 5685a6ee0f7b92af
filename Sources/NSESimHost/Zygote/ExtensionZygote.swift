import Foundation
import NSESimZygote
import Synchronization

/// One extension zygote (`nsesim-extension-host --zygote PARENT PADDING LIBRARY...`, Zygote.c): the host with its
/// libraries loaded once (and no extension's), which forks each new extension process on
/// request; the process then loads its extension as a spawned host does.
/// nsesim's child, in a session of its own; it ends when its control socket closes
/// (``end()``, nsesim's exit, or nsesim killed).
final class ExtensionZygote: Sendable {
    /// The zygote's process id.
    let pid: pid_t
    /// The control socket (-1 once ended); requests are one at a time.
    private let control: Mutex<Int32>

    /// Why a fork request got no process.
    enum ForkFailure: Error {
        /// The zygote was ended on purpose (the command's end): ask a new one.
        case ended
        /// The zygote is gone or refused (why): spawn instead.
        case failed(String)
    }

    private init(pid: pid_t, control: Int32) {
        self.pid = pid
        self.control = Mutex(control)
    }

    /// Starts a zygote of `host` in `environment` (nsesim's, with the file-protection
    /// interposer preloaded: what every process of it loads), with `libraries` (paths: what
    /// every extension it serves links) loaded.
    static func start(host: String, environment: [String: String], libraries: [String]) -> Result<ExtensionZygote, ForkFailure> {
        let entries = environment.map { "\($0.key)=\($0.value)" }
        var pointers: [UnsafeMutablePointer<CChar>?] = entries.map { strdup($0) }
        pointers.append(nil)
        var libraryPointers: [UnsafeMutablePointer<CChar>?] = libraries.map { strdup($0) }
        libraryPointers.append(nil)
        defer {
            pointers.forEach { free($0) }
            libraryPointers.forEach { free($0) }
        }
        var control: Int32 = -1
        let pid = nsesim_zygote_start(host, pointers, libraryPointers, &control)
        guard pid > 0 else {
            return .failure(.failed("cannot start the extension's zygote \(host): \(String(cString: strerror(-pid)))"))
        }
        return .success(ExtensionZygote(pid: pid, control: control))
    }

    /// A new process of the extension `library` (its command line `host library`): `fds` its standard input, output and error
    /// (nsesim closes its copies after), `directory` its working directory, `environment` all
    /// of its environment. Returns its pid: nsesim's child, in a session of its own.
    func fork(
        host: String, library: String, fds: [Int32], directory: String,
        environment: [String: String]
    ) -> Result<pid_t, ForkFailure> {
        var block = [UInt8](host.utf8)
        block.append(0)
        block.append(contentsOf: library.utf8)
        block.append(0)
        block.append(contentsOf: directory.utf8)
        block.append(0)
        for (key, value) in environment {
            block.append(contentsOf: key.utf8)
            block.append(UInt8(ascii: "="))
            block.append(contentsOf: value.utf8)
            block.append(0)
        }
        return control.withLock { control in
            guard control >= 0 else { return .failure(.ended) }
            let pid = block.withUnsafeBufferPointer { bytes in
                bytes.withMemoryRebound(to: CChar.self) { nsesim_zygote_fork(control, fds, $0.baseAddress, $0.count) }
            }
            guard pid > 0 else {
                let reason =
                    pid == -EPIPE || pid == -ECONNRESET || pid == 0
                    ? "the extension's zygote (pid \(self.pid)) is gone"
                    : "the extension's zygote (pid \(self.pid)) could not fork: \(String(cString: strerror(-pid)))"
                Self.stop(pid: self.pid, control: &control)
                return .failure(.failed(reason))
            }
            return .success(pid)
        }
    }

    /// Whether the zygote still serves.
    var isRunning: Bool { control.withLock { $0 >= 0 } }

    /// Ends the zygote: its socket closed (it exits then), killed, reaped.
    func end() {
        control.withLock { Self.stop(pid: pid, control: &$0) }
    }

    private static func stop(pid: pid_t, control: inout Int32) {
        guard control >= 0 else { return }
        close(control)
        control = -1
        _ = kill(pid, SIGKILL)
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
    }
}
