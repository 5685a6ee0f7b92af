import Foundation
import NSESimRuntime
import NSESimSDKSupport
import UserNotifications

/// Klaviyo's dynamic action buttons: `body.action_buttons` (`id`, `label`, optional `icon`,
/// an SF Symbol) registered as `com.klaviyo.dynamic.<body._k>`, two buttons reversed as
/// Klaviyo does; a push that names its own category keeps it.
enum KlaviyoActionButtons {
    static func register(request: UNNotificationRequest, content: UNMutableNotificationContent, api: String) {
        guard request.content.categoryIdentifier.isEmpty,
            let body = content.userInfo["body"] as? [AnyHashable: Any],
            let notificationId = body["_k"] as? String,
            let buttons = body["action_buttons"] as? [[AnyHashable: Any]]
        else { return }
        var actions: [UNNotificationAction] = buttons.compactMap { button in
            guard let identifier = button["id"] as? String, let label = button["label"] as? String else { return nil }
            let icon = (button["icon"] as? String).map { UNNotificationActionIcon(systemImageName: $0) }
            return UNNotificationAction(identifier: identifier, title: label, options: [.foreground], icon: icon)
        }
        guard !actions.isEmpty else { return }
        if actions.count == 2 { actions.reverse() }
        let identifier = "com.klaviyo.dynamic.\(notificationId)"
        SDKCategories.register(UNNotificationCategory(identifier: identifier, actions: actions, intentIdentifiers: [], options: []))
        content.categoryIdentifier = identifier
        SDKActivity.record(
            sdk: KlaviyoExtensionSDK.sdk, api: api, "registered \(actions.count) action buttons as category \(identifier)",
            ["category": .string(identifier), "actions": .array(actions.map { .string($0.identifier) })])
    }
}
