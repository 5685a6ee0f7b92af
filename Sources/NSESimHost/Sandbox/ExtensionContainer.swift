import Foundation
import NSESimRuntime

#if canImport(Glibc)
import Glibc
#endif

/// The extension's own container, as iOS gives one to every extension: its home with a
/// temporary folder, caches, documents and application support, given to the process
/// through the environment so that `NSHomeDirectory()`, `NSTemporaryDirectory()` and
/// FileManager's URLs point there. nsesim removes it after the run.
///
/// Made and removed once per notification, so both are a handful of system calls on paths
/// kept as strings (no URL, no FileManager walk): a container the extension left as it
/// found it is kept for a later notification under a new name (``ContainerRecycler``) or
/// removed folder by folder, anything else is removed by FileManager.
package struct ExtensionContainer: Sendable {
    /// The container's root path (the process's home and working folder).
    package let rootPath: String

    /// The container's root (the process's home and working folder).
    package var root: URL { URL(fileURLWithPath: rootPath, isDirectory: true) }

    /// Each folder of a container as made, parents first (the root is ""), with the names in
    /// it: iOS's layout of an extension's container.
    static let layout: [(folder: String, entries: Set<String>)] = [
        ("", ["tmp", "Library", "Documents"]), ("Library", ["Caches", "Application Support"]), ("tmp", []),
        ("Library/Caches", []), ("Documents", []), ("Library/Application Support", []),
    ]

    /// The path of `folder` (a ``layout`` name; "" is the root).
    func path(_ folder: String) -> String {
        folder.isEmpty ? rootPath : rootPath + "/" + folder
    }

    /// The folder the container is in (the system's temporary folder).
    private var base: String {
        guard let slash = rootPath.lastIndex(of: "/") else { return "." }
        return slash == rootPath.startIndex ? "/" : String(rootPath[..<slash])
    }

    /// `NSTemporaryDirectory()` in the extension.
    package var temporaryDirectory: URL { URL(fileURLWithPath: rootPath + "/tmp", isDirectory: true) }
    /// FileManager's caches directory in the extension.
    package var cachesDirectory: URL { URL(fileURLWithPath: rootPath + "/Library/Caches", isDirectory: true) }
    /// FileManager's documents directory in the extension (`HOME/Documents` on Linux).
    package var documentsDirectory: URL { URL(fileURLWithPath: rootPath + "/Documents", isDirectory: true) }
    /// FileManager's application support directory in the extension (`XDG_DATA_HOME`).
    package var applicationSupportDirectory: URL {
        URL(fileURLWithPath: rootPath + "/Library/Application Support", isDirectory: true)
    }

    /// A container at `rootPath` (made by ``create()``).
    init(rootPath: String) {
        self.rootPath = rootPath
    }

    /// Why a container could not be made: the folder and the system's reason.
    package struct CreationError: Error, LocalizedError, Sendable {
        /// The folder that could not be made.
        package let path: String
        /// `strerror` of the failure.
        package let reason: String
        package var errorDescription: String? {
            "cannot make \(path): \(reason) (containers are made in the temporary folder: point TMPDIR at a writable folder)"
        }
    }

    /// Creates a fresh container under the system's temporary folder: an emptied one, when one
    /// is kept (``ContainerRecycler``), else made.
    package static func create() throws(CreationError) -> ExtensionContainer {
        var base = NSTemporaryDirectory()
        while base.count > 1, base.hasSuffix("/") { base.removeLast() }
        if let kept = ContainerRecycler.shared.take(base: base) { return ExtensionContainer(rootPath: kept) }
        let container = ExtensionContainer(rootPath: newRoot(in: base))
        for path in layout.map({ container.path($0.folder) }) where mkdir(path, 0o777) != 0 {
            let reason = String(cString: strerror(errno))
            container.remove()
            throw CreationError(path: path, reason: reason)
        }
        return container
    }

    /// A new container's root in `base`: a name no other container has.
    static func newRoot(in base: String) -> String {
        base + "/nsesim-container-\(UUID().uuidString.prefix(13))"
    }

    /// The variable that names the container in the extension's environment; every
    /// process the extension starts inherits it, which is how nsesim finds them.
    package static let environmentMarker = NSESimEnvironment.container.name

    /// The environment that points the extension at its container.
    package var environment: [String: String] {
        [
            "HOME": rootPath,
            "TMPDIR": rootPath + "/tmp/",
            "XDG_CACHE_HOME": rootPath + "/Library/Caches",
            "XDG_DATA_HOME": rootPath + "/Library/Application Support",
            // Where CoreFoundation looks first for the home folder: NSHomeDirectory() and
            // homeDirectoryForCurrentUser are the container, as on iOS (not the password database's).
            "CFFIXED_USER_HOME": rootPath,
            Self.environmentMarker: rootPath,
        ]
    }

    /// Done with the container: kept for a later notification when the extension left it as
    /// it was made (``ContainerRecycler``), else removed with everything in it.
    package func recycle() {
        if !ContainerRecycler.shared.keep(self, base: base) { remove() }
    }

    /// Removes the container and everything in it: the empty folders one by one (children
    /// first), and when one of them is not an empty folder any more, the rest by FileManager.
    package func remove() {
        for path in Self.layout.reversed().map({ path($0.folder) }) where rmdir(path) != 0 {
            guard errno != ENOENT || path == rootPath else { continue }
            if errno != ENOENT { try? FileManager.default.removeItem(atPath: rootPath) }
            return
        }
    }
}
