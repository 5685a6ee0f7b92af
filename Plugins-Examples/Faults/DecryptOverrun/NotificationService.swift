import Foundation
import UserNotifications

class NotificationService: UNNotificationServiceExtension {
    var contentHandler: ((UNNotificationContent) -> Void)?
    var bestAttemptContent: UNMutableNotificationContent?

    override func didReceive(_ request: UNNotificationRequest, withContentHandler contentHandler: @escaping (UNNotificationContent) -> Void) {
        self.contentHandler = contentHandler
        bestAttemptContent = (request.content.mutableCopy() as? UNMutableNotificationContent)
        if let bestAttemptContent = bestAttemptContent {
            if let sealed = request.content.userInfo["sealed"] as? String, let cipher = Data(base64Encoded: sealed) {
                bestAttemptContent.body = decrypt(cipher, key: Array("nse-demo-key".utf8))
            }
            contentHandler(bestAttemptContent)
        }
    }

    /// XORs the body with the key into a NUL-terminated buffer, as the C routine it was ported from did.
    func decrypt(_ cipher: Data, key: [UInt8]) -> String {
        var plain = [UInt8](repeating: 0, count: cipher.count)
        plain.withUnsafeMutableBytes { buffer in
            let bytes = buffer.baseAddress!.assumingMemoryBound(to: UInt8.self)
            for index in 0..<cipher.count {
                bytes[index] = cipher[cipher.startIndex + index] ^ key[index % key.count]
            }
            bytes[cipher.count] = 0  // the C string's terminator: one byte past the end
        }
        return String(decoding: plain, as: UTF8.self)
    }

    override func serviceExtensionTimeWillExpire() {
        // Called just before the extension will be terminated by the system.
        // Use this as an opportunity to deliver your "best attempt" at modified content, otherwise the original push payload will be used.
        if let contentHandler = contentHandler, let bestAttemptContent = bestAttemptContent {
            contentHandler(bestAttemptContent)
        }
    }
}
