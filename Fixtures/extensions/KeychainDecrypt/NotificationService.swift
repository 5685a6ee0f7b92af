import CryptoKit
import Security
import UserNotifications

/// End-to-end encrypted notifications with the key the app stored in the shared keychain,
/// read the way iOS extensions read it (SecItemCopyMatching), then AES-GCM with CryptoKit.
/// It also keeps a count of decrypted messages in the keychain (add, then update).
class NotificationService: UNNotificationServiceExtension {
    static let accessGroup = "group.com.example.app"

    override func didReceive(_ request: UNNotificationRequest, withContentHandler contentHandler: @escaping (UNNotificationContent) -> Void) {
        let content = request.content.mutableCopy() as! UNMutableNotificationContent
        guard let keyData = Self.readKey(), let encrypted = request.content.userInfo["e2e"] as? [String: Any] else {
            content.body = "New message (no key)"
            contentHandler(content)
            return
        }
        let key = SymmetricKey(data: keyData)
        if let title = Self.decrypt(encrypted["title"], with: key) { content.title = title }
        content.body = Self.decrypt(encrypted["body"], with: key) ?? "New message (could not be decrypted)"
        content.subtitle = "decrypted \(Self.bumpCount())"
        contentHandler(content)
    }

    static func readKey() -> Data? {
        let query: [String: Any] = [
            kSecClass as String: kSecClassGenericPassword,
            kSecAttrService as String: "com.example.app.e2e",
            kSecAttrAccount as String: "payload-key",
            kSecAttrAccessGroup as String: accessGroup,
            kSecReturnData as String: true,
            kSecMatchLimit as String: kSecMatchLimitOne,
        ]
        var item: CFTypeRef?
        let status = SecItemCopyMatching(query as CFDictionary, &item)
        guard status == errSecSuccess, let data = item as? Data else { return nil }
        return data
    }

    static func bumpCount() -> Int {
        let match: [String: Any] = [kSecClass as String: kSecClassGenericPassword,
                                    kSecAttrService as String: "com.example.app.stats", kSecAttrAccount as String: "decrypted"]
        var item: CFTypeRef?
        var query = match
        query[kSecReturnData as String] = true
        let count = SecItemCopyMatching(query as CFDictionary, &item) == errSecSuccess
            ? (item as? Data).flatMap { Int(String(decoding: $0, as: UTF8.self)) } ?? 0 : 0
        let next = Data(String(count + 1).utf8)
        if count == 0 {
            var add = match
            add[kSecValueData as String] = next
            _ = SecItemAdd(add as CFDictionary, nil)
        } else {
            _ = SecItemUpdate(match as CFDictionary, [kSecValueData as String: next] as CFDictionary)
        }
        return count + 1
    }

    static func decrypt(_ value: Any?, with key: SymmetricKey) -> String? {
        guard let text = value as? String, let combined = Data(base64Encoded: text),
              let box = try? AES.GCM.SealedBox(combined: combined),
              let plain = try? AES.GCM.open(box, using: key) else { return nil }
        return String(data: plain, encoding: .utf8)
    }
}
