import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// One reading of Linux's process table: for every process in /proc, its parent, its
/// session, its state and when it started. Used to find everything an extension process
/// started (``ExtensionProcessFamily``).
struct ProcessTable {
    /// One process, from /proc/PID/stat.
    struct Entry: Equatable {
        let pid: pid_t
        let parent: pid_t
        let session: pid_t
        /// The state letter: R, S, D, T, Z (zombie), X (dead), ...
        let state: Character
        /// When it started, in clock ticks since boot (field 22, `starttime`).
        let startTicks: UInt64

        /// Not a zombie and not dead: something a signal can still reach.
        var isAlive: Bool { state != "Z" && state != "X" }
    }

    let entries: [pid_t: Entry]

    /// Reads every process's /proc/PID/stat (processes that end meanwhile are left out); with
    /// `above`, only those whose id is larger (see ``PidAllocation``).
    static func read(above floor: pid_t = 0) -> ProcessTable {
        var entries: [pid_t: Entry] = [:]
        #if os(Linux)
        guard let directory = opendir("/proc") else { return ProcessTable(entries: [:]) }
        defer { closedir(directory) }
        var buffer = [UInt8](repeating: 0, count: 1024)
        while let item = readdir(directory) {
            // Only the numeric names are processes.
            let pid = withUnsafeBytes(of: item.pointee.d_name) { name -> pid_t? in
                var value: pid_t = 0
                for byte in name {
                    if byte == 0 { break }
                    guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9"), value < pid_t.max / 10 else { return nil }
                    value = value * 10 + pid_t(byte - UInt8(ascii: "0"))
                }
                return value > 0 ? value : nil
            }
            guard let pid, pid > floor, let entry = entry(pid, buffer: &buffer) else { continue }
            entries[pid] = entry
        }
        #endif
        return ProcessTable(entries: entries)
    }

    /// One process's entry; nil when it is gone (or /proc cannot be read).
    static func entry(_ pid: pid_t) -> Entry? {
        var buffer = [UInt8](repeating: 0, count: 1024)
        return entry(pid, buffer: &buffer)
    }

    private static func entry(_ pid: pid_t, buffer: inout [UInt8]) -> Entry? {
        let descriptor = open("/proc/\(pid)/stat", O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        let count = buffer.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
        close(descriptor)
        guard count > 0 else { return nil }
        return buffer.withUnsafeBufferPointer { parse($0.prefix(count), pid: pid) }
    }

    /// Parses "PID (COMMAND) STATE PPID PGRP SESSION ... STARTTIME ...": the command may hold
    /// spaces and ')', so the fields are counted from the last ')'.
    static func parse(_ text: Slice<UnsafeBufferPointer<UInt8>>, pid: pid_t) -> Entry? {
        guard let close = text.lastIndex(of: UInt8(ascii: ")")) else { return nil }
        var field = 0  // 0: state, 1: ppid, 2: pgrp, 3: session, ..., 19: starttime
        var value: UInt64 = 0
        var state: UInt8 = 0
        var parent: pid_t = 0
        var session: pid_t = 0
        var index = text.index(close, offsetBy: 2, limitedBy: text.endIndex) ?? text.endIndex
        while index < text.endIndex {
            let byte = text[index]
            if byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\n") {
                switch field {
                case 1: parent = pid_t(truncatingIfNeeded: value)
                case 3: session = pid_t(truncatingIfNeeded: value)
                case 19:
                    return Entry(
                        pid: pid, parent: parent, session: session, state: Character(Unicode.Scalar(state)),
                        startTicks: value)
                default: break
                }
                field += 1
                value = 0
            } else if field == 0 {
                state = byte
            } else if byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") {
                value = value &* 10 &+ UInt64(byte - UInt8(ascii: "0"))
            }
            index += 1
        }
        return nil
    }

    /// Whether the live process `pid` has children, from /proc/PID/task/TID/children (one
    /// small file per thread, far cheaper than reading the whole table). True when the
    /// kernel does not offer those files: then only the table can tell.
    static func hasChildren(_ pid: pid_t) -> Bool {
        guard let threads = try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task") else { return true }
        for thread in threads {
            guard let children = ProcFile.read("/proc/\(pid)/task/\(thread)/children", limit: 64) else {
                if ProcFile.read("/proc/\(pid)/task/\(thread)/stat", limit: 16) == nil { continue }  // the thread ended
                return true
            }
            if children.contains(where: { $0 != UInt8(ascii: " ") && $0 != UInt8(ascii: "\n") }) { return true }
        }
        return false
    }

    /// The processes whose chain of parents leads to `ancestor` (not `ancestor` itself).
    func descendants(of ancestor: pid_t) -> [pid_t] {
        var children: [pid_t: [pid_t]] = [:]
        for entry in entries.values where entry.pid != entry.parent {
            children[entry.parent, default: []].append(entry.pid)
        }
        var found: [pid_t] = []
        var queue = children[ancestor] ?? []
        var seen: Set<pid_t> = [ancestor]
        while let pid = queue.popLast() {
            guard seen.insert(pid).inserted else { continue }
            found.append(pid)
            queue += children[pid] ?? []
        }
        return found
    }
}
