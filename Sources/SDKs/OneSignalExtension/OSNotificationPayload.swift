import Foundation

/// The OneSignal keys of a push payload, read as OneSignal's `OSNotification` reads them:
/// the original format (`custom` with the notification id `i` and `badge_inc`, `att` and
/// `buttons` at the top level) or the newer one (all under `os_data`).
struct OSNotificationPayload {
    /// One action button: `i` (the identifier; the title when missing) and `n` (the title).
    struct Button {
        let identifier: String
        let title: String
    }

    let notificationId: String?
    let badgeIncrement: Int
    /// Attachment identifier → URL (or a bundle resource name), in key order.
    let attachments: [(identifier: String, location: String)]
    let buttons: [Button]

    init(userInfo: [AnyHashable: Any]) {
        let common: [AnyHashable: Any]?
        let features: [AnyHashable: Any]
        if let osData = userInfo["os_data"] as? [AnyHashable: Any] {
            common = osData
            features = osData
        } else {
            common = userInfo["custom"] as? [AnyHashable: Any]
            features = userInfo
        }
        notificationId = common?["i"] as? String
        badgeIncrement = Self.integer(common?["badge_inc"]) ?? 0
        let att = features["att"] as? [AnyHashable: Any] ?? [:]
        attachments = att.compactMap { key, value in
            guard let identifier = key as? String, let location = value as? String else { return nil }
            return (identifier, location.trimmingCharacters(in: .whitespaces))
        }.sorted { $0.identifier < $1.identifier }
        let rawButtons = (features["buttons"] as? [Any]) ?? ((features["buttons"] as? [AnyHashable: Any])?["o"] as? [Any]) ?? []
        buttons = rawButtons.compactMap { item in
            guard let button = item as? [AnyHashable: Any], let title = button["n"] as? String else { return nil }
            return Button(identifier: button["i"] as? String ?? title, title: title)
        }
    }

    private static func integer(_ value: Any?) -> Int? {
        if let number = value as? Int { return number }
        if let number = value as? NSNumber { return number.intValue }
        if let text = value as? String { return Int(text) }
        return nil
    }
}
