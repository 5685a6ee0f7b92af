import Foundation
import NSESimRuntime
import NSESimSDKSupport
import UserNotifications

/// Pushwoosh's badge: `aps.pw_badge` ("+N" adds, "-N" subtracts down to 0, "N" sets) applied
/// to `badge_count` in the app group's defaults, under a lock file in the group's container
/// (`pw_badge.lock`), and set as the content's badge. Without an app group, left alone.
enum PushwooshBadge {
    static func apply(_ userInfo: [AnyHashable: Any], to content: UNMutableNotificationContent, appGroupsName: String?, api: String) {
        guard let group = appGroupsName, !group.isEmpty else {
            SDKActivity.record(
                sdk: PushwooshProcessor.sdk, api: api, "App Groups aren't installed: badge left alone (set PW_APP_GROUPS_NAME)")
            return
        }
        let aps = userInfo["aps"] as? [AnyHashable: Any] ?? [:]
        guard let badges = forcedString(aps["pw_badge"]) else { return }
        let sign = badges.first.map { "+-".contains($0) ? String($0) : "" } ?? ""
        let amount = Int(badges.dropFirst(sign.count).trimmingCharacters(in: .whitespaces)) ?? 0
        guard let defaults = UserDefaults(suiteName: group) else {
            SDKActivity.record(sdk: PushwooshProcessor.sdk, api: api, "pw_badge ignored: no app group \(group)")
            return
        }
        let newBadge = withLock(group: group) { () -> Int in
            let saved = defaults.integer(forKey: "badge_count")
            let value = sign == "+" ? saved + amount : sign == "-" ? max(saved - amount, 0) : amount
            defaults.set(value, forKey: "badge_count")
            defaults.synchronize()
            return value
        }
        content.badge = NSNumber(value: newBadge)
        SDKActivity.record(
            sdk: PushwooshProcessor.sdk, api: api, "badge pw_badge \(badges): \(newBadge) in \(group)",
            ["badge": .integer(Int64(newBadge)), "appGroup": .string(group), "pw_badge": .string(badges)])
    }

    /// Objective-C's forced string of a JSON value: a string as it is, a number's description.
    private static func forcedString(_ value: Any?) -> String? {
        if let text = value as? String { return text }
        if let number = value as? NSNumber { return number.stringValue }
        return nil
    }

    /// Runs `body` holding an exclusive flock on `pw_badge.lock` in the group's container, as
    /// Pushwoosh does across concurrent extension processes; without a container, unlocked.
    private static func withLock<Result>(group: String, _ body: () -> Result) -> Result {
        guard let container = FileManager.default.containerURL(forSecurityApplicationGroupIdentifier: group) else { return body() }
        let descriptor = open(container.appendingPathComponent("pw_badge.lock").path, O_CREAT | O_RDWR, 0o644)
        guard descriptor >= 0 else { return body() }
        defer { close(descriptor) }
        flock(descriptor, LOCK_EX)
        defer { flock(descriptor, LOCK_UN) }
        return body()
    }
}
