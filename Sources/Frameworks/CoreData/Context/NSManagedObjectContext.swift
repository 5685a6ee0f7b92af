import Foundation

/// A scratch pad of objects over a coordinator's stores: objects are fetched into it, changed,
/// inserted and deleted in it, and written by `save()` in one transaction.
///
/// Sendable: its state is kept under a recursive lock, which `perform` and `performAndWait`
/// hold while their block runs (its objects are not Sendable: use them in those blocks).
open class NSManagedObjectContext: NSObject, @unchecked Sendable {
    /// When a block of `perform` runs.
    public enum ScheduledTaskType: Sendable {
        /// At once when already on the context's queue, else enqueued.
        case immediate
        /// After the work already enqueued.
        case enqueued
    }

    /// The queue kind.
    public let concurrencyType: NSManagedObjectContextConcurrencyType
    let lock = NSRecursiveLock()
    let queue: DispatchQueue
    private var coordinator: NSPersistentStoreCoordinator?
    private var parentContext: NSManagedObjectContext?

    /// The settings below, under the lock.
    private var settings = Settings()
    private struct Settings {
        var name: String?
        var automaticallyMergesChangesFromParent = false
        var mergePolicy: NSMergePolicy = .error
        var transactionAuthor: String?
        var stalenessInterval: TimeInterval = -1
        var shouldDeleteInaccessibleFaults = true
    }

    /// A name for debugging.
    open var name: String? {
        get { lock.withLock { settings.name } }
        set { lock.withLock { settings.name = newValue } }
    }
    /// Whether changes saved by other contexts show (they always do at the next fetch here).
    open var automaticallyMergesChangesFromParent: Bool {
        get { lock.withLock { settings.automaticallyMergesChangesFromParent } }
        set { lock.withLock { settings.automaticallyMergesChangesFromParent = newValue } }
    }
    /// How a save settles rows changed in the store since they were read (`NSErrorMergePolicy`
    /// by default; an `NSMergePolicy`, as Apple's constants are).
    open var mergePolicy: Any {
        get { lock.withLock { settings.mergePolicy } }
        set { lock.withLock { settings.mergePolicy = (newValue as? NSMergePolicy) ?? .error } }
    }
    /// The author recorded in persistent history (kept, not used).
    open var transactionAuthor: String? {
        get { lock.withLock { settings.transactionAuthor } }
        set { lock.withLock { settings.transactionAuthor = newValue } }
    }
    /// How stale cached values may be (no cache here).
    open var stalenessInterval: TimeInterval {
        get { lock.withLock { settings.stalenessInterval } }
        set { lock.withLock { settings.stalenessInterval = newValue } }
    }
    /// Whether faults of deleted objects read as deleted.
    open var shouldDeleteInaccessibleFaults: Bool {
        get { lock.withLock { settings.shouldDeleteInaccessibleFaults } }
        set { lock.withLock { settings.shouldDeleteInaccessibleFaults = newValue } }
    }

    /// Objects read from the store, by entity and key.
    var registered: [String: NSManagedObject] = [:]
    var pendingInserts: [NSManagedObject] = []
    var pendingUpdates: [NSManagedObject] = []
    var pendingDeletes: [NSManagedObject] = []

    /// A context whose work runs on the queue `concurrencyType` names.
    public init(concurrencyType type: NSManagedObjectContextConcurrencyType) {
        concurrencyType = type
        queue = type == .mainQueueConcurrencyType ? .main : DispatchQueue(label: "NSManagedObjectContext")
        super.init()
    }

    /// The coordinator whose stores the context reads and writes.
    open var persistentStoreCoordinator: NSPersistentStoreCoordinator? {
        get { lock.withLock { coordinator ?? parentContext?.persistentStoreCoordinator } }
        set { lock.withLock { coordinator = newValue } }
    }

    /// A parent context. Here a child reads and saves through the parent's coordinator
    /// directly (docs/frameworks.md).
    open var parent: NSManagedObjectContext? {
        get { lock.withLock { parentContext } }
        set { lock.withLock { parentContext = newValue } }
    }

    var model: NSManagedObjectModel? { persistentStoreCoordinator?.managedObjectModel }

    // MARK: - Queues

    /// Runs `block` on the context's queue, later.
    open func perform(_ block: @escaping () -> Void) {
        nonisolated(unsafe) let work = block
        queue.async { [self] in
            lock.lock()
            defer { lock.unlock() }
            work()
        }
    }

    /// Runs `block` now, on this thread, as the context's queue (it waits for work in progress).
    open func performAndWait(_ block: () -> Void) {
        lock.lock()
        defer { lock.unlock() }
        block()
    }

    /// Runs `block` now as the context's queue and returns what it returns.
    public func performAndWait<T, E: Error>(_ block: () throws(E) -> T) throws(E) -> T {
        lock.lock()
        defer { lock.unlock() }
        return try block()
    }

    /// Runs `block` on the context's queue and returns what it returns.
    public func perform<T, E: Error>(schedule: ScheduledTaskType = .immediate, _ block: @escaping () throws(E) -> T) async throws(E) -> T {
        nonisolated(unsafe) let work = block
        let box: ResultBox<T, E> = await withCheckedContinuation { continuation in
            queue.async { [self] in
                lock.lock()
                defer { lock.unlock() }
                do throws(E) {
                    continuation.resume(returning: ResultBox(result: .success(try work())))
                } catch {
                    continuation.resume(returning: ResultBox(result: .failure(error)))
                }
            }
        }
        return try box.result.get()
    }

    // MARK: - Changes

    /// Whether anything was inserted, changed or deleted since the last save.
    open var hasChanges: Bool {
        lock.withLock { !pendingInserts.isEmpty || !pendingUpdates.isEmpty || !pendingDeletes.isEmpty }
    }

    /// The objects inserted and not saved.
    open var insertedObjects: Set<NSManagedObject> { lock.withLock { Set(pendingInserts) } }
    /// The objects changed and not saved.
    open var updatedObjects: Set<NSManagedObject> { lock.withLock { Set(pendingUpdates) } }
    /// The objects deleted and not saved.
    open var deletedObjects: Set<NSManagedObject> { lock.withLock { Set(pendingDeletes) } }
    /// Every object the context holds.
    open var registeredObjects: Set<NSManagedObject> { lock.withLock { Set(registered.values).union(pendingInserts) } }

    /// Inserts `object`: it is written at the next save.
    open func insert(_ object: NSManagedObject) {
        lock.withLock {
            guard !(object.managedObjectContext === self && object.inserted) else { return }
            object.managedObjectContext = self
            object.inserted = true
            object.deleted = false
            pendingInserts.append(object)
        }
        object.awakeFromInsert()
    }

    /// Deletes `object`: its row goes at the next save (an unsaved insert is simply dropped).
    open func delete(_ object: NSManagedObject) {
        // The objects its Cascade relationships reach go with it (found while it is not yet deleted).
        let cascaded = object.deleted ? [] : cascadedObjects(of: object)
        object.prepareForDeletion()
        defer { for related in cascaded where !related.deleted { delete(related) } }
        lock.withLock {
            if object.inserted {
                pendingInserts.removeAll { $0 === object }
                object.inserted = false
                object.deleted = true
                return
            }
            guard !object.deleted else { return }
            object.deleted = true
            pendingUpdates.removeAll { $0 === object }
            pendingDeletes.append(object)
        }
    }

    /// Notes that `key` of a fetched object changed.
    func noteChange(_ object: NSManagedObject, key: String) {
        lock.withLock {
            object.changedKeys.insert(key)
            if !object.deleted, !pendingUpdates.contains(where: { $0 === object }) { pendingUpdates.append(object) }
        }
    }

    /// Throws away the unsaved changes.
    open func rollback() {
        lock.withLock {
            for object in pendingInserts {
                object.inserted = false
                object.managedObjectContext = nil
            }
            for object in pendingUpdates + pendingDeletes {
                object.values = object.committed ?? [:]
                object.changedKeys = []
                object.deleted = false
            }
            pendingInserts = []
            pendingUpdates = []
            pendingDeletes = []
        }
    }

    /// Forgets every object and change.
    open func reset() {
        lock.withLock {
            registered = [:]
            pendingInserts = []
            pendingUpdates = []
            pendingDeletes = []
        }
    }

    /// Reads `object` again from the store; its unsaved changes stay when `flag` is true.
    open func refresh(_ object: NSManagedObject, mergeChanges flag: Bool) {
        lock.withLock {
            guard let key = object.objectID.primaryKey, let store = persistentStoreCoordinator?.primaryStore,
                let row = try? store.row(of: object.entity, primaryKey: key)
            else { return }
            let changed = flag ? object.changedValues() : [:]
            object.committed = row.values
            object.version = row.version
            object.values = row.values
            if flag {
                for (key, value) in changed { object.values[key] = value is NSNull ? nil : value }
            } else {
                object.changedKeys = []
                pendingUpdates.removeAll { $0 === object }
            }
        }
    }

    /// Reads every registered object again.
    open func refreshAllObjects() {
        for object in registeredObjects { refresh(object, mergeChanges: true) }
    }

    /// Nothing to merge: a fetch reads what other contexts and processes saved.
    open func mergeChanges(fromContextDidSave notification: Notification) {}

    /// Makes the IDs of unsaved objects permanent (they become so at the save here).
    open func obtainPermanentIDs(for objects: [NSManagedObject]) throws {}
}

/// A result handed from the context's queue to the awaiting task.
private struct ResultBox<T, E: Error>: @unchecked Sendable {
    let result: Result<T, E>
}

extension Notification.Name {
    /// Posted after a context saved (object: the context; userInfo: the inserted, updated and deleted objects).
    public static let NSManagedObjectContextDidSave = Notification.Name("NSManagedObjectContextDidSaveNotification")
    /// Posted by a store whose description sets `NSPersistentStoreRemoteChangeNotificationPostOptionKey`
    /// when another process (the app, its extension) changed it: apps observe it
    /// (`NotificationCenter.default.publisher(for: .NSPersistentStoreRemoteChange)`, ntfy's store).
    public static let NSPersistentStoreRemoteChange = Notification.Name("NSPersistentStoreRemoteChangeNotification")
    /// Posted before a context saves.
    public static let NSManagedObjectContextWillSave = Notification.Name("NSManagedObjectContextWillSaveNotification")
}

extension NSManagedObjectContext {
    /// Posted after a context saved.
    public static let didSaveObjectsNotification = Notification.Name.NSManagedObjectContextDidSave
    /// Posted before a context saves.
    public static let willSaveObjectsNotification = Notification.Name.NSManagedObjectContextWillSave
}
