import NSESimPayload
import NSESimStore

/// Which app a push, an extension and their state (center, keychain, app groups, attachment
/// store) belong to: nsesim's one rule, used by every command, in one order
/// (docs/running.md, "Which app"):
/// 1. the app named on the command line (`--bundle-id` / `--app-id`, a replay case's
///    `options.bundleID`);
/// 2. the first payload that names one: an `.apns` file's `Simulator Target Bundle`, as
///    `xcrun simctl push` takes it;
/// 3. the extension's app: its bundle identifier without its last component
///    (`com.acme.app.NotificationService` → `com.acme.app`), from its Info.plist or its
///    project target's `PRODUCT_BUNDLE_IDENTIFIER`, as iOS requires an extension's
///    identifier to start with its app's;
/// 4. ``AppData/defaultBundleIdentifier``.
package enum AppIdentity {
    /// The app's bundle identifier. `extensionApp` is asked only when the first two say nothing.
    package static func bundleIdentifier(
        given: String?, payloads: [ParsedPayload] = [],
        extensionApp: () -> String? = { nil }
    ) -> String {
        given ?? payloads.lazy.compactMap(\.bundleIdentifier).first ?? extensionApp() ?? AppData.defaultBundleIdentifier
    }
}
