import Foundation
import Security
import Testing

@Suite struct KeychainBehaviourTests {
    @Test func saveReadAndStatusCodes() throws {
        let service = "com.example.tests.\(UUID().uuidString)"
        let token = try #require(KeychainHelper.randomToken())
        #expect(token.count == 32)
        #expect(KeychainHelper.save(token, service: service, account: "token") == errSecSuccess)
        #expect(KeychainHelper.read(service: service, account: "token") == token)
        #expect(KeychainHelper.read(service: service, account: "other") == nil)
        let duplicate: [String: Any] = [
            kSecClass as String: kSecClassGenericPassword, kSecAttrService as String: service,
            kSecAttrAccount as String: "token", kSecValueData as String: token,
        ]
        #expect(SecItemAdd(duplicate as CFDictionary, nil) == errSecDuplicateItem)
        #expect((SecCopyErrorMessageString(errSecItemNotFound, nil) as String?)?.contains("could not be found") == true)
        #expect(
            SecItemDelete([kSecClass as String: kSecClassGenericPassword, kSecAttrService as String: service] as CFDictionary)
                == errSecSuccess)
    }

    @Test("kSecAttrSynchronizableAny in a query selects items whether they synchronize or not (keychain-swift's query)")
    func synchronizableAny() throws {
        let service = "com.example.tests.\(UUID().uuidString)"
        let token = Data("secret".utf8)
        #expect(KeychainHelper.save(token, service: service, account: "token") == errSecSuccess)
        let query: [String: Any] = [
            kSecClass as String: kSecClassGenericPassword, kSecAttrService as String: service,
            kSecAttrAccount as String: "token", kSecAttrSynchronizable as String: kSecAttrSynchronizableAny,
            kSecReturnData as String: kCFBooleanTrue as Any, kSecMatchLimit as String: kSecMatchLimitOne,
        ]
        var result: AnyObject?
        #expect(SecItemCopyMatching(query as CFDictionary, &result) == errSecSuccess)
        #expect(result as? Data == token)
        #expect(SecItemDelete(query as CFDictionary) == errSecSuccess)
    }
}
