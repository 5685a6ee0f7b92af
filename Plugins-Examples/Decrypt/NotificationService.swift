import CryptoKit
import UserNotifications

/// End-to-end encrypted notifications: the payload carries only ciphertext (AES-GCM,
/// base64 of nonce + ciphertext + tag) in "e2e": {"title", "body"}; the key is shared
/// in advance and read from the extension's Info.plist (E2EPreSharedKey, base64).
class NotificationService: UNNotificationServiceExtension {
    override func didReceive(_ request: UNNotificationRequest, withContentHandler contentHandler: @escaping (UNNotificationContent) -> Void) {
        guard let content = request.content.mutableCopy() as? UNMutableNotificationContent else {
            contentHandler(request.content)
            return
        }
        guard let encrypted = request.content.userInfo["e2e"] as? [String: Any],
              let keyText = Bundle.main.object(forInfoDictionaryKey: "E2EPreSharedKey") as? String,
              let keyData = Data(base64Encoded: keyText) else {
            content.body = "New message"
            contentHandler(content)
            return
        }
        let key = SymmetricKey(data: keyData)
        if let title = decrypt(encrypted["title"], with: key) { content.title = title }
        if let body = decrypt(encrypted["body"], with: key) {
            content.body = body
        } else {
            content.body = "New message (could not be decrypted)"
        }
        contentHandler(content)
    }

    private func decrypt(_ value: Any?, with key: SymmetricKey) -> String? {
        guard let text = value as? String, let combined = Data(base64Encoded: text),
              let box = try? AES.GCM.SealedBox(combined: combined),
              let plain = try? AES.GCM.open(box, using: key) else { return nil }
        return String(data: plain, encoding: .utf8)
    }
}
