import Foundation
import NSESimSQLite

/// One object's row as the store holds it: its key, version and attribute values (canonical).
struct StoredRow {
    let primaryKey: Int64
    let version: Int64
    let values: [String: Any]
    /// The to-one columns: the destination's primary key by relationship.
    var foreignKeys: [String: Int64] = [:]
}

/// What one save writes.
struct StoreChanges {
    var inserts: [NSManagedObject] = []
    var updates: [NSManagedObject] = []
    var deletes: [NSManagedObject] = []
}

/// What a save did: the inserted objects' keys, in order, and the objects whose row changed
/// in the store since they were read (optimistic locking).
struct StoreSaveResult {
    var insertedKeys: [Int64] = []
    var conflicts: [NSManagedObject] = []
}

extension NSPersistentStore {
    /// Every row of `entity`.
    func rows(of entity: NSEntityDescription, matching filter: PredicateSQL? = nil) throws(SQLiteError) -> [StoredRow] {
        let attributes = Self.storedAttributes(of: entity)
        let toOnes = Self.storedToOnes(of: entity)
        let columns = ["Z_PK", "Z_OPT"] + (attributes.map(\.name) + toOnes.map(\.name)).map { StoreSchema.quoted(StoreSchema.column($0)) }
        let condition = filter.map { " WHERE \($0.clause)" } ?? ""
        return try database.query(
            "SELECT \(columns.joined(separator: ", ")) FROM \(StoreSchema.quoted(entity.tableName))\(condition) ORDER BY Z_PK",
            filter?.bindings ?? []
        )
        .map { row in
            var values: [String: Any] = [:]
            for (offset, attribute) in attributes.enumerated() {
                if let value = ManagedValue.value(row[offset + 2], type: attribute.attributeType) { values[attribute.name] = value }
            }
            var stored = StoredRow(primaryKey: row[0].integerValue ?? 0, version: row[1].integerValue ?? 0, values: values)
            for (offset, relationship) in toOnes.enumerated() {
                if let key = row[offset + 2 + attributes.count].integerValue { stored.foreignKeys[relationship.name] = key }
            }
            return stored
        }
    }

    /// The row of `entity` with key `primaryKey`.
    func row(of entity: NSEntityDescription, primaryKey: Int64) throws(SQLiteError) -> StoredRow? {
        try rows(of: entity, matching: PredicateSQL(clause: "Z_PK = ?", bindings: [.integer(primaryKey)])).first
    }

    /// Writes `changes` in one transaction. With `overwrite` false, an update of a row another
    /// context or process changed since it was read writes nothing and is returned as a conflict.
    func save(_ changes: StoreChanges, model: NSManagedObjectModel, overwrite: Bool) throws(SQLiteError) -> StoreSaveResult {
        let numbers = model.entityNumbers
        return try database.transaction { transaction throws(SQLiteError) in
            var result = StoreSaveResult()
            if !overwrite {
                for object in changes.updates + changes.deletes {
                    guard let key = object.objectID.primaryKey else { continue }
                    let stored = try transaction.query(
                        "SELECT Z_OPT FROM \(StoreSchema.quoted(object.entity.tableName)) WHERE Z_PK = ?",
                        [.integer(key)]
                    ).first?[0].integerValue
                    if let stored, stored != object.version { result.conflicts.append(object) }
                }
                if !result.conflicts.isEmpty { return result }
            }
            for object in changes.inserts {
                let attributes = Self.storedAttributes(of: object.entity)
                let columns = ["Z_ENT", "Z_OPT"] + attributes.map { StoreSchema.quoted(StoreSchema.column($0.name)) }
                let values: [SQLiteValue] =
                    [.integer(Int64(numbers[object.entity.name ?? ""] ?? 0)), .integer(1)]
                    + attributes.map { ManagedValue.column(object.values[$0.name], type: $0.attributeType) }
                let change = try transaction.run(
                    "INSERT INTO \(StoreSchema.quoted(object.entity.tableName)) (\(columns.joined(separator: ", "))) "
                        + "VALUES (\(Array(repeating: "?", count: values.count).joined(separator: ", ")))", values)
                result.insertedKeys.append(change.lastInsertRowID)
            }
            // To-one columns, once every inserted object has its key.
            var newKeys: [ObjectIdentifier: Int64] = [:]
            for (object, key) in zip(changes.inserts, result.insertedKeys) { newKeys[ObjectIdentifier(object)] = key }
            for object in changes.inserts + changes.updates {
                guard let key = object.objectID.primaryKey ?? newKeys[ObjectIdentifier(object)] else { continue }
                for relationship in Self.storedToOnes(of: object.entity)
                where object.objectID.isTemporaryID || object.changedKeys.contains(relationship.name) {
                    guard object.values[relationship.name] != nil || !object.objectID.isTemporaryID else { continue }
                    let destination = object.values[relationship.name] as? NSManagedObject
                    let target = destination.flatMap { $0.objectID.primaryKey ?? newKeys[ObjectIdentifier($0)] }
                    try transaction.run(
                        "UPDATE \(StoreSchema.quoted(object.entity.tableName)) SET "
                            + "\(StoreSchema.quoted(StoreSchema.column(relationship.name))) = ? WHERE Z_PK = ?",
                        [target.map { .integer($0) } ?? .null, .integer(key)])
                }
            }
            for object in changes.updates {
                guard let key = object.objectID.primaryKey else { continue }
                let attributes = Self.storedAttributes(of: object.entity).filter { object.changedKeys.contains($0.name) }
                let assignments = ["Z_OPT = Z_OPT + 1"] + attributes.map { "\(StoreSchema.quoted(StoreSchema.column($0.name))) = ?" }
                try transaction.run(
                    "UPDATE \(StoreSchema.quoted(object.entity.tableName)) SET \(assignments.joined(separator: ", ")) WHERE Z_PK = ?",
                    attributes.map { ManagedValue.column(object.values[$0.name], type: $0.attributeType) } + [.integer(key)])
            }
            for object in changes.deletes {
                guard let key = object.objectID.primaryKey else { continue }
                try transaction.run("DELETE FROM \(StoreSchema.quoted(object.entity.tableName)) WHERE Z_PK = ?", [.integer(key)])
                // The Nullify rule: to-ones that pointed at the deleted row point nowhere.
                for source in model.entities where !source.isAbstract {
                    for relationship in Self.storedToOnes(of: source) where relationship.destinationEntity === object.entity {
                        try transaction.run(
                            "UPDATE \(StoreSchema.quoted(source.tableName)) SET "
                                + "\(StoreSchema.quoted(StoreSchema.column(relationship.name))) = NULL WHERE "
                                + "\(StoreSchema.quoted(StoreSchema.column(relationship.name))) = ?", [.integer(key)])
                    }
                }
            }
            return result
        }
    }

    /// The version (`Z_OPT`) of the row `primaryKey` of `entity`.
    func version(of entity: NSEntityDescription, primaryKey: Int64) throws(SQLiteError) -> Int64? {
        try database.query("SELECT Z_OPT FROM \(StoreSchema.quoted(entity.tableName)) WHERE Z_PK = ?", [.integer(primaryKey)])
            .first?[0].integerValue
    }

    /// The to-one relationships stored as columns.
    static func storedToOnes(of entity: NSEntityDescription) -> [NSRelationshipDescription] {
        entity.properties.compactMap { $0 as? NSRelationshipDescription }.filter { !$0.isToMany && !$0.isTransient }
    }

    static func storedAttributes(of entity: NSEntityDescription) -> [NSAttributeDescription] {
        entity.properties.compactMap { $0 as? NSAttributeDescription }.filter { !$0.isTransient }
    }
}
