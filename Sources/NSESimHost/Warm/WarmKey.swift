import Foundation
import NSESimBuild

/// What makes two extension processes interchangeable before their notification comes: a
/// process is started with its extension build, its environment (the app's data, the lock
/// state, the strings file, the network's loss) and its container, so a warm process serves
/// only a notification whose launch configuration is the same in all of these, and the
/// memory limit its baseline is measured for.
package struct WarmKey: Hashable, Sendable, CustomStringConvertible {
    /// The extension's library.
    package let library: String
    /// The host executable that loads it.
    package let host: String
    /// The environment the process gets on top of its container's.
    package let environment: [String: String]
    /// The memory limit applied above the process's baseline.
    package let memoryLimit: Int64?

    /// The key of processes `launcher` starts for a run with `memoryLimit`.
    package init(_ launcher: ExtensionLauncher, memoryLimit: Int64?) {
        library = launcher.built.library.path
        host = launcher.host.path
        environment = launcher.environment
        self.memoryLimit = memoryLimit
    }

    package var description: String { "\(library) (\(environment.count) environment variables)" }
}
