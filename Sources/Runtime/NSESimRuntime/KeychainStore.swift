import Foundation

/// An app's keychain on disk: `FOLDER/GROUP.json` per access group (`default.json` for items
/// added without one), mode 0600, changed under a lock (`LockedJSONFile`). An item is
/// `{"class": "genp", "attributes": {"svce": …, "acct": …, "agrp": …}, "data": BASE64|null}`,
/// with Security's attribute keys. Both sides use it: the Security stand-in in the extension,
/// and nsesim when it seeds items from `--keychain FILE.json`.
public struct KeychainStore: Sendable {
    /// One stored item.
    public struct Item: Sendable, Equatable {
        /// `genp`, `inet`, `keys`, …
        public var itemClass: String
        /// String attributes by Security's key (`svce`, `acct`, `agrp`, `labl`, `srvr`, …).
        public var attributes: [String: String]
        /// The secret.
        public var data: Data?

        public init(itemClass: String, attributes: [String: String], data: Data?) {
            self.itemClass = itemClass
            self.attributes = attributes
            self.data = data
        }

        var jsonValue: JSONValue {
            .object(["class": .string(itemClass), "attributes": .object(attributes.mapValues(JSONValue.string)),
                     "data": data.map { .string($0.base64EncodedString()) } ?? .null])
        }

        init?(jsonValue: JSONValue) {
            guard let itemClass = jsonValue["class"]?.stringValue else { return nil }
            self.itemClass = itemClass
            attributes = (jsonValue["attributes"]?.objectValue ?? [:]).compactMapValues(\.stringValue)
            data = jsonValue["data"]?.stringValue.flatMap { Data(base64Encoded: $0) }
        }

        /// Whether the item has every attribute of `query` (and its class).
        public func matches(itemClass wanted: String, attributes query: [String: String]) -> Bool {
            itemClass == wanted && query.allSatisfy { attributes[$0.key] == $0.value }
        }
    }

    /// The access-group key.
    public static let accessGroupKey = "agrp"
    /// The file of items added without an access group.
    static let defaultGroup = "default"

    /// The keychain folder.
    public let folder: URL

    public init(folder: URL) {
        self.folder = folder
    }

    private func file(_ group: String) -> LockedJSONFile {
        let safe = String(group.map { $0.isLetter || $0.isNumber || "._-".contains($0) ? $0 : "_" })
        return LockedJSONFile(url: folder.appendingPathComponent("\(safe).json"), permissions: 0o600)
    }

    private var groups: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [])
            .filter { $0.hasSuffix(".json") && !$0.hasPrefix(".") }.map { String($0.dropLast(5)) }.sorted()
    }

    /// The items matching, in the query's access group or (without one) in every group.
    public func items(itemClass: String, matching query: [String: String]) throws(LockedJSONFile.Failure) -> [Item] {
        var found: [Item] = []
        for group in query[Self.accessGroupKey].map({ [$0] }) ?? groups {
            let stored = try file(group).read()?.arrayValue ?? []
            found += stored.compactMap(Item.init(jsonValue:)).filter { $0.matches(itemClass: itemClass, attributes: query) }
        }
        return found
    }

    /// Adds `item`; false when an item with its class, service/server and account exists.
    public func add(_ item: Item) throws(LockedJSONFile.Failure) -> Bool {
        let group = item.attributes[Self.accessGroupKey] ?? Self.defaultGroup
        let identity = ["svce", "acct", "srvr", "atag", "labl"].reduce(into: [String: String]()) { $0[$1] = item.attributes[$1] }
        return try file(group).update { (content: JSONValue?) throws(LockedJSONFile.Failure) in
            var stored = (content?.arrayValue ?? []).compactMap(Item.init(jsonValue:))
            if stored.contains(where: { existing in
                existing.itemClass == item.itemClass && identity.allSatisfy { key, value in existing.attributes[key] == value }
            }) {
                return (nil, false)
            }
            stored.append(item)
            return (.array(stored.map(\.jsonValue)), true)
        }
    }

    /// Changes the items matching (attributes merged, data replaced when given); how many.
    public func update(itemClass: String, matching query: [String: String], attributes: [String: String],
                       data: Data?) throws(LockedJSONFile.Failure) -> Int {
        var changed = 0
        for group in query[Self.accessGroupKey].map({ [$0] }) ?? groups {
            changed += try file(group).update { (content: JSONValue?) throws(LockedJSONFile.Failure) in
                var count = 0
                let stored = (content?.arrayValue ?? []).compactMap(Item.init(jsonValue:)).map { item -> Item in
                    guard item.matches(itemClass: itemClass, attributes: query) else { return item }
                    count += 1
                    var updated = item
                    updated.attributes.merge(attributes) { $1 }
                    if let data { updated.data = data }
                    return updated
                }
                return (count > 0 ? .array(stored.map(\.jsonValue)) : nil, count)
            }
        }
        return changed
    }

    /// Removes the items matching; how many.
    public func delete(itemClass: String, matching query: [String: String]) throws(LockedJSONFile.Failure) -> Int {
        var removed = 0
        for group in query[Self.accessGroupKey].map({ [$0] }) ?? groups {
            removed += try file(group).update { (content: JSONValue?) throws(LockedJSONFile.Failure) in
                let stored = (content?.arrayValue ?? []).compactMap(Item.init(jsonValue:))
                let kept = stored.filter { !$0.matches(itemClass: itemClass, attributes: query) }
                return (kept.count < stored.count ? .array(kept.map(\.jsonValue)) : nil, stored.count - kept.count)
            }
        }
        return removed
    }
}
