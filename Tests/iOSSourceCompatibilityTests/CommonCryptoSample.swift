import CommonCrypto
import Foundation

/// End-to-end decryption as messengers' shared `Encryption.swift` files write it with
/// CommonCrypto (the CommonCrypto sample of this target: compiled in Swift 5 mode, run by
/// CommonCryptoTests): a key from a password with PBKDF2, AES-CBC with PKCS#7 padding, an
/// HMAC to check the message, SHA-256 of a room key.
enum MessageCrypto {
    enum Failure: Error, Equatable {
        case status(CCCryptorStatus)
        case derivation(Int32)
    }

    static func crypt(
        _ operation: Int, data: Data, key: Data, iv: Data, options: Int = kCCOptionPKCS7Padding,
        algorithm: Int = kCCAlgorithmAES128
    ) throws -> Data {
        let blockSize = algorithm == kCCAlgorithmAES128 ? kCCBlockSizeAES128 : kCCBlockSizeDES
        var output = Data(count: data.count + blockSize)
        var moved = 0
        let outputCount = output.count
        let status = output.withUnsafeMutableBytes { outputBytes in
            data.withUnsafeBytes { dataBytes in
                key.withUnsafeBytes { keyBytes in
                    iv.withUnsafeBytes { ivBytes in
                        CCCrypt(
                            CCOperation(operation), CCAlgorithm(algorithm), CCOptions(options),
                            keyBytes.baseAddress, key.count, iv.isEmpty ? nil : ivBytes.baseAddress,
                            dataBytes.baseAddress, data.count, outputBytes.baseAddress, outputCount, &moved)
                    }
                }
            }
        }
        guard status == kCCSuccess else { throw Failure.status(status) }
        return output.prefix(moved)
    }

    static func deriveKey(
        password: String, salt: Data, rounds: UInt32, length: Int = kCCKeySizeAES256,
        prf: Int = kCCPRFHmacAlgSHA256
    ) throws -> Data {
        var derived = [UInt8](repeating: 0, count: length)
        let passwordData = Array(password.utf8)
        let status = salt.withUnsafeBytes { saltBytes in
            passwordData.withUnsafeBufferPointer { passwordBytes in
                CCKeyDerivationPBKDF(
                    CCPBKDFAlgorithm(kCCPBKDF2),
                    UnsafeRawPointer(passwordBytes.baseAddress!).assumingMemoryBound(to: CChar.self), passwordData.count,
                    saltBytes.bindMemory(to: UInt8.self).baseAddress, salt.count,
                    CCPseudoRandomAlgorithm(prf), rounds, &derived, derived.count)
            }
        }
        guard status == kCCSuccess else { throw Failure.derivation(status) }
        return Data(derived)
    }

    static func hmacSHA256(_ data: Data, key: Data) -> Data {
        var mac = [UInt8](repeating: 0, count: Int(CC_SHA256_DIGEST_LENGTH))
        data.withUnsafeBytes { dataBytes in
            key.withUnsafeBytes { keyBytes in
                CCHmac(CCHmacAlgorithm(kCCHmacAlgSHA256), keyBytes.baseAddress, key.count, dataBytes.baseAddress, data.count, &mac)
            }
        }
        return Data(mac)
    }

    static func sha256(_ data: Data) -> Data {
        var digest = [UInt8](repeating: 0, count: Int(CC_SHA256_DIGEST_LENGTH))
        data.withUnsafeBytes { _ = CC_SHA256($0.baseAddress, CC_LONG(data.count), &digest) }
        return Data(digest)
    }

    static func sha256Streamed(_ chunks: [Data]) -> Data {
        var context = CC_SHA256_CTX()
        CC_SHA256_Init(&context)
        for chunk in chunks {
            chunk.withUnsafeBytes { _ = CC_SHA256_Update(&context, $0.baseAddress, CC_LONG(chunk.count)) }
        }
        var digest = [UInt8](repeating: 0, count: Int(CC_SHA256_DIGEST_LENGTH))
        CC_SHA256_Final(&digest, &context)
        return Data(digest)
    }

    static func randomIV() -> Data? {
        var bytes = [UInt8](repeating: 0, count: kCCBlockSizeAES128)
        return CCRandomGenerateBytes(&bytes, bytes.count) == kCCSuccess ? Data(bytes) : nil
    }
}
