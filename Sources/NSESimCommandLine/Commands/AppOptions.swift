import ArgumentParser
import Foundation
import NSESimCenter
import NSESimCore
import NSESimStore

/// Which app, and where its attachment store is (`--bundle-id` or `--app-id`, `--store`):
/// shared by every command that delivers into an app or reads one. An app not given is found
/// by ``AppIdentity``'s rule (docs/running.md, "Which app").
package struct AppOptions: ParsableArguments {
    package init() {}

    @Option(
        name: [.customLong("bundle-id"), .customLong("app-id")],
        help: ArgumentHelp(
            "The app's bundle identifier (default: the .apns file's Simulator Target Bundle, else the extension's CFBundleIdentifier without its last component, else com.example.app; `ls` without it lists every app).",
            valueName: "ID"))
    var bundleId: String?

    @Option(
        help: ArgumentHelp(
            "The attachment store's root folder (default ~/.cache/nsesim/store); each app has a folder in it.",
            valueName: "DIR"))
    var store: String?

    /// The attachment stores' root.
    var storeRoot: URL { store.map { URL(fileURLWithPath: $0) } ?? AttachmentStore.defaultRoot() }

    /// The app given, else the default app (for commands that act on an app with no extension to ask).
    var bundleIdentifier: String { AppIdentity.bundleIdentifier(given: bundleId) }

    /// The store of the app `bundleIdentifier`.
    func store(bundleIdentifier: String, quota: Int64 = AttachmentStore.defaultQuota) -> AttachmentStore {
        AttachmentStore(root: storeRoot, bundleIdentifier: bundleIdentifier, quota: quota)
    }

    /// The given app's notification center.
    var center: CenterStore { AppData(bundleIdentifier: bundleIdentifier).center }

    /// The given app's center with its store.
    var appCenter: AppCenter { appCenter(bundleIdentifier) }

    /// The center and store of the app `bundleIdentifier`.
    func appCenter(_ bundleIdentifier: String) -> AppCenter {
        AppCenter(center: AppData(bundleIdentifier: bundleIdentifier).center, store: store(bundleIdentifier: bundleIdentifier))
    }

    /// The apps to list: the one given, else every app that has a store or a center.
    var listedApps: [String] {
        if let bundleId { return [bundleId] }
        let apps = AppData.knownApps().union(AttachmentStore.knownApps(root: storeRoot))
        return apps.isEmpty ? [bundleIdentifier] : apps.sorted()
    }
}
