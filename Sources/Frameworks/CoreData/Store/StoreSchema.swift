import NSESimSQLite

/// The tables Core Data's SQLite store has, as it names them: `Z_METADATA` (the store's
/// identifier), one table per entity (`ZITEM`: `Z_PK`, `Z_ENT`, `Z_OPT`, then `Z` + each
/// attribute's name in capitals).
enum StoreSchema {
    /// The column of the attribute `name`.
    static func column(_ name: String) -> String { "Z" + name.uppercased() }

    static func quoted(_ identifier: String) -> String { "\"" + identifier.replacingOccurrences(of: "\"", with: "\"\"") + "\"" }

    /// Creates what is missing (tables, and columns the model added: a lightweight migration)
    /// and returns the store's identifier.
    static func prepare(_ database: SQLiteDatabase, model: NSManagedObjectModel, readOnly: Bool) throws(SQLiteError) -> String {
        let tables = try database.tables()
        if readOnly {
            let stored = try? database.query("SELECT Z_UUID FROM Z_METADATA WHERE Z_VERSION = 1").first?[0].textValue
            return stored ?? UUID().uuidString
        }
        return try database.transaction { transaction throws(SQLiteError) in
            if tables["Z_METADATA"] == nil {
                try transaction.execute("CREATE TABLE Z_METADATA (Z_VERSION INTEGER PRIMARY KEY, Z_UUID VARCHAR(255), Z_PLIST BLOB)")
            }
            for entity in model.entities where !entity.isAbstract {
                let declared =
                    NSPersistentStore.storedAttributes(of: entity).map { (column($0.name), $0.attributeType.columnType) }
                    + NSPersistentStore.storedToOnes(of: entity).map { (column($0.name), "INTEGER") }
                if let existing = tables[entity.tableName] {
                    for (name, type) in declared where !existing.contains(name) {
                        try transaction.execute("ALTER TABLE \(quoted(entity.tableName)) ADD COLUMN \(quoted(name)) \(type)")
                    }
                } else {
                    let columns =
                        ["Z_PK INTEGER PRIMARY KEY AUTOINCREMENT", "Z_ENT INTEGER", "Z_OPT INTEGER"]
                        + declared.map { "\(quoted($0.0)) \($0.1)" }
                    try transaction.execute("CREATE TABLE \(quoted(entity.tableName)) (\(columns.joined(separator: ", ")))")
                }
            }
            if let stored = try transaction.query("SELECT Z_UUID FROM Z_METADATA WHERE Z_VERSION = 1").first?[0].textValue {
                return stored
            }
            let identifier = UUID().uuidString
            try transaction.run("INSERT INTO Z_METADATA (Z_VERSION, Z_UUID) VALUES (1, ?)", [.text(identifier)])
            return identifier
        }
    }
}
