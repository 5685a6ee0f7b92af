import Foundation
import NSESimRuntime
import NSESimSDKSupport
import UserNotifications

/// OneSignal's badge count, kept in the app group's defaults under `onesignalBadgeCount`: a
/// payload's `badge_inc` adds to it (never below 0) and the content's badge is set to it.
enum OneSignalBadge {
    static let key = "onesignalBadgeCount"

    /// The app group: the Info.plist's `OneSignal_app_groups_key`, else
    /// `group.<app bundle id>.onesignal` (the app's id is the extension's without its last part).
    static var appGroupName: String {
        if let name = Bundle.main.object(forInfoDictionaryKey: "OneSignal_app_groups_key") as? String {
            return name.trimmingCharacters(in: .whitespaces)
        }
        return "group.\(appBundleIdentifier).onesignal"
    }

    /// The app's bundle id: the extension's without its last part; nsesim's app id when the
    /// extension's Info.plist names no bundle id (nsesim's bundles carry none).
    static var appBundleIdentifier: String {
        var parts = (Bundle.main.bundleIdentifier ?? "").split(separator: ".")
        guard parts.count > 1 else { return NSESimEnvironment.bundleIdentifier.value() ?? "" }
        parts.removeLast()
        return parts.joined(separator: ".")
    }

    static func apply(_ payload: OSNotificationPayload, to content: UNMutableNotificationContent, api: String) {
        guard payload.badgeIncrement != 0 else { return }
        let group = appGroupName
        guard let defaults = UserDefaults(suiteName: group) else {
            SDKActivity.record(sdk: OneSignalExtension.sdk, api: api, "badge_inc ignored: no app group \(group)")
            return
        }
        let count = max(0, defaults.integer(forKey: key) + payload.badgeIncrement)
        content.badge = NSNumber(value: count)
        defaults.set(count, forKey: key)
        defaults.synchronize()
        SDKActivity.record(
            sdk: OneSignalExtension.sdk, api: api, "badge incremented by \(payload.badgeIncrement) to \(count) in \(group)",
            ["badge": .integer(Int64(count)), "appGroup": .string(group)])
    }
}
