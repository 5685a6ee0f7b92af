import NSESimRuntime
extension FileManager {
    /// The shared container of an app group, which an extension and its app both reach.
    ///
    /// On iOS the group must be in the app's entitlements. nsesim keeps a folder per app
    /// and group between runs (under `NSESIM_APP_GROUPS`, which `nsesim run` sets from the
    /// bundle identifier) and creates it on first use; nil when run outside nsesim.
    public func containerURL(forSecurityApplicationGroupIdentifier groupIdentifier: String) -> URL? {
        guard let root = NSESimEnvironment.appGroups.value(),
              !groupIdentifier.isEmpty, !groupIdentifier.contains("/"), groupIdentifier != "..", groupIdentifier != "." else {
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
