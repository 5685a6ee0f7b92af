import Security
import UserNotifications

/// Stores the notification's identifier in three keychain access groups: the team's shared
/// group and the app group its entitlements grant, and another app's group, which they do not
/// (errSecMissingEntitlement on iOS).
class NotificationService: UNNotificationServiceExtension {
    override func didReceive(_ request: UNNotificationRequest, withContentHandler contentHandler: @escaping (UNNotificationContent) -> Void) {
        let content = request.content.mutableCopy() as! UNMutableNotificationContent
        var statuses: [String] = []
        for group in ["ABCDE12345.com.example.shared", "group.com.example.app", "FGHIJ67890.com.other.app"] {
            let query: [String: Any] = [
                kSecClass as String: kSecClassGenericPassword,
                kSecAttrService as String: "last-notification",
                kSecAttrAccessGroup as String: group,
            ]
            SecItemDelete(query as CFDictionary)
            var item = query
            item[kSecValueData as String] = Data(request.identifier.utf8)
            item[kSecAttrAccessible as String] = kSecAttrAccessibleAfterFirstUnlock
            statuses.append("\(SecItemAdd(item as CFDictionary, nil))")
        }
        content.subtitle = statuses.joined(separator: " ")
        contentHandler(content)
    }
}
