import Foundation
import NSESimRuntime
import NSESimSQLite

extension NSManagedObjectContext {
    /// Writes the inserts, changes and deletes to the store in one transaction. Validation
    /// errors (1570, 1560), a row another context or process changed since it was read (133020
    /// under `NSErrorMergePolicy`) and store errors are Core Data's; a context with no store stops
    /// the process as iOS does.
    public func save() throws {
        let start = ContinuousClock.now
        try lock.withLock {
            guard !pendingInserts.isEmpty || !pendingUpdates.isEmpty || !pendingDeletes.isEmpty else { return }
            guard let coordinator = persistentStoreCoordinator, let store = coordinator.primaryStore else {
                CoreDataFailure.raise(
                    "NSInternalInconsistencyException",
                    "This NSPersistentStoreCoordinator has no persistent stores (unknown). It cannot perform a save operation.")
            }
            NotificationCenter.default.post(name: .NSManagedObjectContextWillSave, object: self)
            do {
                try validate()
            } catch {
                CoreDataReport.send(saveRecord(store, start).merging(CoreDataReport.error(error as NSError)) { $1 })
                throw error
            }
            for object in pendingInserts + pendingUpdates + pendingDeletes { object.willSave() }
            let policy = (mergePolicy as? NSMergePolicy) ?? .error
            var changes = StoreChanges(inserts: pendingInserts, updates: pendingUpdates, deletes: pendingDeletes)
            var result: StoreSaveResult
            do throws(SQLiteError) {
                result = try store.save(changes, model: coordinator.managedObjectModel, overwrite: policy.contextWins)
                if !result.conflicts.isEmpty, policy.storeWins {
                    // The store's rows win: drop those objects' changes, write the rest.
                    let conflicting = result.conflicts
                    for object in conflicting {
                        if let key = object.objectID.primaryKey, let row = try store.row(of: object.entity, primaryKey: key) {
                            object.values = row.values
                            object.committed = row.values
                            object.version = row.version
                        }
                        object.changedKeys = []
                        object.deleted = false
                    }
                    changes.updates.removeAll { object in conflicting.contains { $0 === object } }
                    changes.deletes.removeAll { object in conflicting.contains { $0 === object } }
                    result = try store.save(changes, model: coordinator.managedObjectModel, overwrite: true)
                }
            } catch {
                let nsError = Self.storeError(error, store, code: NSPersistentStoreSaveError)
                CoreDataReport.send(saveRecord(store, start).merging(CoreDataReport.error(nsError)) { $1 })
                throw nsError
            }
            if !result.conflicts.isEmpty {
                let error = CoreDataError.make(
                    NSManagedObjectMergeError, "Could not merge changes.",
                    [NSPersistentStoreSaveConflictsErrorKey: result.conflicts])
                CoreDataReport.send(
                    saveRecord(store, start).merging(CoreDataReport.error(error)) { $1 }
                        .merging(["conflicts": .integer(Int64(result.conflicts.count))]) { $1 })
                throw error
            }
            let record = saveRecord(store, start, changes: changes)
            for (object, key) in zip(changes.inserts, result.insertedKeys) {
                object.objectID = NSManagedObjectID(entity: object.entity, store: store, primaryKey: key)
                object.inserted = false
                object.version = 1
                registered[Self.key(object.entity, key)] = object
            }
            for object in changes.updates {
                if let key = object.objectID.primaryKey {
                    object.version = (try? store.version(of: object.entity, primaryKey: key)) ?? object.version + 1
                }
            }
            for object in changes.inserts + changes.updates {
                object.committed = object.values
                object.changedKeys = []
            }
            for object in changes.deletes {
                if let key = object.objectID.primaryKey { registered.removeValue(forKey: Self.key(object.entity, key)) }
                object.managedObjectContext = nil
            }
            pendingInserts = []
            pendingUpdates = []
            pendingDeletes = []
            for object in changes.inserts + changes.updates + changes.deletes { object.didSave() }
            CoreDataReport.send(record)
            NotificationCenter.default.post(
                name: .NSManagedObjectContextDidSave, object: self,
                userInfo: [
                    NSInsertedObjectsKey: Set(changes.inserts), NSUpdatedObjectsKey: Set(changes.updates),
                    NSDeletedObjectsKey: Set(changes.deletes),
                ])
        }
    }

    /// Every inserted and changed object's validation, as one error.
    private func validate() throws {
        var errors: [NSError] = []
        for object in pendingInserts {
            do { try object.validateForInsert() } catch { errors.append(error as NSError) }
        }
        for object in pendingUpdates {
            do { try object.validateForUpdate() } catch { errors.append(error as NSError) }
        }
        for object in pendingDeletes {
            do { try object.validateForDelete() } catch { errors.append(error as NSError) }
        }
        let flattened = errors.flatMap { error in
            error.code == NSValidationMultipleErrorsError ? (error.userInfo[NSDetailedErrorsKey] as? [NSError] ?? [error]) : [error]
        }
        if flattened.count == 1 { throw flattened[0] }
        if flattened.count > 1 {
            throw CoreDataError.make(
                NSValidationMultipleErrorsError, "Multiple validation errors occurred.", [NSDetailedErrorsKey: flattened])
        }
    }

    private func saveRecord(
        _ store: NSPersistentStore, _ start: ContinuousClock.Instant, changes: StoreChanges? = nil
    ) -> [String: JSONValue] {
        let changes = changes ?? StoreChanges(inserts: pendingInserts, updates: pendingUpdates, deletes: pendingDeletes)
        func names(_ objects: [NSManagedObject]) -> JSONValue {
            var counts: [String: Int64] = [:]
            for object in objects { counts[object.entity.name ?? "?", default: 0] += 1 }
            return .object(counts.mapValues(JSONValue.integer))
        }
        return [
            "operation": .string("save"), "store": CoreDataReport.store(store.url),
            "inserted": names(changes.inserts), "updated": names(changes.updates), "deleted": names(changes.deletes),
            "durationMs": .double((ContinuousClock.now - start).milliseconds),
        ]
    }
}
