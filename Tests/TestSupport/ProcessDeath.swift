import Foundation

/// Whether a child has died, read from `/proc/PID/stat` (gone, or a zombie not yet reaped),
/// without waiting for whoever reaps it: a wait that needs no dispatch thread.
public enum ProcessDeath {
    /// True when process `pid` has ended (a zombie counts: it runs no more and holds no socket).
    public static func hasEnded(_ pid: pid_t) -> Bool {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
            let close = stat.lastIndex(of: ")")
        else { return true }
        let state = stat[stat.index(after: close)...].drop { $0 == " " }.first
        return state == "Z" || state == "X"
    }

    /// Waits (polling every 5 ms) until process `pid` has ended, at most `limit`; true when it has.
    @discardableResult
    public static func wait(for pid: pid_t, limit: Duration) -> Bool {
        let deadline = ContinuousClock.now + limit
        while ContinuousClock.now < deadline {
            if hasEnded(pid) { return true }
            usleep(5_000)
        }
        return hasEnded(pid)
    }
}
