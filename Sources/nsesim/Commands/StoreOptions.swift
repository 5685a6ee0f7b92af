import ArgumentParser
import Foundation
import NSESimCore

/// Which app's attachment store.
struct StoreOptions: ParsableArguments {
    @Option(help: ArgumentHelp("The attachment store's root folder (default ~/.cache/nsesim/store); each app has a folder in it.",
                               valueName: "DIR"))
    var store: String?

    @Option(name: [.customLong("bundle-id"), .customLong("app-id")],
            help: ArgumentHelp("The app's bundle identifier (default: the .apns file's Simulator Target Bundle, else the extension's CFBundleIdentifier without its last component, else com.example.app).",
                               valueName: "ID"))
    var bundleId: String?

    func store(bundleIdentifier: String, quota: Int64 = AttachmentStore.defaultQuota) -> AttachmentStore {
        let root = store.map { URL(fileURLWithPath: $0) } ?? AttachmentStore.defaultRoot()
        return AttachmentStore(root: root, bundleIdentifier: bundleIdentifier, quota: quota)
    }
}
