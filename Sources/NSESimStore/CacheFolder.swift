import Foundation
import NSESimRuntime

/// nsesim's cache folder: `NSESIM_CACHE_DIR`, else `$XDG_CACHE_HOME/nsesim`, else
/// `~/.cache/nsesim`. The attachment stores live in it (`store/`), and extension builds
/// (`extensions/`).
package enum CacheFolder {
    /// The folder for `environment`.
    package static func url(environment: [String: String] = ProcessInfo.processInfo.environment) -> URL {
        if let explicit = NSESimEnvironment.cacheDirectory.value(in: environment) {
            return URL(fileURLWithPath: explicit)
        }
        if let xdg = environment["XDG_CACHE_HOME"], !xdg.isEmpty {
            return URL(fileURLWithPath: xdg).appendingPathComponent("nsesim")
        }
        let home = environment["HOME"].map { URL(fileURLWithPath: $0) } ?? FileManager.default.homeDirectoryForCurrentUser
        return home.appendingPathComponent(".cache/nsesim")
    }
}
