import Foundation
import NSESimKeychain
import NSESimRuntime

/// A keychain query (or an item's attributes) as Security reads it: the class, the attributes
/// that select or describe items, the value, the return, match and use keys.
struct KeychainQuery {
    /// `kSecAttrSynchronizable` in a query or an item.
    enum Synchronizable: Equatable {
        case yes, no, any
    }

    var itemClass: String?
    /// The string attributes that select or describe items.
    var attributes: [String: String] = [:]
    var valueData: Data?
    var returnData = false
    var returnAttributes = false
    var returnRef = false
    var returnPersistentRef = false
    /// `kSecMatchLimit`: 1 (the default), nil for `kSecMatchLimitAll`, or the number given.
    var limit: Int? = 1
    /// `kSecAttrAccessible`, when given.
    var accessibility: KeychainAccessibility?
    /// `kSecAttrAccessControl`, when given.
    var accessControl: SecAccessControl?
    /// `kSecAttrSynchronizable`, when given.
    var synchronizable: Synchronizable?
    /// `kSecUseAuthenticationUI` (or the deprecated `kSecUseNoAuthenticationUI`).
    var authenticationUI = KeychainAccessControl.AuthenticationUI.allow
    /// `kSecMatchCaseInsensitive`.
    var caseInsensitive = false
    /// `kSecValuePersistentRef`: the item it names.
    var persistentRef: String?
    /// A value Security refuses with errSecParam, said in words.
    var problem: String?

    /// Keys that neither select nor describe items (nsesim has nothing to do with them).
    private static let ignored: Set<String> = [
        "nleg", "u_OpPrompt", "u_AuthCtx", "u_ItemList", "u_Keychain", "u_UserIndependentKeychain", "m_DiacriticInsensitive",
        "m_WidthInsensitive", "m_TrustedOnly", "m_ValidOnDate", "m_Policy", "m_ItemList", "m_SearchList", "m_Issuers",
        "m_EmailAddressIfPresent", "m_SubjectContains", "m_SubjectStartsWith", "m_SubjectEndsWith", "m_SubjectWholeString",
        "v_Ref", Keychain.creationDateKey, Keychain.modificationDateKey, "persistref",
    ]

    init(_ dictionary: CFDictionary) {
        for (key, value) in (dictionary as? [String: Any]) ?? [:] {
            switch key {
            case KeychainAccessibility.attributeKey:
                accessibility = Self.text(value).flatMap(KeychainAccessibility.init(rawValue:))
                if accessibility == nil { problem = "kSecAttrAccessible is not one of \(KeychainAccessibility.accepted)" }
            case KeychainAccessControl.attributeKey:
                accessControl = value as? SecAccessControl
                if accessControl == nil { problem = "kSecAttrAccessControl is not a SecAccessControl (SecAccessControlCreateWithFlags)" }
            case Keychain.synchronizableKey:
                if Self.text(value) == (kSecAttrSynchronizableAny as String) {
                    synchronizable = .any
                } else {
                    synchronizable = Self.flag(value) ? .yes : .no
                }
            case "class": itemClass = Self.text(value)
            case "v_Data": valueData = value as? Data ?? Self.text(value).map { Data($0.utf8) }
            case "v_PersistentRef": persistentRef = (value as? Data).flatMap { String(data: $0, encoding: .utf8) }
            case "r_Data": returnData = Self.flag(value)
            case "r_Attributes": returnAttributes = Self.flag(value)
            case "r_Ref": returnRef = Self.flag(value)
            case "r_PersistentRef": returnPersistentRef = Self.flag(value)
            case "m_Limit":
                if let number = value as? NSNumber, !(value is String) {
                    limit = number.intValue
                } else {
                    limit = Self.text(value) == (kSecMatchLimitAll as String) ? nil : 1
                }
            case "m_CaseInsensitive": caseInsensitive = Self.flag(value)
            case "u_AuthUI":
                guard let ui = Self.text(value).flatMap(KeychainAccessControl.AuthenticationUI.init(rawValue:)) else {
                    problem = "kSecUseAuthenticationUI is not kSecUseAuthenticationUIAllow, Fail or Skip"
                    continue
                }
                authenticationUI = ui
            case "u_NoAuthUI": if Self.flag(value) { authenticationUI = .fail }
            default:
                guard !Self.ignored.contains(key), !key.hasPrefix("r_"), !key.hasPrefix("u_"), !key.hasPrefix("m_"),
                    let text = Self.text(value)
                else { continue }
                attributes[key] = text
            }
        }
    }

    /// Whether the caller asked for a result.
    var returnsSomething: Bool { returnData || returnAttributes || returnRef || returnPersistentRef }

    /// Whether the call needs the item's secret decrypted: its data returned, or nothing at all
    /// asked for (iOS then checks the item's access control, which is how apps test for an item
    /// behind authentication with `kSecUseAuthenticationUIFail`); attributes alone need not.
    var readsSecret: Bool { returnData || !returnsSomething }

    /// The attributes items must equal (with a case-insensitive match, only the access group:
    /// the rest is compared in `includes`).
    var exactAttributes: [String: String] {
        var exact = caseInsensitive ? attributes.filter { $0.key == KeychainStore.accessGroupKey } : attributes
        if let persistentRef { exact[Keychain.persistentRefKey] = persistentRef }
        return exact
    }

    /// What equality cannot say: synchronizable or not (a query without `kSecAttrSynchronizable`
    /// sees only items that do not synchronize, as on iOS; `kSecAttrSynchronizableAny` both), and a
    /// case-insensitive match.
    func includes(_ item: KeychainStore.Item) -> Bool {
        let synchronizes = item.attributes[Keychain.synchronizableKey] == "1"
        switch synchronizable ?? .no {
        case .yes: if !synchronizes { return false }
        case .no: if synchronizes { return false }
        case .any: break
        }
        guard caseInsensitive else { return true }
        return attributes.allSatisfy { key, value in
            key == KeychainStore.accessGroupKey || item.attributes[key]?.caseInsensitiveCompare(value) == .orderedSame
        }
    }

    private static func text(_ value: Any) -> String? {
        if let string = value as? String { return string }
        if let number = value as? NSNumber { return number.stringValue }
        if let data = value as? Data { return String(data: data, encoding: .utf8) }
        return nil
    }

    private static func flag(_ value: Any) -> Bool {
        (value as? Bool) ?? (value as? NSNumber)?.boolValue ?? ((value as? String).map { $0 == "1" || $0 == "true" } ?? false)
    }
}
