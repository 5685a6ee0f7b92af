import Foundation
import NSESimRuntime

// The keychain's four calls, over the app's keychain that nsesim keeps (NSESIM_KEYCHAIN; in
// memory outside nsesim). Each call is reported to nsesim: operation, class, service, account,
// access group and status (never the secret).

/// Adds an item: `kSecClass`, its attributes and `kSecValueData`. errSecDuplicateItem when one
/// with the same class, service/server and account exists.
public func SecItemAdd(_ attributes: CFDictionary, _ result: UnsafeMutablePointer<CFTypeRef?>?) -> OSStatus {
    let query = KeychainQuery(attributes)
    guard let itemClass = query.itemClass else { return Keychain.report("add", query, errSecParam) }
    let item = KeychainStore.Item(itemClass: itemClass, attributes: query.attributes, data: query.valueData)
    let status: OSStatus
    do {
        status = try Keychain.store.add(item) ? errSecSuccess : errSecDuplicateItem
    } catch {
        status = errSecInteractionNotAllowed
    }
    if status == errSecSuccess, let result, query.returnAttributes || query.returnData {
        result.pointee = Keychain.answer(item, query)
    }
    return Keychain.report("add", query, status)
}

/// Finds items: the first (`kSecMatchLimitOne`, the default) or all (`kSecMatchLimitAll`);
/// `result` gets the data (`kSecReturnData`), the attributes (`kSecReturnAttributes`) or both.
public func SecItemCopyMatching(_ query: CFDictionary, _ result: UnsafeMutablePointer<CFTypeRef?>?) -> OSStatus {
    let query = KeychainQuery(query)
    guard let itemClass = query.itemClass else { return Keychain.report("copyMatching", query, errSecParam) }
    let found: [KeychainStore.Item]
    do {
        found = try Keychain.store.items(itemClass: itemClass, matching: query.attributes)
    } catch {
        return Keychain.report("copyMatching", query, errSecInteractionNotAllowed)
    }
    guard let first = found.first else { return Keychain.report("copyMatching", query, errSecItemNotFound) }
    if let result {
        result.pointee = query.matchAll ? found.map { Keychain.answer($0, query) } as AnyObject : Keychain.answer(first, query)
    }
    return Keychain.report("copyMatching", query, errSecSuccess)
}

/// Changes the items matching `query`: their attributes, and the data with `kSecValueData`.
public func SecItemUpdate(_ query: CFDictionary, _ attributesToUpdate: CFDictionary) -> OSStatus {
    let match = KeychainQuery(query)
    let change = KeychainQuery(attributesToUpdate)
    guard let itemClass = match.itemClass else { return Keychain.report("update", match, errSecParam) }
    do {
        let changed = try Keychain.store.update(itemClass: itemClass, matching: match.attributes, attributes: change.attributes,
                                                data: change.valueData)
        return Keychain.report("update", match, changed > 0 ? errSecSuccess : errSecItemNotFound)
    } catch {
        return Keychain.report("update", match, errSecInteractionNotAllowed)
    }
}

/// Removes the items matching `query`.
public func SecItemDelete(_ query: CFDictionary) -> OSStatus {
    let match = KeychainQuery(query)
    guard let itemClass = match.itemClass else { return Keychain.report("delete", match, errSecParam) }
    do {
        let removed = try Keychain.store.delete(itemClass: itemClass, matching: match.attributes)
        return Keychain.report("delete", match, removed > 0 ? errSecSuccess : errSecItemNotFound)
    } catch {
        return Keychain.report("delete", match, errSecInteractionNotAllowed)
    }
}

/// A keychain query as Security reads it.
struct KeychainQuery {
    var itemClass: String?
    /// The string attributes that select or describe items.
    var attributes: [String: String] = [:]
    var valueData: Data?
    var returnData = false
    var returnAttributes = false
    var matchAll = false

    init(_ dictionary: CFDictionary) {
        for (key, value) in (dictionary as? [String: Any]) ?? [:] {
            switch key {
            case "class": itemClass = Self.text(value)
            case "v_Data": valueData = value as? Data ?? Self.text(value).map { Data($0.utf8) }
            case "r_Data": returnData = Self.flag(value)
            case "r_Attributes": returnAttributes = Self.flag(value)
            case "m_Limit": matchAll = Self.text(value) == "m_LimitAll"
            default:
                // Return and use keys and the accessibility do not select items.
                guard !key.hasPrefix("r_"), !key.hasPrefix("u_"), !key.hasPrefix("m_"), key != kSecAttrAccessible as String,
                      let text = Self.text(value) else { continue }
                attributes[key] = text
            }
        }
    }

    private static func text(_ value: Any) -> String? {
        if let string = value as? String { return string }
        if let number = value as? NSNumber { return number.stringValue }
        if let data = value as? Data { return String(data: data, encoding: .utf8) }
        return nil
    }

    private static func flag(_ value: Any) -> Bool {
        (value as? Bool) ?? (value as? NSNumber)?.boolValue ?? false
    }
}

/// The app's keychain and what is reported of its use.
enum Keychain {
    static let store = KeychainStore(folder: NSESimEnvironment.keychain.value().map { URL(fileURLWithPath: $0) }
        ?? FileManager.default.temporaryDirectory.appendingPathComponent("nsesim-keychain-\(getpid())"))

    /// What `result` gets for an item: data, attributes, or attributes with `v_Data`.
    static func answer(_ item: KeychainStore.Item, _ query: KeychainQuery) -> AnyObject {
        var attributes: [String: Any] = item.attributes
        attributes[kSecClass as String] = item.itemClass
        if query.returnAttributes {
            if query.returnData, let data = item.data { attributes[kSecValueData as String] = data }
            return attributes as AnyObject
        }
        return (item.data ?? Data()) as AnyObject
    }

    @discardableResult
    static func report(_ operation: String, _ query: KeychainQuery, _ status: OSStatus) -> OSStatus {
        var record: [String: JSONValue] = ["operation": .string(operation), "status": .integer(Int64(status)),
                                           "statusName": .string(SecStatusName.name(status))]
        record["class"] = query.itemClass.map(JSONValue.string) ?? .null
        for (key, name) in [("svce", "service"), ("acct", "account"), ("agrp", "accessGroup"), ("srvr", "server")] {
            if let value = query.attributes[key] { record[name] = .string(value) }
        }
        NSESimReport.send(source: .keychain, .object(record))
        return status
    }
}
