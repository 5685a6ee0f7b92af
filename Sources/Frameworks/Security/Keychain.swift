import Foundation
import NSESimKeychain
import NSESimRuntime

/// The app's keychain, what a call gets back of an item, and what is reported of each call.
enum Keychain {
    static let store = KeychainStore(
        database: NSESimEnvironment.keychain.value().map { URL(fileURLWithPath: $0) }
            ?? FileManager.default.temporaryDirectory.appendingPathComponent("nsesim-keychain-\(getpid())").appendingPathComponent(
                "app.sqlite"))

    /// `kSecAttrSynchronizable`'s key; stored as "1" for an item that synchronizes, absent otherwise.
    static let synchronizableKey = "sync"
    /// `kSecAttrCreationDate`'s and `kSecAttrModificationDate`'s keys: seconds since 2001, as text.
    static let creationDateKey = "cdat"
    static let modificationDateKey = "mdat"
    /// The item's persistent reference (a UUID given at add), never returned as an attribute.
    static let persistentRefKey = "_pref"

    /// Attributes Security returns as booleans, numbers and data.
    private static let booleans: Set<String> = [
        "invi", "nega", "perm", "sens", "extr", "encr", "decr", "drve", "sign", "vrfy", "wrap", "unwp",
    ]
    private static let numbers: Set<String> = ["port", "bsiz", "esiz", "crtr"]
    private static let data: Set<String> = ["gena", "atag", "klbl"]

    /// What `result` gets for an item: the data, the attributes, the persistent reference, or a
    /// dictionary of what the query asked for (`v_Data`, `v_PersistentRef` beside the attributes).
    static func answer(_ item: KeychainStore.Item, _ query: KeychainQuery) -> AnyObject {
        let persistentRef = item.attributes[persistentRefKey].map { Data($0.utf8) }
        let asked = [query.returnData, query.returnAttributes, query.returnPersistentRef].filter { $0 }.count
        if asked == 1, !query.returnAttributes {
            return (query.returnData ? item.data ?? Data() : persistentRef ?? Data()) as AnyObject
        }
        var attributes: [String: Any] = [:]
        if query.returnAttributes {
            for (key, value) in item.attributes where key != persistentRefKey {
                attributes[key] = typed(key, value)
            }
            attributes[kSecClass as String] = item.itemClass
            attributes[synchronizableKey] = NSNumber(value: item.attributes[synchronizableKey] == "1")
        }
        if query.returnData, let data = item.data { attributes[kSecValueData as String] = data }
        if query.returnPersistentRef, let persistentRef { attributes[kSecValuePersistentRef as String] = persistentRef }
        return attributes as AnyObject
    }

    /// A stored attribute as Security returns it: dates as `Date`, flags as booleans, numbers,
    /// data, the access control as a `SecAccessControl`.
    private static func typed(_ key: String, _ value: String) -> Any {
        switch key {
        case creationDateKey, modificationDateKey:
            return Double(value).map { Date(timeIntervalSinceReferenceDate: $0) } ?? value
        case KeychainAccessControl.attributeKey:
            return KeychainAccessControl(encoded: value).map(SecAccessControl.init) ?? value
        case _ where booleans.contains(key): return NSNumber(value: value == "1" || value == "true")
        case _ where numbers.contains(key): return Int(value).map { NSNumber(value: $0) } ?? value
        case _ where data.contains(key): return Data(value.utf8)
        default: return value
        }
    }

    /// The access groups the extension's entitlements grant (read once).
    static let accessGroups = KeychainAccessGroups.current

    /// The phone's lock state for this process (`NSESIM_LOCK_STATE`).
    static let lockState = LockState.current

    /// An item's class: its `pdmn`, else iOS's default (`WhenUnlocked`).
    static func accessibility(of item: KeychainStore.Item) -> KeychainAccessibility {
        item.attributes[KeychainAccessibility.attributeKey].flatMap(KeychainAccessibility.init(rawValue:)) ?? .default
    }

    /// An item's access control, if it has one.
    static func accessControl(of item: KeychainStore.Item) -> KeychainAccessControl? {
        item.attributes[KeychainAccessControl.attributeKey].flatMap(KeychainAccessControl.init(encoded:))
    }

    /// Why a call met an item it may not use without the user.
    static func authenticationReason(_ query: KeychainQuery) -> String {
        "an item's access control needs the user to authenticate, and a notification service extension shows no "
            + "authentication UI (\(query.authenticationUI.constantName)); kSecUseAuthenticationUISkip leaves such items out"
    }

    /// Reports the call: with the classes of the items it touched (`accessible`), their access
    /// controls' flags (`accessControl`), the lock state, and `failsWhen` (the first locked state
    /// that would refuse one of them), which nsesim turns into the warning `fails-when-locked` in
    /// an unlocked run; `skipped` items left out by `kSecUseAuthenticationUISkip`; `reason` for a
    /// refusal that is not the lock state's.
    @discardableResult
    static func report(
        _ operation: String, _ query: KeychainQuery, _ status: OSStatus,
        classes: [KeychainAccessibility] = [], controls: [KeychainAccessControl?] = [], skipped: Int = 0,
        reason: String? = nil
    ) -> OSStatus {
        var record: [String: JSONValue] = [
            "operation": .string(operation), "status": .integer(Int64(status)),
            "statusName": .string(SecStatusName.name(status)), "lockState": .string(lockState.rawValue),
        ]
        var names: [String] = []
        for name in classes.map(\.constantName) where !names.contains(name) { names.append(name) }
        if !names.isEmpty { record["accessible"] = .array(names.map(JSONValue.string)) }
        var flags: [String] = []
        for name in controls.compactMap({ $0 }).flatMap(\.names) where !flags.contains(name) { flags.append(name) }
        if !flags.isEmpty { record["accessControl"] = .array(flags.map(JSONValue.string)) }
        let refusedIn = classes.compactMap(\.firstRefusedIn)
        if let first = [LockState.locked, .beforeFirstUnlock].first(where: refusedIn.contains) {
            record["failsWhen"] = .string(first.rawValue)
        }
        record["class"] = query.itemClass.map(JSONValue.string) ?? .null
        for (key, name) in [("svce", "service"), ("acct", "account"), ("agrp", "accessGroup"), ("srvr", "server")] {
            if let value = query.attributes[key] { record[name] = .string(value) }
        }
        switch query.synchronizable {
        case .yes: record["synchronizable"] = .string("true")
        case .no: record["synchronizable"] = .string("false")
        case .any: record["synchronizable"] = .string("any")
        case nil: break
        }
        if query.authenticationUI != .allow { record["authenticationUI"] = .string(query.authenticationUI.constantName) }
        if skipped > 0 { record["skipped"] = .integer(Int64(skipped)) }
        if let reason { record["reason"] = .string(reason) }
        NSESimReport.send(source: .keychain, .object(record))
        return status
    }
}
