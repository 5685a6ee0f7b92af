import Foundation
import NSESimRuntime
import NSESimSDKSupport
import UserNotifications

/// Braze's push utilities of its SDK before the Swift SDK (Appboy, `import Appboy_iOS_SDK` or
/// `import AppboyKit`), as Swift sees `ABKPushUtils.h`: what a push is, read from its payload
/// keys (`ab`, `ab.ab_sync_geos`, `ab.ab_carousel`, `ab.ab_cd`, `appboy_uninstall_tracking`,
/// `ab_push_fetch_test_triggers_key`, `aps.content-available`), and Braze's default button
/// categories. Each answer is recorded in the report's `sdk` section.
open class ABKPushUtils: NSObject {
    static let sdk = "AppboyKit"

    /// Whether the notification responded to was sent by Braze (`isAppboyRemoteNotification`
    /// of its userInfo).
    open class func isAppboyUserNotification(_ response: UNNotificationResponse) -> Bool {
        answer("isAppboyUserNotification(_:)", appboy(response.notification.request.content.userInfo), "ab is a non-empty dictionary")
    }

    /// Whether the push was sent by Braze: its `ab` key is a non-empty dictionary.
    open class func isAppboyRemoteNotification(_ userInfo: [AnyHashable: Any]) -> Bool {
        answer("isAppboyRemoteNotification(_:)", appboy(userInfo), "ab is a non-empty dictionary")
    }

    /// Whether the push is one of Braze's internal ones: uninstall tracking or a geofence sync.
    open class func isAppboyInternalRemoteNotification(_ userInfo: [AnyHashable: Any]) -> Bool {
        answer(
            "isAppboyInternalRemoteNotification(_:)", uninstallTracking(userInfo) || geofencesSync(userInfo),
            "appboy_uninstall_tracking or ab.ab_sync_geos is true")
    }

    /// Whether the notification responded to is Braze's uninstall tracking push.
    open class func isUninstallTrackingUserNotification(_ response: UNNotificationResponse) -> Bool {
        answer(
            "isUninstallTrackingUserNotification(_:)", uninstallTracking(response.notification.request.content.userInfo),
            "appboy_uninstall_tracking is true")
    }

    /// Whether the push is Braze's uninstall tracking push: `appboy_uninstall_tracking` is true.
    open class func isUninstallTrackingRemoteNotification(_ userInfo: [AnyHashable: Any]) -> Bool {
        answer("isUninstallTrackingRemoteNotification(_:)", uninstallTracking(userInfo), "appboy_uninstall_tracking is true")
    }

    /// Whether the notification responded to asks to sync geofences.
    open class func isGeofencesSyncUserNotification(_ response: UNNotificationResponse) -> Bool {
        answer(
            "isGeofencesSyncUserNotification(_:)", geofencesSync(response.notification.request.content.userInfo),
            "ab.ab_sync_geos is true")
    }

    /// Whether the push asks to sync geofences: `ab.ab_sync_geos` is true.
    open class func isGeofencesSyncRemoteNotification(_ userInfo: [AnyHashable: Any]) -> Bool {
        answer("isGeofencesSyncRemoteNotification(_:)", geofencesSync(userInfo), "ab.ab_sync_geos is true")
    }

    /// Whether the push is Braze's and silent: `aps.content-available` is 1.
    open class func isAppboySilentRemoteNotification(_ userInfo: [AnyHashable: Any]) -> Bool {
        let aps = userInfo["aps"] as? [AnyHashable: Any] ?? [:]
        return answer(
            "isAppboySilentRemoteNotification(_:)", appboy(userInfo) && integer(aps["content-available"]) == 1,
            "ab present and aps.content-available is 1")
    }

    /// Whether the push is a Push Story: `ab.ab_carousel` is true.
    open class func isPushStoryRemoteNotification(_ userInfo: [AnyHashable: Any]) -> Bool {
        answer(
            "isPushStoryRemoteNotification(_:)", bool((userInfo["ab"] as? [AnyHashable: Any])?["ab_carousel"]),
            "ab.ab_carousel is true")
    }

    /// Whether the push carries a Content Card: `ab.ab_cd` is present.
    open class func notificationContainsContentCard(_ userInfo: [AnyHashable: Any]) -> Bool {
        answer("notificationContainsContentCard(_:)", (userInfo["ab"] as? [AnyHashable: Any])?["ab_cd"] != nil, "ab.ab_cd is present")
    }

    /// Whether the push asks the app to fetch test triggers: `ab_push_fetch_test_triggers_key` is true.
    @available(*, deprecated)
    open class func shouldFetchTestTriggersFlagContainedInPayload(_ userInfo: [AnyHashable: Any]) -> Bool {
        answer(
            "shouldFetchTestTriggersFlagContainedInPayload(_:)", bool(userInfo["ab_push_fetch_test_triggers_key"]),
            "ab_push_fetch_test_triggers_key is true")
    }

    /// Braze's default button categories (Accept/Decline, Yes/No, Confirm/Cancel, More), for
    /// `UNUserNotificationCenter.setNotificationCategories`.
    open class func getAppboyUNNotificationCategorySet() -> Set<UNNotificationCategory> {
        let categories = AppboyCategories.all
        SDKActivity.record(
            sdk: sdk, api: "getAppboyUNNotificationCategorySet()",
            "Braze's \(categories.count) default categories",
            ["categories": .array(categories.map(\.identifier).sorted().map { JSONValue.string($0) })])
        return categories
    }

    // MARK: The payload's keys, read as Braze's compatibility layer reads them.

    private static func appboy(_ userInfo: [AnyHashable: Any]) -> Bool {
        guard let ab = userInfo["ab"] as? [AnyHashable: Any] else { return false }
        return !ab.isEmpty
    }

    private static func uninstallTracking(_ userInfo: [AnyHashable: Any]) -> Bool {
        bool(userInfo["appboy_uninstall_tracking"])
    }

    private static func geofencesSync(_ userInfo: [AnyHashable: Any]) -> Bool {
        bool((userInfo["ab"] as? [AnyHashable: Any])?["ab_sync_geos"])
    }

    /// Objective-C's `boolValue` of a JSON value: a number other than 0, or a string starting
    /// with a non-zero digit, "Y", "y", "T" or "t".
    static func bool(_ value: Any?) -> Bool {
        if let flag = value as? Bool { return flag }
        if let number = value as? NSNumber { return number.intValue != 0 }
        if let text = (value as? String)?.trimmingCharacters(in: .whitespaces), let first = text.first {
            return "123456789YyTt".contains(first)
        }
        return false
    }

    private static func integer(_ value: Any?) -> Int {
        if let number = value as? NSNumber { return number.intValue }
        if let text = value as? String { return Int(text) ?? 0 }
        return 0
    }

    private static func answer(_ api: String, _ result: Bool, _ rule: String) -> Bool {
        SDKActivity.record(sdk: sdk, api: "ABKPushUtils.\(api)", "\(result) (\(rule))", ["result": .bool(result)])
        return result
    }
}
