import CommonCrypto
import UserNotifications

/// End-to-end encrypted messages as messengers decrypt them with CommonCrypto: the payload's
/// "e2e" carries a salt, an IV, the ciphertext and an HMAC (base64); the keys come from a
/// passphrase shared in advance (the Info.plist's E2EPassphrase) with PBKDF2-HMAC-SHA256: the
/// first half for AES-CBC (`keyBits`, 256 unless the payload says), the second for the HMAC.
class NotificationService: UNNotificationServiceExtension {
    override func didReceive(_ request: UNNotificationRequest, withContentHandler contentHandler: @escaping (UNNotificationContent) -> Void) {
        let content = request.content.mutableCopy() as! UNMutableNotificationContent
        guard let e2e = request.content.userInfo["e2e"] as? [String: Any],
              let passphrase = Bundle.main.object(forInfoDictionaryKey: "E2EPassphrase") as? String,
              let salt = (e2e["salt"] as? String).flatMap({ Data(base64Encoded: $0) }),
              let iv = (e2e["iv"] as? String).flatMap({ Data(base64Encoded: $0) }),
              let ciphertext = (e2e["ciphertext"] as? String).flatMap({ Data(base64Encoded: $0) }),
              let mac = (e2e["mac"] as? String).flatMap({ Data(base64Encoded: $0) }) else {
            content.body = "New message"
            contentHandler(content)
            return
        }
        let keyBytes = ((e2e["keyBits"] as? Int) ?? 256) / 8
        let keys = deriveKeys(passphrase: passphrase, salt: salt, length: keyBytes + 32)
        let encryptionKey = keys.prefix(keyBytes)
        let macKey = keys.suffix(32)
        guard hmac(iv + ciphertext, key: macKey) == mac else {
            content.body = "New message (its signature does not match)"
            contentHandler(content)
            return
        }
        switch decrypt(ciphertext, key: encryptionKey, iv: iv) {
        case .success(let plain):
            let message = (try? JSONSerialization.jsonObject(with: plain)) as? [String: String] ?? [:]
            content.title = message["title"] ?? content.title
            content.body = message["body"] ?? content.body
            content.subtitle = "decrypted (AES-\(keyBytes * 8)-CBC)"
        case .failure(let status):
            content.body = "New message (could not be decrypted)"
            content.subtitle = "CommonCrypto status \(status.rawValue)"
        }
        contentHandler(content)
    }

    struct CryptStatus: Error {
        let rawValue: CCCryptorStatus
    }

    private func deriveKeys(passphrase: String, salt: Data, length: Int) -> Data {
        var derived = [UInt8](repeating: 0, count: length)
        let password = Array(passphrase.utf8).map { CChar(bitPattern: $0) }
        _ = salt.withUnsafeBytes { saltBytes in
            CCKeyDerivationPBKDF(CCPBKDFAlgorithm(kCCPBKDF2), password, password.count,
                                 saltBytes.bindMemory(to: UInt8.self).baseAddress, salt.count,
                                 CCPseudoRandomAlgorithm(kCCPRFHmacAlgSHA256), 10_000, &derived, derived.count)
        }
        return Data(derived)
    }

    private func hmac(_ data: Data, key: Data) -> Data {
        var mac = [UInt8](repeating: 0, count: Int(CC_SHA256_DIGEST_LENGTH))
        data.withUnsafeBytes { dataBytes in
            key.withUnsafeBytes { keyBytes in
                CCHmac(CCHmacAlgorithm(kCCHmacAlgSHA256), keyBytes.baseAddress, key.count, dataBytes.baseAddress, data.count, &mac)
            }
        }
        return Data(mac)
    }

    private func decrypt(_ data: Data, key: Data, iv: Data) -> Result<Data, CryptStatus> {
        var output = [UInt8](repeating: 0, count: data.count + kCCBlockSizeAES128)
        var moved = 0
        let status = data.withUnsafeBytes { dataBytes in
            key.withUnsafeBytes { keyBytes in
                iv.withUnsafeBytes { ivBytes in
                    CCCrypt(CCOperation(kCCDecrypt), CCAlgorithm(kCCAlgorithmAES), CCOptions(kCCOptionPKCS7Padding),
                            keyBytes.baseAddress, key.count, ivBytes.baseAddress,
                            dataBytes.baseAddress, data.count, &output, output.count, &moved)
                }
            }
        }
        guard status == kCCSuccess else { return .failure(CryptStatus(rawValue: status)) }
        return .success(Data(output.prefix(moved)))
    }
}
