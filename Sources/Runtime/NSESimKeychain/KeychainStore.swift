import Foundation
import NSESimRuntime
import NSESimSQLite

/// An app's keychain on disk: the `keychain_items` table of the app's database
/// (`APP/app.sqlite`, shared with its notification center; SQLite in WAL mode, so the
/// extension process and nsesim use it at once), one row per item with its access group,
/// class, attributes (Security's keys, as JSON), data and accessibility (`pdmn`) as columns;
/// each call one transaction. Both sides use it: the Security stand-in in the extension, and
/// nsesim when it seeds items from `--keychain FILE.json`. The JSON files of earlier versions
/// (`APP/Keychain/GROUP.json`) are moved in on first open and renamed `GROUP.json.migrated`.
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

        /// The access group it is kept under (`default` without one).
        var group: String { attributes[KeychainStore.accessGroupKey] ?? KeychainStore.defaultGroup }
    }

    /// The access-group key.
    public static let accessGroupKey = "agrp"
    /// The group of items added without an access group.
    static let defaultGroup = "default"

    /// The app's database file.
    public let file: URL

    /// The keychain in the database file `file`.
    public init(database file: URL) {
        self.file = file
    }

    /// The folder earlier versions kept one JSON file per access group in: `Keychain` beside the database.
    public var legacyFolder: URL { file.deletingLastPathComponent().appendingPathComponent("Keychain") }

    /// The items matching, in the query's access group or (without one) in every group, that
    /// `include` keeps (what equality of attributes cannot say: synchronizable or not, a case-insensitive match).
    public func items(
        itemClass: String, matching query: [String: String], where include: (Item) -> Bool = { _ in true }
    ) throws(KeychainStoreError) -> [Item] {
        try run { database throws(SQLiteError) in try Self.rows(itemClass, query, database).map { $0.item }.filter(include) }
    }

    /// Adds `item`; false when an item with its class, service/server, account and
    /// synchronizability exists (a synchronizable item and one that is not may share the rest).
    public func add(_ item: Item) throws(KeychainStoreError) -> Bool {
        // The attributes the new item has; its synchronizability always (absent on one and "1"
        // on the other: a local and a synchronizable item).
        let identity =
            ["svce", "acct", "srvr", "atag", "labl"].compactMap { key in item.attributes[key].map { (key, Optional($0)) } }
            + [("sync", Self.synchronizes(item) ? "1" : nil)]
        return try run { database throws(SQLiteError) in
            try database.transaction { transaction throws(SQLiteError) in
                let existing = try Self.rows(item.itemClass, [Self.accessGroupKey: item.group], transaction, defaultGroup: true)
                let same = { (row: Item) in
                    identity.allSatisfy { key, value in
                        (key == "sync" ? (Self.synchronizes(row) ? "1" : nil) : row.attributes[key]) == value
                    }
                }
                if existing.contains(where: { same($0.item) }) {
                    return false
                }
                try Self.insert(item, transaction)
                return true
            }
        }
    }

    /// Whether `item` synchronizes through iCloud (`sync` is "1"; "0" or absent: not).
    static func synchronizes(_ item: Item) -> Bool { item.attributes["sync"] == "1" }

    /// Changes the items matching (attributes merged, data replaced when given); how many.
    public func update(
        itemClass: String, matching query: [String: String], where include: (Item) -> Bool = { _ in true },
        attributes: [String: String], data: Data?
    ) throws(KeychainStoreError) -> Int {
        try run { database throws(SQLiteError) in
            try database.transaction { transaction throws(SQLiteError) in
                let found = try Self.rows(itemClass, query, transaction).filter { include($0.item) }
                for (id, item) in found {
                    var updated = item
                    updated.attributes.merge(attributes) { $1 }
                    if let data { updated.data = data }
                    try transaction.run(
                        "UPDATE keychain_items SET access_group = ?, attributes = ?, data = ?, accessible = ? WHERE id = ?",
                        Self.columns(updated) + [.integer(id)])
                }
                return found.count
            }
        }
    }

    /// Removes the items matching; how many.
    public func delete(
        itemClass: String, matching query: [String: String], where include: (Item) -> Bool = { _ in true }
    ) throws(KeychainStoreError) -> Int {
        try run { database throws(SQLiteError) in
            try database.transaction { transaction throws(SQLiteError) in
                let found = try Self.rows(itemClass, query, transaction).filter { include($0.item) }
                for (id, _) in found { try transaction.run("DELETE FROM keychain_items WHERE id = ?", [.integer(id)]) }
                return found.count
            }
        }
    }

    // MARK: - Rows

    static func create(_ database: some SQLiteStatements) throws(SQLiteError) {
        try database.execute(
            """
            CREATE TABLE IF NOT EXISTS keychain_items (
                id INTEGER PRIMARY KEY AUTOINCREMENT, access_group TEXT NOT NULL, class TEXT NOT NULL,
                attributes TEXT NOT NULL, data BLOB, accessible TEXT);
            CREATE INDEX IF NOT EXISTS keychain_items_group ON keychain_items (access_group, class);
            CREATE TABLE IF NOT EXISTS nsesim_migrations (name TEXT PRIMARY KEY, date REAL NOT NULL);
            """)
    }

    /// The rows of `itemClass` matching `query` (in its access group, or every group), with their ids.
    /// `defaultGroup`: an item without `agrp` lives in the default group, so the query's group is
    /// only a place to look, not an attribute to match.
    static func rows(
        _ itemClass: String, _ query: [String: String], _ database: some SQLiteStatements,
        defaultGroup: Bool = false
    ) throws(SQLiteError) -> [(id: Int64, item: Item)] {
        let rows: [SQLiteRow]
        if let group = query[accessGroupKey] {
            rows = try database.query(
                "SELECT id, class, attributes, data FROM keychain_items WHERE access_group = ? AND class = ? ORDER BY id",
                [.text(group), .text(itemClass)])
        } else {
            rows = try database.query(
                "SELECT id, class, attributes, data FROM keychain_items WHERE class = ? ORDER BY access_group, id",
                [.text(itemClass)])
        }
        let matching = defaultGroup ? query.filter { $0.key != accessGroupKey } : query
        return rows.compactMap { row -> (id: Int64, item: Item)? in
            let attributes = ((try? JSONValue.parse(row[2].blobValue ?? Data()))?.objectValue ?? [:]).compactMapValues(\.stringValue)
            let item = Item(itemClass: row[1].textValue ?? "", attributes: attributes, data: row[3].isNull ? nil : row[3].blobValue)
            guard item.matches(itemClass: itemClass, attributes: matching) else { return nil }
            return (id: row[0].integerValue ?? 0, item: item)
        }
    }

    static func insert(_ item: Item, _ database: some SQLiteStatements) throws(SQLiteError) {
        let values = columns(item)
        try database.run(
            "INSERT INTO keychain_items (access_group, attributes, data, accessible, class) VALUES (?, ?, ?, ?, ?)",
            values + [.text(item.itemClass)])
    }

    /// access_group, attributes, data, accessible.
    private static func columns(_ item: Item) -> [SQLiteValue] {
        [
            .text(item.group), .text(JSONValue.object(item.attributes.mapValues(JSONValue.string)).serializedString()),
            item.data.map(SQLiteValue.blob) ?? .null, item.attributes[KeychainAccessibility.attributeKey].map(SQLiteValue.text) ?? .null,
        ]
    }

    private func run<Result>(_ body: (SQLiteDatabase) throws(SQLiteError) -> Result) throws(KeychainStoreError) -> Result {
        let legacy = legacyFolder
        do throws(SQLiteError) {
            let database = try SQLiteConnections.database(at: file.path, part: "keychain") { database throws(SQLiteError) in
                try Self.create(database)
                try KeychainMigration(folder: legacy).migrate(into: database)
            }
            return try body(database)
        } catch {
            throw KeychainStoreError(file: file, legacyFolder: legacy, error)
        }
    }
}
