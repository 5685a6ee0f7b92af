import Foundation
import NSESimCenter
import NSESimKeychain
import NSESimRuntime

/// What nsesim keeps for one app between runs, as iOS keeps an app's data: the shared
/// app-group containers and the preferences behind `UserDefaults(suiteName:)`.
package struct AppData: Sendable {
    /// The bundle identifier used when neither `--bundle-id` nor an `.apns` file names one.
    package static let defaultBundleIdentifier = "com.example.app"

    /// The app's name as the lock screen and a notification's header show it: the last part of
    /// its bundle identifier, capitalized (`com.example.news` → `News`).
    package static func appName(of bundleIdentifier: String) -> String {
        bundleIdentifier.split(separator: ".").last.map { $0.prefix(1).uppercased() + $0.dropFirst() } ?? "App"
    }

    /// The app's bundle identifier.
    package let bundleIdentifier: String
    /// The app's folder.
    package let root: URL

    /// The app's folder under `NSESIM_DATA_DIR`, else `$XDG_DATA_HOME/nsesim`, else
    /// `~/.local/share/nsesim`, in `apps/BUNDLE-ID`.
    package init(bundleIdentifier: String, environment: [String: String] = ProcessInfo.processInfo.environment) {
        self.bundleIdentifier = bundleIdentifier
        root = Self.appsFolder(environment: environment).appendingPathComponent(PathComponent.safe(bundleIdentifier))
    }

    /// The folder holding every app's folder.
    package static func appsFolder(environment: [String: String] = ProcessInfo.processInfo.environment) -> URL {
        let base: URL
        if let explicit = NSESimEnvironment.dataDirectory.value(in: environment) {
            base = URL(fileURLWithPath: explicit)
        } else if let xdg = environment["XDG_DATA_HOME"], !xdg.isEmpty {
            base = URL(fileURLWithPath: xdg).appendingPathComponent("nsesim")
        } else {
            let home = environment["HOME"].map { URL(fileURLWithPath: $0) } ?? FileManager.default.homeDirectoryForCurrentUser
            base = home.appendingPathComponent(".local/share/nsesim")
        }
        return base.appendingPathComponent("apps")
    }

    /// The apps whose notification center holds something, by bundle identifier (those whose
    /// identifier is its own folder name: letters, digits, `.`, `-`, `_`).
    package static func knownApps(environment: [String: String] = ProcessInfo.processInfo.environment) -> Set<String> {
        PathComponent.identifiers(in: appsFolder(environment: environment)) { folder in
            CenterStore(appFolder: folder).exists
        }
    }

    /// The app's keychain: rows of the app's database, beside its notification center.
    package var keychain: KeychainStore { KeychainStore(database: root.appendingPathComponent(CenterStore.databaseName)) }

    /// The app's notification center, shared by the app and its extensions.
    package var center: CenterStore { CenterStore(appFolder: root) }

    /// The environment that points an extension process at the app's data:
    /// `FileManager.containerURL(forSecurityApplicationGroupIdentifier:)` and
    /// `UserDefaults(suiteName:)` (which Linux's Foundation keeps in `XDG_CONFIG_HOME`).
    package var environment: [String: String] {
        [
            NSESimEnvironment.bundleIdentifier.name: bundleIdentifier,
            NSESimEnvironment.appGroups.name: root.appendingPathComponent("AppGroups").path,
            NSESimEnvironment.center.name: center.file.path,
            NSESimEnvironment.keychain.name: keychain.file.path,
            "XDG_CONFIG_HOME": root.appendingPathComponent("Preferences").path,
        ]
    }
}
