import Foundation
import Security

/// A keychain wrapper written the way KeychainSwift is (the Security sample of this target for
/// the wrappers apps use: compiled in Swift 5 mode, run by KeychainWrapperTests): a key prefix,
/// an access group, iCloud synchronization with `kSecAttrSynchronizableAny` in its queries, the
/// last result code, persistent references.
open class AppKeychain {
    var lastQueryParameters: [String: Any]?
    open var lastResultCode: OSStatus = noErr
    var keyPrefix = ""
    open var accessGroup: String?
    open var synchronizable: Bool = false
    private let lock = NSLock()

    public init(keyPrefix: String = "") {
        self.keyPrefix = keyPrefix
    }

    @discardableResult
    open func set(_ value: String, forKey key: String, withAccess access: CFString? = nil) -> Bool {
        guard let value = value.data(using: String.Encoding.utf8) else { return false }
        return set(value, forKey: key, withAccess: access)
    }

    @discardableResult
    open func set(_ value: Data, forKey key: String, withAccess access: CFString? = nil) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        deleteNoLock(key)
        let prefixedKey = keyWithPrefix(key)
        var query: [String: Any] = [
            kSecClass as String: kSecClassGenericPassword,
            kSecAttrAccount as String: prefixedKey,
            kSecValueData as String: value,
            kSecAttrAccessible as String: access ?? kSecAttrAccessibleWhenUnlocked,
        ]
        query = addAccessGroupWhenPresent(query)
        query = addSynchronizableIfRequired(query, addingItems: true)
        lastQueryParameters = query
        lastResultCode = SecItemAdd(query as CFDictionary, nil)
        return lastResultCode == noErr
    }

    @discardableResult
    open func set(_ value: Bool, forKey key: String, withAccess access: CFString? = nil) -> Bool {
        let bytes: [UInt8] = value ? [1] : [0]
        return set(Data(bytes), forKey: key, withAccess: access)
    }

    open func get(_ key: String) -> String? {
        guard let data = getData(key) else { return nil }
        guard let currentString = String(data: data, encoding: .utf8) else {
            lastResultCode = -67853  // errSecInvalidEncoding
            return nil
        }
        return currentString
    }

    open func getData(_ key: String, asReference: Bool = false) -> Data? {
        lock.lock()
        defer { lock.unlock() }
        let prefixedKey = keyWithPrefix(key)
        var query: [String: Any] = [
            kSecClass as String: kSecClassGenericPassword,
            kSecAttrAccount as String: prefixedKey,
            kSecMatchLimit as String: kSecMatchLimitOne,
        ]
        if asReference {
            query[kSecReturnPersistentRef as String] = kCFBooleanTrue
        } else {
            query[kSecReturnData as String] = kCFBooleanTrue
        }
        query = addAccessGroupWhenPresent(query)
        query = addSynchronizableIfRequired(query, addingItems: false)
        lastQueryParameters = query
        var result: AnyObject?
        lastResultCode = withUnsafeMutablePointer(to: &result) {
            SecItemCopyMatching(query as CFDictionary, UnsafeMutablePointer($0))
        }
        if lastResultCode == noErr { return result as? Data }
        return nil
    }

    open func getBool(_ key: String) -> Bool? {
        guard let data = getData(key), let firstBit = data.first else { return nil }
        return firstBit == 1
    }

    @discardableResult
    open func delete(_ key: String) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        return deleteNoLock(key)
    }

    public var allKeys: [String] {
        var query: [String: Any] = [
            kSecClass as String: kSecClassGenericPassword,
            kSecReturnData as String: true,
            kSecReturnAttributes as String: true,
            kSecReturnPersistentRef as String: true,
            kSecMatchLimit as String: kSecMatchLimitAll,
        ]
        query = addAccessGroupWhenPresent(query)
        query = addSynchronizableIfRequired(query, addingItems: false)
        var result: AnyObject?
        lastResultCode = withUnsafeMutablePointer(to: &result) {
            SecItemCopyMatching(query as CFDictionary, UnsafeMutablePointer($0))
        }
        if lastResultCode == noErr {
            return (result as? [[String: Any]])?.compactMap { $0[kSecAttrAccount as String] as? String } ?? []
        }
        return []
    }

    @discardableResult
    func deleteNoLock(_ key: String) -> Bool {
        let prefixedKey = keyWithPrefix(key)
        var query: [String: Any] = [
            kSecClass as String: kSecClassGenericPassword,
            kSecAttrAccount as String: prefixedKey,
        ]
        query = addAccessGroupWhenPresent(query)
        query = addSynchronizableIfRequired(query, addingItems: false)
        lastQueryParameters = query
        lastResultCode = SecItemDelete(query as CFDictionary)
        return lastResultCode == noErr
    }

    @discardableResult
    open func clear() -> Bool {
        lock.lock()
        defer { lock.unlock() }
        var query: [String: Any] = [kSecClass as String: kSecClassGenericPassword]
        query = addAccessGroupWhenPresent(query)
        query = addSynchronizableIfRequired(query, addingItems: false)
        lastQueryParameters = query
        lastResultCode = SecItemDelete(query as CFDictionary)
        return lastResultCode == noErr
    }

    func keyWithPrefix(_ key: String) -> String {
        "\(keyPrefix)\(key)"
    }

    func addAccessGroupWhenPresent(_ items: [String: Any]) -> [String: Any] {
        guard let accessGroup = accessGroup else { return items }
        var result: [String: Any] = items
        result[kSecAttrAccessGroup as String] = accessGroup
        return result
    }

    func addSynchronizableIfRequired(_ items: [String: Any], addingItems: Bool) -> [String: Any] {
        if !synchronizable { return items }
        var result: [String: Any] = items
        result[kSecAttrSynchronizable as String] = addingItems == true ? true : kSecAttrSynchronizableAny
        return result
    }
}
