import Foundation
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// Containers that came back exactly as they were made, kept for the next notification under
/// a new name: one `rename`, where making one is six `mkdir` and removing it six `rmdir`,
/// each a journaled inode change on ext4 (a fifth of nsesim's own CPU in a replay of
/// text-only cases). A kept container holds nothing of the extension that had it: its folders
/// are there, empty, with their mode, or it is not kept. At most ``capacity`` are kept; those
/// left when nsesim exits are removed (an `atexit` handler).
final class ContainerRecycler: Sendable {
    /// The recycler of this process.
    static let shared = ContainerRecycler()

    /// How many emptied containers are kept at most (a replay at `--jobs 2` hands back about
    /// two at a time).
    static let capacity = 4

    private struct State: Sendable {
        /// Kept containers' roots, by the folder they are in.
        var kept: [String: [String]] = [:]
        var exitHandlerInstalled = false
    }

    private let state = Mutex(State())

    /// A kept container in `base` (its root), no longer kept; nil when none is.
    func take(base: String) -> String? {
        while let kept = state.withLock({ $0.kept[base]?.popLast() }) {
            if access(kept, F_OK) == 0 { return kept }
            // Gone meanwhile (something cleaned the temporary folder): the next.
            ExtensionContainer(rootPath: kept).remove()
        }
        return nil
    }

    /// Keeps `container` for a later notification when it is as it was made and there is
    /// room, renamed at once (the name it had is gone, as a removed container's); false: the
    /// caller removes it.
    func keep(_ container: ExtensionContainer, base: String) -> Bool {
        guard state.withLock({ ($0.kept[base]?.count ?? 0) < Self.capacity }), Self.isAsMade(container) else { return false }
        let renamed = ExtensionContainer.newRoot(in: base)
        guard rename(container.rootPath, renamed) == 0 else { return false }
        let kept = state.withLock { state -> Bool in
            guard state.kept[base, default: []].count < Self.capacity else { return false }
            state.kept[base, default: []].append(renamed)
            if !state.exitHandlerInstalled {
                state.exitHandlerInstalled = true
                atexit { ContainerRecycler.shared.removeAll() }
            }
            return true
        }
        if !kept { ExtensionContainer(rootPath: renamed).remove() }
        return true
    }

    /// Removes every kept container.
    func removeAll() {
        let all = state.withLock { state -> [String] in
            defer { state.kept = [:] }
            return state.kept.values.flatMap { $0 }
        }
        for root in all { ExtensionContainer(rootPath: root).remove() }
    }

    /// Whether every folder of `container` is a folder (not a link), has the root's mode, and
    /// holds exactly the folders made in it: nothing the extension wrote, moved or changed.
    static func isAsMade(_ container: ExtensionContainer) -> Bool {
        var mode: mode_t?
        for (folder, entries) in ExtensionContainer.layout {
            guard let found = entriesIfFolder(container.path(folder), mode: &mode), found == entries else { return false }
        }
        return true
    }

    /// The names in the folder at `path` (without `.` and `..`), when it is a folder (not a
    /// link) whose mode is `mode` (the first folder's sets it); nil otherwise.
    private static func entriesIfFolder(_ path: String, mode: inout mode_t?) -> Set<String>? {
        let descriptor = open(path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        var info = stat()
        guard fstat(descriptor, &info) == 0, mode == nil || mode == info.st_mode,
            let directory = fdopendir(descriptor)
        else {
            close(descriptor)
            return nil
        }
        defer { closedir(directory) }
        mode = info.st_mode
        var names: Set<String> = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            if name != "." && name != ".." { names.insert(name) }
        }
        return names
    }
}
