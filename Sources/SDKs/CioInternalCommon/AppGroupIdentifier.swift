import Foundation

/// Customer.io's app group naming: `group.<app bundle id>.cio`, the app's id being the
/// extension's without a known extension suffix (`.richpush`, `.NotificationServiceExtension`,
/// `.NotificationService`, `.richPush`).
public enum AppGroupIdentifier {
    /// The suffix of Customer.io's app group.
    public static let cioSuffix = "cio"

    private static let extensionBundleSuffixes = [".richpush", ".NotificationServiceExtension", ".NotificationService", ".richPush"]

    /// `group.<mainAppBundleId>.cio`.
    public static func identifier(forMainAppBundleId mainAppBundleId: String) -> String {
        "group.\(mainAppBundleId).\(cioSuffix)"
    }

    /// The app group of the app a process (the extension) belongs to; nil without a bundle id.
    public static func identifier(forProcessBundleIdentifier bundleIdentifier: String?) -> String? {
        guard var id = bundleIdentifier?.trimmingCharacters(in: .whitespacesAndNewlines), !id.isEmpty else { return nil }
        if let suffix = extensionBundleSuffixes.first(where: { id.hasSuffix($0) }) { id = String(id.dropLast(suffix.count)) }
        return identifier(forMainAppBundleId: id)
    }
}
