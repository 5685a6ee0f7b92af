import Foundation
import Security
import Testing

/// The keychain wrappers' usage (KeychainSwift's and KeychainAccess's, as our own samples in
/// their style) against Security: synchronizable items, access groups, persistent references,
/// access control and what an extension gets for an item behind authentication.
@Suite struct KeychainWrapperTests {
    @Test("KeychainSwift's style: prefix, set/get/getBool, persistent reference, allKeys, delete, clear")
    func keychainSwiftStyle() throws {
        let keychain = AppKeychain(keyPrefix: "test-\(UUID().uuidString)-")
        #expect(keychain.set("hello", forKey: "greeting", withAccess: kSecAttrAccessibleAfterFirstUnlock))
        #expect(keychain.get("greeting") == "hello")
        #expect(keychain.set(true, forKey: "flag"))
        #expect(keychain.getBool("flag") == true)
        let reference = try #require(keychain.getData("greeting", asReference: true))
        #expect(!reference.isEmpty)
        // A persistent reference finds the item again.
        var result: AnyObject?
        let byReference: [String: Any] = [
            kSecClass as String: kSecClassGenericPassword, kSecValuePersistentRef as String: reference,
            kSecReturnData as String: true,
        ]
        #expect(SecItemCopyMatching(byReference as CFDictionary, &result) == errSecSuccess)
        #expect((result as? Data).flatMap { String(data: $0, encoding: .utf8) } == "hello")
        #expect(keychain.allKeys.contains(keychain.keyWithPrefix("greeting")))
        #expect(keychain.delete("greeting"))
        #expect(keychain.get("greeting") == nil)
        #expect(keychain.lastResultCode == errSecItemNotFound)
        #expect(keychain.delete("flag"))
    }

    @Test("Synchronizable items: found with kSecAttrSynchronizableAny, not by a query without kSecAttrSynchronizable")
    func synchronizable() throws {
        let synced = AppKeychain(keyPrefix: "sync-\(UUID().uuidString)-")
        synced.synchronizable = true
        #expect(synced.set("icloud", forKey: "token"))
        #expect(synced.lastQueryParameters?[kSecAttrSynchronizable as String] as? Bool == true)
        #expect(synced.get("token") == "icloud")
        #expect(synced.allKeys.contains(synced.keyWithPrefix("token")))
        let local = AppKeychain(keyPrefix: synced.keyPrefix)
        // As on iOS: a query without kSecAttrSynchronizable sees only items that do not synchronize.
        #expect(local.get("token") == nil)
        #expect(local.set("device", forKey: "token"))
        #expect(local.get("token") == "device")
        #expect(synced.get("token") != nil)
        #expect(synced.delete("token"))  // kSecAttrSynchronizableAny: both
        #expect(local.get("token") == nil)
    }

    @Test("Access groups: an item in one group is not in another")
    func accessGroups() {
        let prefix = "group-\(UUID().uuidString)-"
        let shared = AppKeychain(keyPrefix: prefix)
        shared.accessGroup = "TEAMID.com.example.shared"
        #expect(shared.set("shared", forKey: "k"))
        let other = AppKeychain(keyPrefix: prefix)
        other.accessGroup = "TEAMID.com.example.other"
        #expect(other.get("k") == nil)
        #expect(shared.get("k") == "shared")
        #expect(shared.clear())
    }

    @Test("KeychainAccess's style: an access-controlled item can't be read without authentication UI")
    func accessControl() throws {
        let keychain = ServiceKeychain(service: "com.example.tests.\(UUID().uuidString)")
            .accessibility(.whenPasscodeSetThisDeviceOnly, authenticationPolicy: .userPresence)
        try keychain.set("secret", key: "pin")
        #expect(throws: ServiceKeychain.Status.interactionNotAllowed) { try keychain.get("pin") }
        #expect(throws: ServiceKeychain.Status.interactionNotAllowed) {
            try keychain.get("pin", authenticationUI: kSecUseAuthenticationUIFail)
        }
        #expect(try keychain.get("pin", authenticationUI: kSecUseAuthenticationUISkip) == nil)
        #expect(try keychain.contains("pin", withoutAuthenticationUI: true))
        // Attributes need no authentication: the access control comes back as a SecAccessControl.
        let attributes = try #require(keychain.attributes("pin"))
        #expect(attributes[kSecAttrAccessControl as String] is SecAccessControl)
        #expect(attributes[kSecAttrAccessible as String] as? String == kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly as String)
        #expect(attributes[kSecAttrCreationDate as String] is Date)
        #expect(attributes[kSecAttrSynchronizable as String] as? Bool == false)
        // An update of its data needs the user too; a delete does not.
        #expect(throws: ServiceKeychain.Status.interactionNotAllowed) { try keychain.set("other", key: "pin") }
        #expect(keychain.remove("pin") == errSecSuccess)

        let plain = ServiceKeychain(service: keychain.service)
        try plain.set("token", key: "api")
        #expect(try plain.get("api") == "token")
        #expect(plain.remove("api") == errSecSuccess)
    }

    @Test("Bad input: SecAccessControlCreateWithFlags refuses an unknown protection or .or with .and, with errSecParam")
    func badAccessControl() throws {
        var error: Unmanaged<CFError>?
        #expect(SecAccessControlCreateWithFlags(nil, "nonsense" as CFString, .userPresence, &error) == nil)
        let refusal = try #require(error?.takeRetainedValue())
        #expect(refusal.code == Int(errSecParam))
        // KeychainAccess turns the CFError into an NSError with CoreFoundation's functions.
        #expect(CFErrorGetCode(refusal) == Int(errSecParam))
        #expect(CFErrorGetDomain(refusal) as String == NSOSStatusErrorDomain)
        #expect((CFErrorCopyUserInfo(refusal) as? [String: Any])?[NSLocalizedDescriptionKey] is String)
        #expect(refusal.localizedDescription.contains("kSecAttrAccessible"))
        #expect(SecAccessControlCreateWithFlags(nil, kSecAttrAccessibleWhenUnlocked, [.or, .and, .biometryAny], nil) == nil)
        let control = try #require(
            SecAccessControlCreateWithFlags(nil, kSecAttrAccessibleWhenUnlocked, [.biometryCurrentSet, .or, .devicePasscode], nil))
        // kSecAttrAccessible and kSecAttrAccessControl together: errSecParam.
        let both: [String: Any] = [
            kSecClass as String: kSecClassGenericPassword, kSecAttrAccount as String: "x",
            kSecAttrAccessible as String: kSecAttrAccessibleWhenUnlocked, kSecAttrAccessControl as String: control,
        ]
        #expect(SecItemAdd(both as CFDictionary, nil) == errSecParam)
        #expect(SecItemAdd([kSecAttrAccount as String: "no class"] as CFDictionary, nil) == errSecParam)
        #expect((SecCopyErrorMessageString(errSecUserCanceled, nil) as String?) == "User canceled the operation.")
        #expect((SecCopyErrorMessageString(errSecNotAvailable, nil) as String?) == "No keychain is available.")
    }

    @Test("Internet passwords: server, protocol, port, path, authentication type")
    func internetPassword() {
        let server = "mail-\(UUID().uuidString).example.com"
        let item: [String: Any] = [
            kSecClass as String: kSecClassInternetPassword, kSecAttrServer as String: server, kSecAttrAccount as String: "anna",
            kSecAttrProtocol as String: kSecAttrProtocolIMAPS, kSecAttrPort as String: 993, kSecAttrPath as String: "/",
            kSecAttrAuthenticationType as String: kSecAttrAuthenticationTypeDefault, kSecValueData as String: Data("pw".utf8),
        ]
        #expect(SecItemAdd(item as CFDictionary, nil) == errSecSuccess)
        var result: AnyObject?
        let query: [String: Any] = [
            kSecClass as String: kSecClassInternetPassword, kSecAttrServer as String: server.uppercased(),
            kSecMatchCaseInsensitive as String: true, kSecReturnAttributes as String: true, kSecReturnData as String: true,
        ]
        #expect(SecItemCopyMatching(query as CFDictionary, &result) == errSecSuccess)
        let found = result as? [String: Any]
        #expect(found?[kSecAttrPort as String] as? Int == 993)
        #expect(found?[kSecAttrProtocol as String] as? String == kSecAttrProtocolIMAPS as String)
        #expect(found?[kSecValueData as String] as? Data == Data("pw".utf8))
        #expect(
            SecItemDelete([kSecClass as String: kSecClassInternetPassword, kSecAttrServer as String: server] as CFDictionary)
                == errSecSuccess)
    }
}
