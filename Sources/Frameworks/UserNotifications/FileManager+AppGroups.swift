import NSESimRuntime

extension FileManager {
    /// The shared container of an app group, which an extension and its app both reach.
    ///
    /// On iOS the group must be in the extension's entitlements. nsesim keeps a folder per app
    /// and group between runs (under `NSESIM_APP_GROUPS`, which `nsesim run` sets from the
    /// bundle identifier) and creates it on first use; nil when run outside nsesim. When the
    /// extension's bundle holds an entitlements file that lists app groups (a project's
    /// `CODE_SIGN_ENTITLEMENTS`), a group it does not list is refused, as on iOS: nil, and a
    /// warning in the report.
    public func containerURL(forSecurityApplicationGroupIdentifier groupIdentifier: String) -> URL? {
        guard let root = NSESimEnvironment.appGroups.value(),
            !groupIdentifier.isEmpty, !groupIdentifier.contains("/"), groupIdentifier != "..", groupIdentifier != "."
        else {
            return nil
        }
        if let entitled = BundleEntitlements.strings("com.apple.security.application-groups"), !entitled.contains(groupIdentifier) {
            NSESimReport.send(
                source: .appGroupRefused,
                .object([
                    "group": .string(groupIdentifier),
                    "entitled": .array(entitled.map(JSONValue.string)),
                ]))
            return nil
        }
        let url = URL(fileURLWithPath: root, isDirectory: true).appendingPathComponent(groupIdentifier, isDirectory: true)
        do {
            try createDirectory(at: url, withIntermediateDirectories: true)
        } catch {
            return nil
        }
        return url
    }
}
