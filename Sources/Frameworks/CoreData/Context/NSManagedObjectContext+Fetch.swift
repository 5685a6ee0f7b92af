import Foundation
import NSESimRuntime
import NSESimSQLite

extension NSManagedObjectContext {
    /// The objects `request` asks for: the store's rows of its entity with this context's
    /// unsaved changes (unless `includesPendingChanges` is false), filtered by the predicate,
    /// sorted, offset and limited, as `ResultType` (objects, IDs, dictionaries or the count).
    public func fetch<T>(_ request: NSFetchRequest<T>) throws -> [T] {
        try fetch(request, reporting: true)
    }

    /// A fetch; `reporting` false for the ones the framework makes itself (a to-many's objects).
    func fetch<T>(_ request: NSFetchRequest<T>, reporting: Bool) throws -> [T] {
        let start = ContinuousClock.now
        let entity = try entityOf(request)
        if let type = T.self as? NSManagedObject.Type { entity.register(type) }
        let objects = try lock.withLock { try matching(request, entity: entity) }
        if reporting { report("fetch", request, entity: entity, count: objects.count, start: start) }
        if request.resultType.contains(.countResultType) { return [NSNumber(value: objects.count) as! T] }
        if request.resultType.contains(.managedObjectIDResultType) { return objects.map { $0.objectID as! T } }
        if request.resultType.contains(.dictionaryResultType) {
            let keys = request.propertiesToFetch?.compactMap { ($0 as? String) ?? ($0 as? NSPropertyDescription)?.name }
            return objects.map { object in
                let values = object.values.filter { keys?.contains($0.key) ?? true }
                return NSDictionary(dictionary: values) as! T
            }
        }
        return try objects.map { object in
            guard let typed = object as? T else {
                throw CoreDataError.make(
                    NSCoreDataError, "The fetched object of entity \(entity.name ?? "?") is a \(type(of: object)), not a \(T.self).")
            }
            return typed
        }
    }

    /// How many objects `request` would fetch.
    public func count<T>(for request: NSFetchRequest<T>) throws -> Int {
        let start = ContinuousClock.now
        let entity = try entityOf(request)
        let count = try lock.withLock { try matching(request, entity: entity).count }
        report("count", request, entity: entity, count: count, start: start)
        return count
    }

    /// The object with `objectID`, read from the store if the context does not hold it yet.
    public func object(with objectID: NSManagedObjectID) -> NSManagedObject {
        if let object = try? existingObject(with: objectID) { return object }
        let object = objectID.entity.objectClass(for: NSManagedObject.self).init(entity: objectID.entity, insertInto: nil)
        object.objectID = objectID
        object.managedObjectContext = self
        return object
    }

    /// The object with `objectID`; an error when the store has no such row.
    public func existingObject(with objectID: NSManagedObjectID) throws -> NSManagedObject {
        if let object = registeredObject(for: objectID) { return object }
        guard let key = objectID.primaryKey, let store = persistentStoreCoordinator?.primaryStore else {
            throw CoreDataError.make(NSManagedObjectReferentialIntegrityError, "The object with ID \(objectID) does not exist.")
        }
        return try lock.withLock {
            let row: StoredRow?
            do throws(SQLiteError) { row = try store.row(of: objectID.entity, primaryKey: key) } catch {
                throw Self.storeError(error, store)
            }
            guard let row else {
                throw CoreDataError.make(NSManagedObjectReferentialIntegrityError, "The object with ID \(objectID) does not exist.")
            }
            return materialize(objectID.entity, row, store)
        }
    }

    /// The object with `objectID` if the context holds it.
    public func registeredObject(for objectID: NSManagedObjectID) -> NSManagedObject? {
        lock.withLock {
            if let key = objectID.primaryKey { return registered[Self.key(objectID.entity, key)] }
            return pendingInserts.first { $0.objectID === objectID }
        }
    }

    // MARK: - Under the lock

    func entityOf<T>(_ request: NSFetchRequest<T>) throws -> NSEntityDescription {
        if let entity = request.resolvedEntity(in: model) { return entity }
        if let name = request.entityName {
            CoreDataFailure.raise(
                "NSInternalInconsistencyException", "+entityForName: could not locate an entity named '\(name)' in this model.")
        }
        CoreDataFailure.raise("NSInvalidArgumentException", "executeFetchRequest:error: A fetch request must have an entity.")
    }

    func matching<T>(_ request: NSFetchRequest<T>, entity: NSEntityDescription) throws -> [NSManagedObject] {
        var objects: [NSManagedObject] = []
        if let store = persistentStoreCoordinator?.primaryStore {
            // SQLite reads only the rows the predicate may accept (a superset); objects changed in
            // this context are added back, then every object is evaluated.
            let filter = request.predicate.flatMap { PredicateSQL.translate($0, entity: entity) }
            let rows: [StoredRow]
            do throws(SQLiteError) { rows = try store.rows(of: entity, matching: filter) } catch { throw Self.storeError(error, store) }
            var seen = Set<ObjectIdentifier>()
            for row in rows {
                let object = materialize(entity, row, store)
                seen.insert(ObjectIdentifier(object))
                if object.deleted, request.includesPendingChanges { continue }
                objects.append(object)
            }
            if filter != nil, request.includesPendingChanges {
                objects += registered.values.filter { object in
                    object.entity === entity && !object.changedKeys.isEmpty && !object.deleted && !seen.contains(ObjectIdentifier(object))
                }.sorted { ($0.objectID.primaryKey ?? 0) < ($1.objectID.primaryKey ?? 0) }
            }
        }
        if request.includesPendingChanges { objects += pendingInserts.filter { $0.entity === entity } }
        if let predicate = request.predicate { objects = objects.filter { predicate.evaluate(with: $0) } }
        if let descriptors = request.sortDescriptors, !descriptors.isEmpty {
            objects.sort { first, second in
                for descriptor in descriptors {
                    let order = descriptor.compare(first, to: second)
                    if order != .orderedSame { return order == .orderedAscending }
                }
                return false
            }
        }
        if request.fetchOffset > 0 { objects = Array(objects.dropFirst(request.fetchOffset)) }
        if request.fetchLimit > 0 { objects = Array(objects.prefix(request.fetchLimit)) }
        return objects
    }

    /// The context's object for a stored row: the one it holds (read again unless it has
    /// unsaved changes) or a new one of the entity's class.
    func materialize(_ entity: NSEntityDescription, _ row: StoredRow, _ store: NSPersistentStore) -> NSManagedObject {
        let key = Self.key(entity, row.primaryKey)
        if let existing = registered[key] {
            existing.committed = row.values
            if existing.changedKeys.isEmpty, !existing.deleted {
                existing.values = row.values
                existing.relationshipKeys = row.foreignKeys
                existing.version = row.version
            }
            return existing
        }
        let type = entity.objectClass(for: NSManagedObject.self)
        let object = type.init(entity: entity, insertInto: nil)
        object.objectID = NSManagedObjectID(entity: entity, store: store, primaryKey: row.primaryKey)
        object.values = row.values
        object.relationshipKeys = row.foreignKeys
        object.committed = row.values
        object.changedKeys = []
        object.version = row.version
        object.managedObjectContext = self
        registered[key] = object
        object.awakeFromFetch()
        return object
    }

    static func key(_ entity: NSEntityDescription, _ primaryKey: Int64) -> String { "\(entity.name ?? "")/\(primaryKey)" }

    /// A store error during a fetch or save, as Core Data reports it.
    static func storeError(_ error: SQLiteError, _ store: NSPersistentStore, code: Int = NSCoreDataError) -> NSError {
        var info: [String: Any] = [NSSQLiteErrorDomain: Int(error.code), "reason": error.message]
        if let url = store.url { info[NSFilePathErrorKey] = url.path }
        let code = error.isDamagedFile ? CocoaError.fileReadCorruptFile.rawValue : code
        return CoreDataError.make(code, "The operation couldn’t be completed. (Cocoa error \(code).)", info)
    }

    func report<T>(
        _ operation: String, _ request: NSFetchRequest<T>, entity: NSEntityDescription, count: Int, start: ContinuousClock.Instant
    ) {
        var record: [String: JSONValue] = [
            "operation": .string(operation), "entity": .string(entity.name ?? "?"), "count": .integer(Int64(count)),
            "durationMs": .double((ContinuousClock.now - start).milliseconds),
            "store": CoreDataReport.store(persistentStoreCoordinator?.primaryStore?.url),
        ]
        if let predicate = request.predicate { record["predicate"] = .string(PredicateDescription.of(predicate)) }
        if let descriptors = request.sortDescriptors, !descriptors.isEmpty {
            record["sort"] = .array(descriptors.map { .string(SortKey.describe($0)) })
        }
        if request.fetchLimit > 0 { record["fetchLimit"] = .integer(Int64(request.fetchLimit)) }
        CoreDataReport.send(record)
    }
}

/// An object a fetch or `existingObject(with:)` could not find.
public let NSManagedObjectReferentialIntegrityError = 133000
