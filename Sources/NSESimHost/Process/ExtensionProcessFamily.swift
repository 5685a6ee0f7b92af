import Foundation
import NSESimStore
import Subprocess

#if canImport(Glibc)
import Glibc
#endif

/// Everything an extension process started, and how it all ends: nothing of an extension
/// outlives its notification. Three ways find what the host (the extension process)
/// started, however it tried to get away:
///
/// - its **session**: the host runs in a session of its own (`PlatformOptions.createSession`),
///   also a process group of its own; a child that moved to another process group (as
///   Foundation's `Process` does to every child) is still in the session;
/// - its **descendants**: the host makes itself a child subreaper before it loads the
///   extension, so while it lives, an orphan (a double fork, a `setsid` daemon) is handed
///   to the host, not to init, and stays in the host's tree;
/// - its **inheritance**: once the host has ended on its own (a crash, an exit), what it
///   left behind outside its session is found by what it inherited: the container in its
///   environment (`NSESIM_CONTAINER`) or a working folder inside the container; only
///   processes started after the host are looked at.
///
/// Out of reach: a process that left the session, emptied its environment and left the
/// container, when the host had already ended on its own. On Linux only a cgroup or a PID
/// namespace can hold such a process, and both need privileges nsesim does not assume.
struct ExtensionProcessFamily: Sendable {
    /// The extension process.
    let host: pid_t
    /// When the host started (clock ticks since boot): nothing older is one of its own.
    private let hostStart: UInt64
    /// The container's real path.
    private let containerPath: String
    /// The environment entry every process of the extension inherits.
    private let environmentEntry: [UInt8]

    /// The kernel's id counter when the family was made (nil: /proc does not say).
    private let allocation: PidAllocation?

    /// The family of `host`, just started with `container`.
    init(host: pid_t, container: ExtensionContainer) {
        self.host = host
        hostStart = ProcessTable.entry(host)?.startTicks ?? 0
        allocation = PidAllocation.now()
        let root = container.rootPath
        containerPath = root.withCString { path in
            guard let resolved = realpath(path, nil) else { return root }
            defer { free(resolved) }
            return String(cString: resolved)
        }
        environmentEntry = Array("\(ExtensionContainer.environmentMarker)=\(root)".utf8)
    }

    /// SIGKILL to everything the host started, the host itself left alone: it has said it
    /// is done and is about to exit on its own.
    func killDescendants() {
        // The host is a subreaper that lives: whatever it started is below it.
        guard ProcessTable.hasChildren(host) else { return }
        killOthers()
    }

    /// SIGKILL to the host and everything it started. The host is stopped first, so that
    /// it starts nothing new; then everything it started is killed, in rounds until none
    /// is left (while the host still holds its orphans), then the host and its group.
    func killAll(_ execution: ExtensionProcess) {
        execution.send(SIGSTOP)
        // A live host without children has started nothing that still runs (it is their
        // subreaper); a host that has ended has left its family to be found in the table.
        if ProcessTable.entry(host)?.isAlive != true || ProcessTable.hasChildren(host) {
            killOthers()
        }
        execution.send(SIGKILL, toProcessGroup: true)
        execution.send(SIGKILL)
    }

    /// Kills every live process of the family but the host, in rounds, until none is left
    /// (each round may find children that the last one's processes started meanwhile).
    private func killOthers() {
        #if os(Linux)
        for round in 0..<50 {
            // Everything of the family started after the host: when the id counter has not
            // gone round since, only the larger ids need reading.
            let above = allocation.flatMap { earlier in PidAllocation.now()?.idsAbove(host, since: earlier) } == true
            let table = ProcessTable.read(above: above ? host : 0)
            let others = members(in: table)
            if others.isEmpty { return }
            if round > 0 { usleep(2_000) }  // killed processes take a moment to leave /proc
            for pid in others { _ = kill(pid, SIGKILL) }
        }
        #endif
    }

    /// The live processes of the family other than the host (and other than nsesim).
    func members(in table: ProcessTable) -> Set<pid_t> {
        let own = getpid()
        var found = Set(table.descendants(of: host))
        for entry in table.entries.values where entry.pid != host && entry.pid != own {
            if entry.session == host {
                found.insert(entry.pid)
            } else if entry.startTicks >= hostStart, entry.isAlive, !found.contains(entry.pid),
                // nsesim's own children (every extension process, spawned or cloned by the
                // zygote as nsesim's, and the zygotes) need no closer look: nsesim is no
                // subreaper, so an orphan of the family never becomes its child.
                entry.parent != own, inherited(entry.pid)
            {
                found.insert(entry.pid)
            }
        }
        return found.filter { pid in pid != own && pid != host && table.entries[pid]?.isAlive == true }
    }

    /// Whether `pid` carries the container in its environment or works inside it.
    private func inherited(_ pid: pid_t) -> Bool {
        if let folder = ProcFile.link("/proc/\(pid)/cwd"),
            folder == containerPath || folder.hasPrefix(containerPath + "/")
        {
            return true
        }
        guard let environment = ProcFile.read("/proc/\(pid)/environ", limit: 1 << 20) else { return false }
        return ProcFile.hasField(environmentEntry, in: environment, separator: 0)
    }
}
