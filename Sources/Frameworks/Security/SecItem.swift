import Foundation
import NSESimKeychain
import NSESimRuntime

// The keychain's four calls, over the app's keychain that nsesim keeps (NSESIM_KEYCHAIN; in
// memory outside nsesim). Each call is reported to nsesim: operation, class, service, account,
// access group and status (never the secret).

/// Adds an item: `kSecClass`, its attributes and `kSecValueData`. errSecDuplicateItem when one
/// with the same class, service/server and account exists.
public func SecItemAdd(_ attributes: CFDictionary, _ result: UnsafeMutablePointer<CFTypeRef?>?) -> OSStatus {
    let query = KeychainQuery(attributes)
    guard let itemClass = query.itemClass else { return Keychain.report("add", query, errSecParam) }
    guard let accessibility = query.accessibility ?? .some(.default) else {
        return Keychain.report("add", query, errSecParam)
    }
    var stored = query.attributes
    stored[KeychainAccessibility.attributeKey] = accessibility.rawValue
    let item = KeychainStore.Item(itemClass: itemClass, attributes: stored, data: query.valueData)
    // iOS cannot encrypt an item with a class key the lock state has thrown away.
    guard accessibility.isAvailable(in: Keychain.lockState) else {
        return Keychain.report("add", query, errSecInteractionNotAllowed, classes: [accessibility])
    }
    let status: OSStatus
    do {
        status = try Keychain.store.add(item) ? errSecSuccess : errSecDuplicateItem
    } catch {
        status = errSecInteractionNotAllowed
    }
    if status == errSecSuccess, let result, query.returnAttributes || query.returnData {
        result.pointee = Keychain.answer(item, query)
    }
    return Keychain.report("add", query, status, classes: [accessibility])
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
    let classes = found.map(Keychain.accessibility(of:))
    // Items whose class key the lock state has thrown away cannot be decrypted.
    let readable = found.filter { Keychain.accessibility(of: $0).isAvailable(in: Keychain.lockState) }
    guard !found.isEmpty else { return Keychain.report("copyMatching", query, errSecItemNotFound) }
    guard let first = readable.first else {
        return Keychain.report("copyMatching", query, errSecInteractionNotAllowed, classes: classes)
    }
    if let result {
        result.pointee = query.matchAll ? readable.map { Keychain.answer($0, query) } as AnyObject : Keychain.answer(first, query)
    }
    return Keychain.report("copyMatching", query, errSecSuccess, classes: classes)
}

/// Changes the items matching `query`: their attributes, and the data with `kSecValueData`.
public func SecItemUpdate(_ query: CFDictionary, _ attributesToUpdate: CFDictionary) -> OSStatus {
    let match = KeychainQuery(query)
    let change = KeychainQuery(attributesToUpdate)
    guard let itemClass = match.itemClass else { return Keychain.report("update", match, errSecParam) }
    var newAttributes = change.attributes
    if let accessible = change.accessibility {
        guard let accessible else { return Keychain.report("update", match, errSecParam) }
        newAttributes[KeychainAccessibility.attributeKey] = accessible.rawValue
    }
    do {
        let classes =
            try Keychain.store.items(itemClass: itemClass, matching: match.attributes).map(Keychain.accessibility(of:))
            + (change.accessibility.flatMap { $0 }.map { [$0] } ?? [])
        guard classes.allSatisfy({ $0.isAvailable(in: Keychain.lockState) }) else {
            return Keychain.report("update", match, errSecInteractionNotAllowed, classes: classes)
        }
        let changed = try Keychain.store.update(
            itemClass: itemClass, matching: match.attributes, attributes: newAttributes,
            data: change.valueData)
        return Keychain.report("update", match, changed > 0 ? errSecSuccess : errSecItemNotFound, classes: classes)
    } catch {
        return Keychain.report("update", match, errSecInteractionNotAllowed)
    }
}

/// Removes the items matching `query`.
public func SecItemDelete(_ query: CFDictionary) -> OSStatus {
    let match = KeychainQuery(query)
    guard let itemClass = match.itemClass else { return Keychain.report("delete", match, errSecParam) }
    do {
        let classes = try Keychain.store.items(itemClass: itemClass, matching: match.attributes).map(Keychain.accessibility(of:))
        guard classes.allSatisfy({ $0.isAvailable(in: Keychain.lockState) }) else {
            return Keychain.report("delete", match, errSecInteractionNotAllowed, classes: classes)
        }
        let removed = try Keychain.store.delete(itemClass: itemClass, matching: match.attributes)
        return Keychain.report("delete", match, removed > 0 ? errSecSuccess : errSecItemNotFound, classes: classes)
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
    /// `kSecAttrAccessible`: nil when not given, `.some(nil)` when given but not a class Security knows.
    var accessibility: KeychainAccessibility??

    init(_ dictionary: CFDictionary) {
        for (key, value) in (dictionary as? [String: Any]) ?? [:] {
            switch key {
            case KeychainAccessibility.attributeKey: accessibility = .some(Self.text(value).flatMap(KeychainAccessibility.init(rawValue:)))
            case "class": itemClass = Self.text(value)
            case "v_Data": valueData = value as? Data ?? Self.text(value).map { Data($0.utf8) }
            case "r_Data": returnData = Self.flag(value)
            case "r_Attributes": returnAttributes = Self.flag(value)
            case "m_Limit": matchAll = Self.text(value) == "m_LimitAll"
            default:
                // Return and use keys do not select items.
                guard !key.hasPrefix("r_"), !key.hasPrefix("u_"), !key.hasPrefix("m_"), let text = Self.text(value) else { continue }
                // kSecAttrSynchronizableAny selects items whatever their kSecAttrSynchronizable.
                if key == kSecAttrSynchronizable as String, text == kSecAttrSynchronizableAny as String { continue }
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
    static let store = KeychainStore(
        database: NSESimEnvironment.keychain.value().map { URL(fileURLWithPath: $0) }
            ?? FileManager.default.temporaryDirectory.appendingPathComponent("nsesim-keychain-\(getpid())").appendingPathComponent(
                "app.sqlite"))

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

    /// The phone's lock state for this process (`NSESIM_LOCK_STATE`).
    static let lockState = LockState.current

    /// An item's class: its `pdmn`, else iOS's default (`WhenUnlocked`).
    static func accessibility(of item: KeychainStore.Item) -> KeychainAccessibility {
        item.attributes[KeychainAccessibility.attributeKey].flatMap(KeychainAccessibility.init(rawValue:)) ?? .default
    }

    /// Reports the call: with the classes of the items it touched (`accessible`), the lock
    /// state, and `failsWhen` (the first locked state that would refuse one of them), which
    /// nsesim turns into the warning `fails-when-locked` in an unlocked run.
    @discardableResult
    static func report(
        _ operation: String, _ query: KeychainQuery, _ status: OSStatus,
        classes: [KeychainAccessibility] = []
    ) -> OSStatus {
        var record: [String: JSONValue] = [
            "operation": .string(operation), "status": .integer(Int64(status)),
            "statusName": .string(SecStatusName.name(status)), "lockState": .string(lockState.rawValue),
        ]
        var names: [String] = []
        for name in classes.map(\.constantName) where !names.contains(name) { names.append(name) }
        if !names.isEmpty { record["accessible"] = .array(names.map(JSONValue.string)) }
        let refusedIn = classes.compactMap(\.firstRefusedIn)
        if let first = [LockState.locked, .beforeFirstUnlock].first(where: refusedIn.contains) {
            record["failsWhen"] = .string(first.rawValue)
        }
        record["class"] = query.itemClass.map(JSONValue.string) ?? .null
        for (key, name) in [("svce", "service"), ("acct", "account"), ("agrp", "accessGroup"), ("srvr", "server")] {
            if let value = query.attributes[key] { record[name] = .string(value) }
        }
        NSESimReport.send(source: .keychain, .object(record))
        return status
    }
}
