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
}
