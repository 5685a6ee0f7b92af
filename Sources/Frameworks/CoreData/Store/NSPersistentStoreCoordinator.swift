import Foundation
import NSESimRuntime
import NSESimSQLite

/// Opens stores for a model and gives contexts their rows. A store file added here may be open
/// in other processes too (the app): SQLite's WAL and locks keep them consistent.
open class NSPersistentStoreCoordinator: NSObject, @unchecked Sendable {
    /// The model of the stores.
    public let managedObjectModel: NSManagedObjectModel
    private let lock = NSLock()
    private var stores: [NSPersistentStore] = []

    /// The models of every coordinator so far, for `NSManagedObject.entity()`.
    nonisolated(unsafe) private static var models: [NSManagedObjectModel] = []
    private static let modelsLock = NSLock()

    static func loadedModels() -> [NSManagedObjectModel] { modelsLock.withLock { models } }

    /// A coordinator for `model`.
    public init(managedObjectModel model: NSManagedObjectModel) {
        managedObjectModel = model
        super.init()
        Self.modelsLock.withLock { if !Self.models.contains(where: { $0 === model }) { Self.models.append(model) } }
    }

    /// The stores added.
    open var persistentStores: [NSPersistentStore] { lock.withLock { stores } }

    /// The store whose file is `url`.
    open func persistentStore(for url: URL) -> NSPersistentStore? {
        persistentStores.first { $0.url?.standardizedFileURL == url.standardizedFileURL }
    }

    /// Opens the store of `storeType` at `storeURL` (creating the file, and the tables the model
    /// needs) and adds it. The errors are Core Data's (`StoreOpenError`).
    @discardableResult
    open func addPersistentStore(
        ofType storeType: String, configurationName configuration: String?, at storeURL: URL?,
        options: [AnyHashable: Any]? = nil
    ) throws -> NSPersistentStore {
        let start = ContinuousClock.now
        guard [NSSQLiteStoreType, NSInMemoryStoreType, NSBinaryStoreType].contains(storeType) else {
            let error = CoreDataError.make(NSPersistentStoreInvalidTypeError, "Unsupported store type \(storeType).")
            CoreDataReport.send(
                ["operation": .string("load"), "store": CoreDataReport.store(storeURL)].merging(CoreDataReport.error(error)) { $1 })
            throw error
        }
        let store: NSPersistentStore
        do throws(StoreOpenError) {
            store = try NSPersistentStore(type: storeType, url: storeURL, options: options, model: managedObjectModel)
        } catch {
            let nsError = error.nsError
            CoreDataReport.send(
                [
                    "operation": .string("load"), "store": CoreDataReport.store(storeURL), "type": .string(storeType),
                    "sqliteCode": .integer(Int64(error.sqlite.code)),
                ].merging(CoreDataReport.error(nsError)) { $1 })
            throw nsError
        }
        store.persistentStoreCoordinator = self
        lock.withLock { stores.append(store) }
        var record: [String: JSONValue] = [
            "operation": .string("load"), "store": CoreDataReport.store(storeURL), "type": .string(storeType),
            "entities": .array(managedObjectModel.entities.compactMap(\.name).sorted().map(JSONValue.string)),
            "durationMs": .double((ContinuousClock.now - start).milliseconds),
        ]
        let flags = [NSPersistentHistoryTrackingKey, NSPersistentStoreRemoteChangeNotificationPostOptionKey]
            .filter { options?[$0] != nil }
        if !flags.isEmpty { record["optionsIgnored"] = .array(flags.map(JSONValue.string)) }
        CoreDataReport.send(record)
        return store
    }

    /// Adds the store `storeDescription` describes and calls `block` (at once, on this thread,
    /// unless the description asks for an asynchronous add).
    open func addPersistentStore(
        with storeDescription: NSPersistentStoreDescription,
        completionHandler block: @escaping (NSPersistentStoreDescription, (any Error)?) -> Void
    ) {
        let work = { [self] in
            do {
                if let url = storeDescription.url, url.isFileURL, url.path != "/dev/null", storeDescription.type != NSInMemoryStoreType,
                    storeDescription.createsDirectory
                {
                    try? FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                }
                try addPersistentStore(
                    ofType: storeDescription.type, configurationName: storeDescription.configuration,
                    at: storeDescription.url, options: storeDescription.options)
                block(storeDescription, nil)
            } catch {
                block(storeDescription, error)
            }
        }
        if storeDescription.shouldAddStoreAsynchronously {
            nonisolated(unsafe) let asynchronous = work
            DispatchQueue.global().async { asynchronous() }
        } else {
            work()
        }
    }

    /// Removes `store` from the coordinator.
    open func remove(_ store: NSPersistentStore) throws {
        lock.withLock { stores.removeAll { $0 === store } }
        store.database.close()
    }

    /// Deletes the store file at `url` (and its WAL and shared-memory files).
    open func destroyPersistentStore(at url: URL, ofType storeType: String, options: [AnyHashable: Any]? = nil) throws {
        if let store = persistentStore(for: url) { try remove(store) }
        for suffix in ["", "-wal", "-shm"] {
            try? FileManager.default.removeItem(atPath: url.path + suffix)
        }
    }

    /// The store objects are saved to: the first.
    var primaryStore: NSPersistentStore? { persistentStores.first }
}

extension Duration {
    var milliseconds: Double { Double(components.seconds) * 1000 + Double(components.attoseconds) / 1e15 }
}
