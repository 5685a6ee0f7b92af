import Foundation
import NSESimKeychain
import NSESimRuntime

/// Keychain items an app stored before the notification arrived, given with
/// `nsesim run --keychain FILE.json` (a replay case: `"keychain": "FILE.json"` in its options):
///
/// ```
/// {"items": [{"class": "genericPassword", "service": "com.example.app.e2e", "account": "payload-key",
///             "accessGroup": "group.com.example.app", "data": "BASE64"}]}
/// ```
///
/// `class` is genericPassword (the default), internetPassword or key (or Security's `genp`,
/// `inet`, `keys`); the secret is `data` (base64) or `dataText` (UTF-8); `server` and `label`
/// are also read; `accessible` is the item's class as the app stored it
/// (`kSecAttrAccessibleAfterFirstUnlock`, `AfterFirstUnlock` or Security's `ck`; default
/// `kSecAttrAccessibleWhenUnlocked`, iOS's); `synchronizable` (true: an iCloud Keychain item);
/// `accessControl`, the names of its `SecAccessControlCreateFlags` (`["userPresence"]`: an item an
/// extension cannot read without authentication UI). Items replace those with the same class,
/// service and account.
package struct KeychainSeed: Sendable {
    package let items: [KeychainStore.Item]

    /// Why a seed file cannot be used: the file and what to fix.
    package struct Failure: Error, Sendable, CustomStringConvertible {
        package let description: String
    }

    package init(contentsOf url: URL) throws(Failure) {
        guard FileManager.default.fileExists(atPath: url.path) else {
            throw Failure(
                description: "\(url.path): no such file; --keychain takes a JSON file of keychain items: "
                    + "{\"items\": [{\"service\", \"account\", \"data\"}]}")
        }
        let value: JSONValue
        do {
            value = try JSONValue.parse(try Data(contentsOf: url))
        } catch {
            throw Failure(
                description: "\(url.path): not a keychain seed (\(error)); expected {\"items\": [{\"service\", \"account\", \"data\"}]}")
        }
        guard let list = value["items"]?.arrayValue else {
            throw Failure(description: "\(url.path): no \"items\" array; expected {\"items\": [{\"service\", \"account\", \"data\"}]}")
        }
        let classes = [
            "genericPassword": "genp", "internetPassword": "inet", "key": "keys", "genp": "genp", "inet": "inet", "keys": "keys",
        ]
        var items: [KeychainStore.Item] = []
        for (index, entry) in list.enumerated() {
            let place = "\(url.path): items[\(index)]"
            let className = entry["class"]?.stringValue ?? "genericPassword"
            guard let itemClass = classes[className] else {
                throw Failure(description: "\(place).class is \(className); expected genericPassword, internetPassword or key")
            }
            let data: Data?
            if let text = entry["dataText"]?.stringValue {
                data = Data(text.utf8)
            } else if let base64 = entry["data"]?.stringValue {
                guard let decoded = Data(base64Encoded: base64) else { throw Failure(description: "\(place).data is not base64") }
                data = decoded
            } else {
                throw Failure(description: "\(place) has no \"data\" (base64) or \"dataText\"")
            }
            var attributes: [String: String] = [:]
            for (key, name) in [("svce", "service"), ("acct", "account"), ("agrp", "accessGroup"), ("srvr", "server"), ("labl", "label")] {
                if let value = entry[name]?.stringValue { attributes[key] = value }
            }
            if let name = entry["accessible"] {
                guard let text = name.stringValue, let accessibility = KeychainAccessibility(name: text) else {
                    throw Failure(
                        description: "\(place).accessible is \(name.stringValue.map { "\"\($0)\"" } ?? name.typeDescription); "
                            + "expected one of \(KeychainAccessibility.accepted)")
                }
                attributes[KeychainAccessibility.attributeKey] = accessibility.rawValue
            } else {
                attributes[KeychainAccessibility.attributeKey] = KeychainAccessibility.default.rawValue
            }
            if entry["synchronizable"]?.boolValue == true { attributes["sync"] = "1" }
            // A persistent reference, as Security gives each item it adds (kSecReturnPersistentRef).
            attributes["_pref"] = UUID().uuidString
            if let flags = entry["accessControl"] {
                let names = KeychainAccessControl.flagNames
                guard let list = flags.arrayValue?.compactMap(\.stringValue), list.count == flags.arrayValue?.count,
                    let bits = list.reduce(
                        UInt(0) as UInt?,
                        { bits, name in
                            names.first { $0.name == name }.map { (bits ?? 0) | $0.bit }
                        })
                else {
                    throw Failure(
                        description: "\(place).accessControl is not a list of SecAccessControlCreateFlags names; expected some of "
                            + names.map(\.name).joined(separator: ", "))
                }
                let accessibility =
                    attributes[KeychainAccessibility.attributeKey].flatMap(KeychainAccessibility.init(rawValue:)) ?? .default
                attributes[KeychainAccessControl.attributeKey] = KeychainAccessControl(accessibility: accessibility, flags: bits).encoded
            }
            items.append(KeychainStore.Item(itemClass: itemClass, attributes: attributes, data: data))
        }
        self.items = items
    }

    /// Puts the items into `store`, each replacing one with its class, service and account.
    package func seed(_ store: KeychainStore) throws(KeychainStoreError) {
        for item in items {
            let identity = item.attributes.filter { ["svce", "acct", "agrp", "srvr"].contains($0.key) }
            _ = try store.delete(itemClass: item.itemClass, matching: identity)
            _ = try store.add(item)
        }
    }
}
