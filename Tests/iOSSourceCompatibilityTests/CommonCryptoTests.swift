import CommonCrypto
import Foundation
import Testing

private func hex(_ text: String) -> Data {
    var data = Data()
    var index = text.startIndex
    while index < text.endIndex {
        let next = text.index(index, offsetBy: 2)
        data.append(UInt8(text[index..<next], radix: 16)!)
        index = next
    }
    return data
}

private func hex(_ data: Data) -> String { data.map { String(format: "%02x", $0) }.joined() }

/// CommonCrypto over libcrypto against the standards' test vectors: NIST SP 800-38A (AES ECB,
/// CBC, CTR), FIPS 180 (SHA), RFC 1321 (MD5), RFC 4231 (HMAC-SHA2), RFC 6070 (PBKDF2), and the
/// status codes for bad input.
@Suite struct CommonCryptoTests {
    let key128 = hex("2b7e151628aed2a6abf7158809cf4f3c")
    let iv = hex("000102030405060708090a0b0c0d0e0f")
    let plaintext = hex("6bc1bee22e409f96e93d7e117393172aae2d8a571e03ac9c9eb76fac45af8e51")

    @Test("SP 800-38A F.2.1 and F.2.5: AES-128 and AES-256 CBC, both ways")
    func aesCBC() throws {
        let encrypted = try MessageCrypto.crypt(kCCEncrypt, data: plaintext, key: key128, iv: iv, options: 0)
        #expect(hex(encrypted) == "7649abac8119b246cee98e9b12e9197d5086cb9b507219ee95db113a917678b2")
        #expect(try MessageCrypto.crypt(kCCDecrypt, data: encrypted, key: key128, iv: iv, options: 0) == plaintext)
        let key256 = hex("603deb1015ca71be2b73aef0857d77811f352c073b6108d72d9810a30914dff4")
        let encrypted256 = try MessageCrypto.crypt(kCCEncrypt, data: plaintext.prefix(16), key: key256, iv: iv, options: 0)
        #expect(hex(encrypted256) == "f58c4c04d6e5f1ba779eabfb5f7bfbd6")
    }

    @Test("SP 800-38A F.1.1: AES-128 ECB (kCCOptionECBMode)")
    func aesECB() throws {
        let encrypted = try MessageCrypto.crypt(kCCEncrypt, data: plaintext.prefix(16), key: key128, iv: Data(), options: kCCOptionECBMode)
        #expect(hex(encrypted) == "3ad77bb40d7a3660a89ecaf32466ef97")
    }

    @Test("SP 800-38A F.5.1: AES-128 CTR with CCCryptorCreateWithMode, Update, Final, Release")
    func aesCTR() throws {
        var cryptor: CCCryptorRef?
        let counter = hex("f0f1f2f3f4f5f6f7f8f9fafbfcfdfeff")
        let status = counter.withUnsafeBytes { ivBytes in
            key128.withUnsafeBytes { keyBytes in
                CCCryptorCreateWithMode(
                    CCOperation(kCCEncrypt), CCMode(kCCModeCTR), CCAlgorithm(kCCAlgorithmAES), CCPadding(ccNoPadding),
                    ivBytes.baseAddress, keyBytes.baseAddress, key128.count, nil, 0, 0,
                    CCModeOptions(kCCModeOptionCTR_BE), &cryptor)
            }
        }
        #expect(status == kCCSuccess)
        var output = [UInt8](repeating: 0, count: 16)
        var moved = 0
        #expect(CCCryptorGetOutputLength(cryptor, 16, true) == 16)
        let update = plaintext.prefix(16).withUnsafeBytes { CCCryptorUpdate(cryptor, $0.baseAddress, 16, &output, output.count, &moved) }
        #expect(update == kCCSuccess)
        #expect(moved == 16)
        #expect(hex(Data(output)) == "874d6191b620e3261bef6864990db6ce")
        #expect(CCCryptorFinal(cryptor, &output, output.count, &moved) == kCCSuccess)
        #expect(moved == 0)
        #expect(CCCryptorRelease(cryptor) == kCCSuccess)
    }

    @Test("PKCS#7 padding round trip; DES (the textbook vector) and 3DES")
    func paddingAndDES() throws {
        let message = Data("The door code is 4711".utf8)
        let key = try #require(MessageCrypto.randomIV())
        let iv = try #require(MessageCrypto.randomIV())
        let sealed = try MessageCrypto.crypt(kCCEncrypt, data: message, key: key, iv: iv)
        #expect(sealed.count == 32)
        #expect(try MessageCrypto.crypt(kCCDecrypt, data: sealed, key: key, iv: iv) == message)
        let des = try MessageCrypto.crypt(
            kCCEncrypt, data: hex("0123456789abcdef"), key: hex("133457799bbcdff1"), iv: Data(),
            options: kCCOptionECBMode, algorithm: kCCAlgorithmDES)
        #expect(hex(des) == "85e813540f0ab405")
        let key3 = Data((0..<24).map { UInt8($0 * 7 + 1) })
        let triple = try MessageCrypto.crypt(kCCEncrypt, data: message, key: key3, iv: Data(count: 8), algorithm: kCCAlgorithm3DES)
        #expect(try MessageCrypto.crypt(kCCDecrypt, data: triple, key: key3, iv: Data(count: 8), algorithm: kCCAlgorithm3DES) == message)
    }

    @Test("FIPS 180 and RFC 1321: SHA-1, SHA-224, SHA-256 (one shot and streamed), SHA-384, SHA-512, MD5 of \"abc\"")
    func digests() {
        let abc = Data("abc".utf8)
        #expect(hex(MessageCrypto.sha256(abc)) == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(MessageCrypto.sha256Streamed([Data("a".utf8), Data("bc".utf8)]) == MessageCrypto.sha256(abc))
        func digest(_ length: Int32, _ body: (UnsafeRawPointer?, CC_LONG, UnsafeMutablePointer<UInt8>) -> Void) -> String {
            var out = [UInt8](repeating: 0, count: Int(length))
            abc.withUnsafeBytes { body($0.baseAddress, CC_LONG(abc.count), &out) }
            return hex(Data(out))
        }
        #expect(digest(CC_SHA1_DIGEST_LENGTH) { _ = CC_SHA1($0, $1, $2) } == "a9993e364706816aba3e25717850c26c9cd0d89d")
        #expect(digest(CC_SHA224_DIGEST_LENGTH) { _ = CC_SHA224($0, $1, $2) } == "23097d223405d8228642a477bda255b32aadbce4bda0b3f7e36c9da7")
        #expect(
            digest(CC_SHA384_DIGEST_LENGTH) { _ = CC_SHA384($0, $1, $2) }
                == "cb00753f45a35e8bb5a03d699ac65007272c32ab0eded1631a8b605a43ff5bed8086072ba1e7cc2358baeca134c825a7")
        #expect(
            digest(CC_SHA512_DIGEST_LENGTH) { _ = CC_SHA512($0, $1, $2) }
                == "ddaf35a193617abacc417349ae20413112e6fa4e89a97ea20a9eeee64b55d39a2192992a274fc1a836ba3c23a3feebbd454d4423643ce80e2a9ac94fa54ca49f"
        )
        #expect(digest(CC_MD5_DIGEST_LENGTH) { _ = CC_MD5($0, $1, $2) } == "900150983cd24fb0d6963f7d28e17f72")
    }

    @Test("RFC 4231 test case 2: HMAC-SHA256 and HMAC-SHA512, one shot and with Init/Update/Final")
    func hmac() {
        let key = Data("Jefe".utf8)
        let data = Data("what do ya want for nothing?".utf8)
        #expect(hex(MessageCrypto.hmacSHA256(data, key: key)) == "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843")
        var context = CCHmacContext()
        key.withUnsafeBytes { CCHmacInit(&context, CCHmacAlgorithm(kCCHmacAlgSHA512), $0.baseAddress, key.count) }
        data.prefix(10).withUnsafeBytes { CCHmacUpdate(&context, $0.baseAddress, 10) }
        data.dropFirst(10).withUnsafeBytes { CCHmacUpdate(&context, $0.baseAddress, data.count - 10) }
        var mac = [UInt8](repeating: 0, count: Int(CC_SHA512_DIGEST_LENGTH))
        CCHmacFinal(&context, &mac)
        #expect(
            hex(Data(mac))
                == "164b7a7bfcf819e2e395fbe73b56e0a387bd64222e831fd610270cd7ea2505549758bf75c05a994a6d034f65f8f0e6fdcaeab1a34d4a6b4b636e070a38bce737"
        )
    }

    @Test("RFC 6070: PBKDF2-HMAC-SHA1 with 1 and 4096 rounds")
    func pbkdf2() throws {
        let salt = Data("salt".utf8)
        #expect(
            hex(try MessageCrypto.deriveKey(password: "password", salt: salt, rounds: 1, length: 20, prf: kCCPRFHmacAlgSHA1))
                == "0c60c80f961f0e71f3a9b524af6012062fe037a6")
        #expect(
            hex(try MessageCrypto.deriveKey(password: "password", salt: salt, rounds: 4096, length: 20, prf: kCCPRFHmacAlgSHA1))
                == "4b007901b765489abead49d926f721d065a429c1")
        #expect(throws: MessageCrypto.Failure.derivation(Int32(kCCParamError))) {
            try MessageCrypto.deriveKey(password: "password", salt: salt, rounds: 0)
        }
    }

    @Test("Bad input: a wrong key length is kCCKeySizeError (-4310); too small an output, partial blocks, wrong padding")
    func badInput() throws {
        #expect(kCCKeySizeError == -4310)
        #expect(throws: MessageCrypto.Failure.status(CCCryptorStatus(kCCKeySizeError))) {
            try MessageCrypto.crypt(kCCEncrypt, data: plaintext, key: key128.prefix(15), iv: iv)
        }
        #expect(throws: MessageCrypto.Failure.status(CCCryptorStatus(kCCKeySizeError))) {
            try MessageCrypto.crypt(kCCEncrypt, data: plaintext, key: key128, iv: iv, algorithm: kCCAlgorithmDES)
        }
        var small = [UInt8](repeating: 0, count: 8)
        var moved = 0
        let status = plaintext.withUnsafeBytes { bytes in
            key128.withUnsafeBytes { keyBytes in
                CCCrypt(
                    CCOperation(kCCEncrypt), CCAlgorithm(kCCAlgorithmAES), CCOptions(kCCOptionPKCS7Padding), keyBytes.baseAddress, 16,
                    nil, bytes.baseAddress, plaintext.count, &small, small.count, &moved)
            }
        }
        #expect(status == kCCBufferTooSmall)
        #expect(moved == 48)
        #expect(throws: MessageCrypto.Failure.status(CCCryptorStatus(kCCAlignmentError))) {
            try MessageCrypto.crypt(kCCEncrypt, data: plaintext.prefix(20), key: key128, iv: iv, options: 0)
        }
        // The SP 800-38A ciphertext decrypts to blocks that are not PKCS#7-padded.
        let ciphertext = hex("7649abac8119b246cee98e9b12e9197d5086cb9b507219ee95db113a917678b2")
        #expect(throws: MessageCrypto.Failure.status(CCCryptorStatus(kCCDecodeError))) {
            try MessageCrypto.crypt(kCCDecrypt, data: ciphertext, key: key128, iv: iv)
        }
        #expect(throws: MessageCrypto.Failure.status(CCCryptorStatus(kCCParamError))) {
            try MessageCrypto.crypt(kCCEncrypt, data: plaintext, key: key128, iv: iv, algorithm: 42)
        }
    }
}
