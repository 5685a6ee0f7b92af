import Foundation
import Security

/// The app's keychain wrapper, shared with its extension (written as KeychainSwift is): items
/// in the app group's access group, iCloud-synchronized ones found with
/// kSecAttrSynchronizableAny, and a check for items behind Face ID that never shows UI.
final class KeychainStore {
    let accessGroup: String?
    var lastResultCode: OSStatus = noErr

    init(accessGroup: String? = nil) {
        self.accessGroup = accessGroup
    }

    private func query(_ key: String) -> [String: Any] {
        var query: [String: Any] = [
            kSecClass as String: kSecClassGenericPassword,
            kSecAttrAccount as String: key,
            kSecAttrSynchronizable as String: kSecAttrSynchronizableAny,
        ]
        if let accessGroup = accessGroup { query[kSecAttrAccessGroup as String] = accessGroup }
        return query
    }

    func get(_ key: String) -> String? {
        var query = self.query(key)
        query[kSecReturnData as String] = kCFBooleanTrue
        query[kSecMatchLimit as String] = kSecMatchLimitOne
        query[kSecUseAuthenticationUI as String] = kSecUseAuthenticationUISkip
        var result: AnyObject?
        lastResultCode = SecItemCopyMatching(query as CFDictionary, &result)
        guard lastResultCode == noErr, let data = result as? Data else { return nil }
        return String(data: data, encoding: .utf8)
    }

    /// Whether the item is there but needs the user to authenticate.
    func needsAuthentication(_ key: String) -> Bool {
        var query = self.query(key)
        query[kSecUseAuthenticationUI as String] = kSecUseAuthenticationUIFail
        return SecItemCopyMatching(query as CFDictionary, nil) == errSecInteractionNotAllowed
    }

    @discardableResult
    func set(_ value: String, forKey key: String) -> Bool {
        var match = self.query(key)
        SecItemDelete(match as CFDictionary)
        match[kSecAttrSynchronizable as String] = kCFBooleanFalse
        match[kSecValueData as String] = Data(value.utf8)
        match[kSecAttrAccessible as String] = kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly
        lastResultCode = SecItemAdd(match as CFDictionary, nil)
        return lastResultCode == noErr
    }
}
