import Foundation
import Subprocess
#if canImport(Glibc)
import Glibc
#endif

/// Killing everything an extension process started. The host runs in a session of its own
/// (`PlatformOptions.createSession`), which is also a process group of its own. SIGKILL to
/// the group is not enough: a child that moved to a process group of its own (Foundation's
/// `Process` does that to every child it starts) escapes it, but not the session, which no
/// process leaves without calling setsid itself.
enum ProcessSessionKiller {
    /// SIGKILL to the host's process group, then to every process left in its session.
    static func killAll<Input, Output, Error>(_ execution: Execution<Input, Output, Error>) {
        try? execution.send(signal: .kill, toProcessGroup: true)
        #if os(Linux)
        // The session's id is the host's pid; Linux keeps a pid from being reused while a
        // process still belongs to the session it names.
        let session = execution.processIdentifier.value
        for round in 0..<50 {
            let members = members(of: session)
            if members.isEmpty { return }
            if round > 0 { usleep(2_000) }  // killed processes take a moment to leave /proc
            for pid in members { _ = Glibc.kill(pid, SIGKILL) }
        }
        #endif
    }

    #if os(Linux)
    /// The live processes (not zombies) whose session is `session`, from /proc/PID/stat.
    static func members(of session: pid_t) -> [pid_t] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return names.compactMap { name -> pid_t? in
            guard let pid = pid_t(name), let fields = statFields(pid), fields.count > 3,
                  fields[0] != "Z", fields[0] != "X", pid_t(fields[3]) == session else { return nil }
            return pid
        }
    }

    /// The fields of /proc/PID/stat after the command name: state, ppid, pgrp, session, ...
    private static func statFields(_ pid: pid_t) -> [Substring]? {
        let descriptor = open("/proc/\(pid)/stat", O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var buffer = [UInt8](repeating: 0, count: 1024)
        let count = buffer.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
        guard count > 0 else { return nil }
        let text = String(decoding: buffer.prefix(count), as: UTF8.self)
        guard let close = text.lastIndex(of: ")") else { return nil }
        return text[text.index(after: close)...].split(separator: " ")
    }
    #endif
}
