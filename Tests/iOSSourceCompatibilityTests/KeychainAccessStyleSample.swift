import Foundation
import Security

/// A keychain wrapper written the way KeychainAccess is: a service, an accessibility with an
/// authentication policy turned into a `SecAccessControl`, a prompt, and the "is it there
/// without asking the user" query (`kSecUseAuthenticationUIFail`), as apps share a token with
/// their notification extension.
struct ServiceKeychain {
    enum Accessibility {
        case whenUnlocked, afterFirstUnlock, whenPasscodeSetThisDeviceOnly, afterFirstUnlockThisDeviceOnly

        var rawValue: CFString {
            switch self {
            case .whenUnlocked: return kSecAttrAccessibleWhenUnlocked
            case .afterFirstUnlock: return kSecAttrAccessibleAfterFirstUnlock
            case .whenPasscodeSetThisDeviceOnly: return kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly
            case .afterFirstUnlockThisDeviceOnly: return kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly
            }
        }
    }

    struct AuthenticationPolicy: OptionSet {
        let rawValue: UInt
        static let userPresence = AuthenticationPolicy(rawValue: 1 << 0)
        static let biometryAny = AuthenticationPolicy(rawValue: 1 << 1)
        static let devicePasscode = AuthenticationPolicy(rawValue: 1 << 4)
    }

    enum Status: Error, Equatable {
        case interactionNotAllowed, itemNotFound, param, other(OSStatus)

        init(_ status: OSStatus) {
            switch status {
            case errSecInteractionNotAllowed: self = .interactionNotAllowed
            case errSecItemNotFound: self = .itemNotFound
            case errSecParam: self = .param
            default: self = .other(status)
            }
        }
    }

    let service: String
    var accessibility: Accessibility = .afterFirstUnlock
    var authenticationPolicy: AuthenticationPolicy?
    var authenticationPrompt: String?

    init(service: String) {
        self.service = service
    }

    func accessibility(_ accessibility: Accessibility, authenticationPolicy: AuthenticationPolicy) -> ServiceKeychain {
        var copy = self
        copy.accessibility = accessibility
        copy.authenticationPolicy = authenticationPolicy
        return copy
    }

    private func query() -> [String: Any] {
        var query: [String: Any] = [
            kSecClass as String: kSecClassGenericPassword,
            kSecAttrService as String: service,
            kSecAttrSynchronizable as String: kSecAttrSynchronizableAny,
        ]
        if let prompt = authenticationPrompt { query[kSecUseOperationPrompt as String] = prompt }
        return query
    }

    func set(_ value: String, key: String) throws {
        var attributes = query()
        attributes[kSecAttrAccount as String] = key
        attributes[kSecValueData as String] = value.data(using: .utf8)!
        attributes[kSecAttrSynchronizable as String] = kCFBooleanFalse
        if let policy = authenticationPolicy {
            var error: Unmanaged<CFError>?
            guard
                let accessControl = SecAccessControlCreateWithFlags(
                    kCFAllocatorDefault, accessibility.rawValue, SecAccessControlCreateFlags(rawValue: CFOptionFlags(policy.rawValue)),
                    &error)
            else {
                throw error!.takeUnretainedValue() as Error
            }
            attributes[kSecAttrAccessControl as String] = accessControl
        } else {
            attributes[kSecAttrAccessible as String] = accessibility.rawValue
        }
        var status = SecItemAdd(attributes as CFDictionary, nil)
        if status == errSecDuplicateItem {
            var match = query()
            match[kSecAttrAccount as String] = key
            status = SecItemUpdate(match as CFDictionary, [kSecValueData as String: value.data(using: .utf8)!] as CFDictionary)
        }
        if status != errSecSuccess { throw Status(status) }
    }

    func get(_ key: String, authenticationUI: CFString? = nil) throws -> String? {
        var query = self.query()
        query[kSecAttrAccount as String] = key
        query[kSecMatchLimit as String] = kSecMatchLimitOne
        query[kSecReturnData as String] = kCFBooleanTrue
        if let authenticationUI = authenticationUI { query[kSecUseAuthenticationUI as String] = authenticationUI }
        var result: AnyObject?
        let status = SecItemCopyMatching(query as CFDictionary, &result)
        switch status {
        case errSecSuccess:
            guard let data = result as? Data else { throw Status.other(errSecDecode) }
            return String(data: data, encoding: .utf8)
        case errSecItemNotFound:
            return nil
        default:
            throw Status(status)
        }
    }

    func contains(_ key: String, withoutAuthenticationUI: Bool = false) throws -> Bool {
        var query = self.query()
        query[kSecAttrAccount as String] = key
        if withoutAuthenticationUI {
            query[kSecUseAuthenticationUI as String] = kSecUseAuthenticationUIFail
        } else {
            query[kSecReturnData as String] = kCFBooleanFalse
        }
        let status = SecItemCopyMatching(query as CFDictionary, nil)
        switch status {
        case errSecSuccess: return true
        case errSecInteractionNotAllowed: return withoutAuthenticationUI  // it is there, behind authentication
        case errSecItemNotFound: return false
        default: throw Status(status)
        }
    }

    func attributes(_ key: String) -> [String: Any]? {
        var query = self.query()
        query[kSecAttrAccount as String] = key
        query[kSecMatchLimit as String] = kSecMatchLimitOne
        query[kSecReturnAttributes as String] = kCFBooleanTrue
        var result: AnyObject?
        guard SecItemCopyMatching(query as CFDictionary, &result) == errSecSuccess else { return nil }
        return result as? [String: Any]
    }

    func remove(_ key: String) -> OSStatus {
        var query = self.query()
        query[kSecAttrAccount as String] = key
        return SecItemDelete(query as CFDictionary)
    }
}
