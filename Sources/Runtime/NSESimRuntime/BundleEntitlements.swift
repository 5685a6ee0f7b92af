import Foundation

/// What the running extension is entitled to: the `.entitlements` property lists in its
/// bundle folder (an extension folder's own file, or the expanded `CODE_SIGN_ENTITLEMENTS`
/// of a project's target, which nsesim writes there). Frameworks apply iOS's rules with it:
/// CallKit's filtering entitlement, UserNotifications' app groups.
public enum BundleEntitlements {
    /// Every key of every `.entitlements` file in `Bundle.main`'s folder (empty when none).
    public static var values: [String: Any] {
        let bundle = Bundle.main.bundleURL
        let files = ((try? FileManager.default.contentsOfDirectory(at: bundle, includingPropertiesForKeys: nil)) ?? [])
            .filter { $0.pathExtension == "entitlements" }.sorted { $0.path < $1.path }
        var merged: [String: Any] = [:]
        for file in files {
            guard let data = FileManager.default.contents(atPath: file.path),
                let plist = try? PropertyListSerialization.propertyList(from: data, format: nil) as? [String: Any]
            else { continue }
            merged.merge(plist) { first, _ in first }
        }
        return merged
    }

    /// A list entitlement (`com.apple.security.application-groups`); nil when no file has it.
    public static func strings(_ key: String) -> [String]? {
        (values[key] as? [Any]).map { $0.compactMap { $0 as? String } }
    }

    /// A capability (`com.apple.developer.usernotifications.filtering`): true when granted.
    public static func isGranted(_ key: String) -> Bool {
        values[key] as? Bool == true
    }
}
