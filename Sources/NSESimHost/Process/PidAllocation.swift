import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// Where the kernel's process ids stand (its id counter and how many processes and threads it
/// has made): what tells whether every process started after an extension process has a
/// larger id than it, so that the scan for what the extension left behind can skip the
/// /proc entries of every older process (reading every process's stat at the end
/// of each notification was 7 % of the local APNs' CPU).
///
/// Linux hands out ids upwards from the last one and, past `pid_max`, starts again at 300.
/// So once the host had its id, a process with a smaller id can only exist after the counter
/// went round, which takes at least `pid_max - 300` new ids: if the counter stands above the
/// host at both readings and fewer than half that many processes and threads were made
/// between them, it did not go round.
struct PidAllocation: Sendable, Equatable {
    /// Processes and threads made since boot (`processes` in /proc/stat).
    let made: UInt64
    /// The last id handed out in nsesim's namespace (/proc/sys/kernel/ns_last_pid).
    let last: pid_t
    /// The largest id (/proc/sys/kernel/pid_max).
    let largest: pid_t

    /// Now; nil when /proc does not say (then every scan reads every process).
    static func now() -> PidAllocation? {
        guard let stat = ProcFile.read("/proc/stat", limit: 1 << 20),
            let last = number(ProcFile.read("/proc/sys/kernel/ns_last_pid", limit: 32)),
            let largest = number(ProcFile.read("/proc/sys/kernel/pid_max", limit: 32))
        else { return nil }
        // "processes N" is a line of its own.
        guard let field = ProcFile.line(after: Array("processes ".utf8), in: stat),
            let made = UInt64(String(decoding: field, as: UTF8.self))
        else { return nil }
        return PidAllocation(made: made, last: pid_t(last), largest: pid_t(largest))
    }

    /// Whether every process started since `earlier` has an id above `host` (a process that
    /// already existed at `earlier`, with `earlier.last` at or above it).
    func idsAbove(_ host: pid_t, since earlier: PidAllocation) -> Bool {
        guard earlier.last >= host, last >= host, made >= earlier.made, largest == earlier.largest else { return false }
        return made - earlier.made < UInt64(max(0, Int64(largest) - 300)) / 2
    }

    private static func number(_ bytes: [UInt8]?) -> Int64? {
        bytes.flatMap { Int64(String(decoding: $0, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)) }
    }
}
