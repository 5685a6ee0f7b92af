import Security
import UserNotifications

/// Reads three items the app stored with different accessibility classes, as a push arrives
/// on a phone that may be locked: the auth token with iOS's default (WhenUnlocked), the
/// session key AfterFirstUnlock, the device id Always. It shows each SecItemCopyMatching
/// status, then records the delivery in an item of its own (AfterFirstUnlock, as Apple
/// recommends for data an extension needs in the background).
class NotificationService: UNNotificationServiceExtension {
    override func didReceive(_ request: UNNotificationRequest, withContentHandler contentHandler: @escaping (UNNotificationContent) -> Void) {
        let content = request.content.mutableCopy() as! UNMutableNotificationContent
        let token = Self.read(account: "auth-token")
        let session = Self.read(account: "session-key")
        let device = Self.read(account: "device-id")
        content.body = "token=\(token) session=\(session) device=\(device)"
        content.subtitle = "delivery recorded: \(Self.recordDelivery())"
        contentHandler(content)
    }

    static func read(account: String) -> OSStatus {
        let query: [String: Any] = [
            kSecClass as String: kSecClassGenericPassword,
            kSecAttrService as String: "com.example.lockdemo",
            kSecAttrAccount as String: account,
            kSecReturnData as String: true,
            kSecMatchLimit as String: kSecMatchLimitOne,
        ]
        var item: CFTypeRef?
        return SecItemCopyMatching(query as CFDictionary, &item)
    }

    static func recordDelivery() -> OSStatus {
        let item: [String: Any] = [
            kSecClass as String: kSecClassGenericPassword,
            kSecAttrService as String: "com.example.lockdemo",
            kSecAttrAccount as String: "last-delivery-\(UUID().uuidString)",
            kSecAttrAccessible as String: kSecAttrAccessibleAfterFirstUnlock,
            kSecValueData as String: Data("delivered".utf8),
        ]
        return SecItemAdd(item as CFDictionary, nil)
    }
}
