import Foundation

/// A random number generator (only the default one exists).
public typealias SecRandomRef = OpaquePointer
/// The default generator: the system's.
nonisolated(unsafe) public let kSecRandomDefault: SecRandomRef? = nil

/// Fills `bytes` with `count` cryptographically secure random bytes; 0 on success.
public func SecRandomCopyBytes(_ rnd: SecRandomRef?, _ count: Int, _ bytes: UnsafeMutableRawPointer) -> Int32 {
    var generator = SystemRandomNumberGenerator()
    let buffer = bytes.assumingMemoryBound(to: UInt8.self)
    for index in 0..<count { buffer[index] = UInt8.random(in: 0...255, using: &generator) }
    return errSecSuccess
}

/// The message for a status code, as Security gives it.
public func SecCopyErrorMessageString(_ status: OSStatus, _ reserved: UnsafeMutableRawPointer?) -> CFString? {
    NSString(string: SecStatusName.message(status))
}

/// Names and messages of the status codes.
enum SecStatusName {
    static func name(_ status: OSStatus) -> String {
        switch status {
        case errSecSuccess: "errSecSuccess"
        case errSecParam: "errSecParam"
        case errSecDuplicateItem: "errSecDuplicateItem"
        case errSecItemNotFound: "errSecItemNotFound"
        case errSecInteractionNotAllowed: "errSecInteractionNotAllowed"
        case errSecAuthFailed: "errSecAuthFailed"
        case errSecMissingEntitlement: "errSecMissingEntitlement"
        case errSecDecode: "errSecDecode"
        default: "OSStatus \(status)"
        }
    }

    static func message(_ status: OSStatus) -> String {
        switch status {
        case errSecSuccess: "No error."
        case errSecParam: "One or more parameters passed to a function were not valid."
        case errSecDuplicateItem: "The specified item already exists in the keychain."
        case errSecItemNotFound: "The specified item could not be found in the keychain."
        case errSecInteractionNotAllowed: "User interaction is not allowed."
        case errSecAuthFailed: "The user name or passphrase you entered is not correct."
        case errSecMissingEntitlement: "A required entitlement isn't present."
        case errSecDecode: "Unable to decode the provided data."
        default: "OSStatus \(status)"
        }
    }
}
