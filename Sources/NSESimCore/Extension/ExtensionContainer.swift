import Foundation
import NSESimRuntime

/// The extension's own container, as iOS gives one to every extension: a temporary
/// folder and a caches folder, given to the process through the environment so that
/// `NSTemporaryDirectory()` and FileManager's caches URL point there. nsesim removes it
/// after the run.
package struct ExtensionContainer: Sendable {
    /// The container's root (the process's home and working folder).
    package let root: URL

    /// `NSTemporaryDirectory()` in the extension.
    package var temporaryDirectory: URL { root.appendingPathComponent("tmp") }
    /// FileManager's caches directory in the extension.
    package var cachesDirectory: URL { root.appendingPathComponent("Library/Caches") }

    /// Creates a fresh container under the system's temporary folder.
    package static func create() throws -> ExtensionContainer {
        let base = URL(fileURLWithPath: NSTemporaryDirectory())
            .appendingPathComponent("nsesim-container-\(UUID().uuidString.prefix(13))")
        let container = ExtensionContainer(root: base)
        for folder in [container.temporaryDirectory, container.cachesDirectory] {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        }
        return container
    }

    /// The variable that names the container in the extension's environment; every
    /// process the extension starts inherits it, which is how nsesim finds them.
    static let environmentMarker = NSESimEnvironment.container.name

    /// The environment that points the extension at its container.
    package var environment: [String: String] {
        [
            "HOME": root.path,
            "TMPDIR": temporaryDirectory.path + "/",
            "XDG_CACHE_HOME": cachesDirectory.path,
            Self.environmentMarker: root.path,
        ]
    }

    /// Removes the container and everything in it.
    package func remove() {
        try? FileManager.default.removeItem(at: root)
    }
}
