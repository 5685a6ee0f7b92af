import Foundation
import NSESimRuntime

/// The extension's own container, as iOS gives one to every extension: its home with a
/// temporary folder, caches, documents and application support, given to the process
/// through the environment so that `NSHomeDirectory()`, `NSTemporaryDirectory()` and
/// FileManager's URLs point there. nsesim removes it after the run.
package struct ExtensionContainer: Sendable {
    /// The container's root (the process's home and working folder).
    package let root: URL

    /// `NSTemporaryDirectory()` in the extension.
    package var temporaryDirectory: URL { root.appendingPathComponent("tmp") }
    /// FileManager's caches directory in the extension.
    package var cachesDirectory: URL { root.appendingPathComponent("Library/Caches") }
    /// FileManager's documents directory in the extension (`HOME/Documents` on Linux).
    package var documentsDirectory: URL { root.appendingPathComponent("Documents") }
    /// FileManager's application support directory in the extension (`XDG_DATA_HOME`).
    package var applicationSupportDirectory: URL { root.appendingPathComponent("Library/Application Support") }

    /// Creates a fresh container under the system's temporary folder.
    package static func create() throws -> ExtensionContainer {
        let base = URL(fileURLWithPath: NSTemporaryDirectory())
            .appendingPathComponent("nsesim-container-\(UUID().uuidString.prefix(13))")
        let container = ExtensionContainer(root: base)
        for folder in [container.temporaryDirectory, container.cachesDirectory, container.documentsDirectory,
                       container.applicationSupportDirectory] {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        }
        return container
    }

    /// The variable that names the container in the extension's environment; every
    /// process the extension starts inherits it, which is how nsesim finds them.
    package static let environmentMarker = NSESimEnvironment.container.name

    /// The environment that points the extension at its container.
    package var environment: [String: String] {
        [
            "HOME": root.path,
            "TMPDIR": temporaryDirectory.path + "/",
            "XDG_CACHE_HOME": cachesDirectory.path,
            "XDG_DATA_HOME": applicationSupportDirectory.path,
            // Where CoreFoundation looks first for the home folder: NSHomeDirectory() and
            // homeDirectoryForCurrentUser are the container, as on iOS (not the password database's).
            "CFFIXED_USER_HOME": root.path,
            Self.environmentMarker: root.path,
        ]
    }

    /// Removes the container and everything in it.
    package func remove() {
        try? FileManager.default.removeItem(at: root)
    }
}
