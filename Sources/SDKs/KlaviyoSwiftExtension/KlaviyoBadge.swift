import Foundation
import NSESimRuntime
import NSESimSDKSupport
import UserNotifications

/// Klaviyo's badge count, kept under `badgeCount` in the app group the Info.plist names
/// (`klaviyo_app_group`); without one, the badge is left alone.
enum KlaviyoBadge {
    static func apply(to content: UNMutableNotificationContent, api: String) {
        guard let config = content.userInfo["badge_config"] as? String else { return }
        guard let group = Bundle.main.object(forInfoDictionaryKey: "klaviyo_app_group") as? String,
            let defaults = UserDefaults(suiteName: group)
        else {
            SDKActivity.record(
                sdk: KlaviyoExtensionSDK.sdk, api: api,
                "badge_config \(config) ignored: the Info.plist names no klaviyo_app_group")
            return
        }
        let value: Int?
        switch config {
        case "increment_one": value = defaults.integer(forKey: "badgeCount") + 1
        case "set_count", "set_property": value = (content.userInfo["badge_value"] as? NSNumber)?.intValue
        default: return
        }
        defaults.set(value, forKey: "badgeCount")
        content.badge = value.map { NSNumber(value: $0) }
        SDKActivity.record(
            sdk: KlaviyoExtensionSDK.sdk, api: api, "badge \(config): \(value.map(String.init) ?? "none") in \(group)",
            ["badge": value.map { .integer(Int64($0)) } ?? .null, "appGroup": .string(group)])
    }
}
