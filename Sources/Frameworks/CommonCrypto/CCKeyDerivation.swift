import CCryptoBridge
import Foundation
import NSESimRuntime

// CommonKeyDerivation.h and CommonRandom.h over libcrypto.

/// Derives `derivedKeyLen` bytes from `password` and `salt` with PBKDF2 (`kCCPBKDF2`), HMAC of
/// `prf` (`kCCPRFHmacAlgSHA1` … `SHA512`) and `rounds` iterations: kCCSuccess, or kCCParamError
/// for another algorithm, PRF, no rounds or no output.
@discardableResult
public func CCKeyDerivationPBKDF(
    _ algorithm: CCPBKDFAlgorithm, _ password: UnsafePointer<CChar>!, _ passwordLen: Int, _ salt: UnsafePointer<UInt8>!,
    _ saltLen: Int, _ prf: CCPseudoRandomAlgorithm, _ rounds: UInt32, _ derivedKey: UnsafeMutablePointer<UInt8>!,
    _ derivedKeyLen: Int
) -> Int32 {
    let names = [
        kCCPRFHmacAlgSHA1: "SHA1", kCCPRFHmacAlgSHA224: "SHA224", kCCPRFHmacAlgSHA256: "SHA256",
        kCCPRFHmacAlgSHA384: "SHA384", kCCPRFHmacAlgSHA512: "SHA512",
    ]
    let name = names[Int(prf)]
    let refusal: String? =
        Int(algorithm) != kCCPBKDF2
        ? "the algorithm is not kCCPBKDF2"
        : name == nil
            ? "the PRF is not one of kCCPRFHmacAlgSHA1, SHA224, SHA256, SHA384, SHA512"
            : rounds == 0
                ? "rounds is 0"
                : derivedKey == nil || derivedKeyLen == 0
                    ? "no derived key to write"
                    : password == nil && passwordLen > 0 ? "the password is NULL" : nil
    if let refusal {
        CryptoRecord.send(
            "CCKeyDerivationPBKDF", status: kCCParamError,
            ["rounds": .integer(Int64(rounds)), "derivedKeyLength": .integer(Int64(derivedKeyLen)), "reason": .string(refusal)],
            summary: "kCCParamError (\(kCCParamError)): \(refusal)")
        return Int32(kCCParamError)
    }
    CryptoLibrary.require()
    let ok = nsesim_pbkdf2(password, passwordLen, salt, saltLen, rounds, name!, derivedKey, derivedKeyLen)
    let status = ok == 1 ? kCCSuccess : kCCUnspecifiedError
    CryptoRecord.send(
        "CCKeyDerivationPBKDF", status: status,
        [
            "algorithm": .string("PBKDF2-HMAC-\(name!)"), "rounds": .integer(Int64(rounds)), "passwordLength": .integer(Int64(passwordLen)),
            "saltLength": .integer(Int64(saltLen)), "derivedKeyLength": .integer(Int64(derivedKeyLen)),
        ],
        summary: "PBKDF2-HMAC-\(name!), \(rounds) rounds, \(saltLen)-byte salt → \(derivedKeyLen) bytes")
    return Int32(status)
}

/// Fills `bytes` with `count` cryptographically secure random bytes (libcrypto's generator).
@discardableResult
public func CCRandomGenerateBytes(_ bytes: UnsafeMutableRawPointer!, _ count: Int) -> CCRNGStatus {
    guard count > 0 else { return CCRNGStatus(kCCSuccess) }
    guard let bytes else { return CCRNGStatus(kCCParamError) }
    CryptoLibrary.require()
    let status = nsesim_random(bytes, count) == 1 ? kCCSuccess : kCCRNGFailure
    CryptoRecord.send(
        "CCRandomGenerateBytes", status: status, ["outputLength": .integer(Int64(count))], summary: "\(count) random bytes")
    return CCRNGStatus(status)
}
