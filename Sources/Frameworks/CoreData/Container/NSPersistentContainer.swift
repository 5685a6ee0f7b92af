import Foundation
import NSESimRuntime

/// A model, a coordinator and a main-queue context in one: what an app and its extension set up
/// to share a store. `init(name:)` reads the model `name.momd` from the bundle (nsesim's build
/// puts the project's `name.xcdatamodeld` there) and stores in
/// `defaultDirectoryURL()/name.sqlite` unless `persistentStoreDescriptions` say otherwise
/// (the app group's folder, for a store the app shares).
open class NSPersistentContainer: NSObject, @unchecked Sendable {
    /// The container's name: the model's and the default store file's.
    public let name: String
    /// The model.
    public let managedObjectModel: NSManagedObjectModel
    /// The coordinator.
    public let persistentStoreCoordinator: NSPersistentStoreCoordinator
    /// The main-queue context.
    public let viewContext: NSManagedObjectContext
    private let lock = NSLock()
    private var descriptions: [NSPersistentStoreDescription]

    /// The stores `loadPersistentStores` opens: one SQLite store in the default folder, named after the container.
    open var persistentStoreDescriptions: [NSPersistentStoreDescription] {
        get { lock.withLock { descriptions } }
        set { lock.withLock { descriptions = newValue } }
    }

    /// The folder of default stores: the container's Application Support (as on iOS).
    open class func defaultDirectoryURL() -> URL {
        FileManager.default.urls(for: .applicationSupportDirectory, in: .userDomainMask).first
            ?? URL(fileURLWithPath: NSTemporaryDirectory())
    }

    /// A container for the model named `name` in the bundle. A model that is not there is
    /// logged as Core Data logs it, and the container gets an empty model (as on iOS, where
    /// the first use of an entity then stops the app).
    public convenience init(name: String) {
        if let model = Self.bundledModel(named: name) {
            self.init(name: name, managedObjectModel: model)
        } else {
            let message = "CoreData: error:  Failed to load model named \(name)"
            FileHandle.standardError.write(Data((message + "\n").utf8))
            CoreDataReport.send([
                "operation": .string("model"), "model": .string(name),
                "error": .string("no model named \(name) in the bundle (\(name).momd from \(name).xcdatamodeld)"),
            ])
            self.init(name: name, managedObjectModel: NSManagedObjectModel())
        }
    }

    /// A container for `model`.
    public init(name: String, managedObjectModel model: NSManagedObjectModel) {
        self.name = name
        managedObjectModel = model
        persistentStoreCoordinator = NSPersistentStoreCoordinator(managedObjectModel: model)
        viewContext = NSManagedObjectContext(concurrencyType: .mainQueueConcurrencyType)
        let description = NSPersistentStoreDescription(url: Self.defaultDirectoryURL().appendingPathComponent("\(name).sqlite"))
        description.createsDirectory = true
        descriptions = [description]
        super.init()
        viewContext.persistentStoreCoordinator = persistentStoreCoordinator
    }

    /// Opens each store of `persistentStoreDescriptions` and calls `block` for each, with nil
    /// or Core Data's error (a file that cannot be opened: NSCocoaErrorDomain 256; a damaged
    /// file: 259; the SQLite code under `NSSQLiteErrorDomain`).
    open func loadPersistentStores(completionHandler block: @escaping (NSPersistentStoreDescription, (any Error)?) -> Void) {
        for description in persistentStoreDescriptions {
            persistentStoreCoordinator.addPersistentStore(with: description, completionHandler: block)
        }
    }

    /// A new private-queue context on the container's coordinator.
    open func newBackgroundContext() -> NSManagedObjectContext {
        let context = NSManagedObjectContext(concurrencyType: .privateQueueConcurrencyType)
        context.persistentStoreCoordinator = persistentStoreCoordinator
        return context
    }

    /// Runs `block` on a new private-queue context's queue.
    open func performBackgroundTask(_ block: @escaping (NSManagedObjectContext) -> Void) {
        let context = newBackgroundContext()
        context.perform { block(context) }
    }

    /// Runs `block` on a new private-queue context's queue and returns what it returns.
    public func performBackgroundTask<T, E: Error>(_ block: @escaping (NSManagedObjectContext) throws(E) -> T) async throws(E) -> T {
        let context = newBackgroundContext()
        return try await context.perform { () throws(E) -> T in try block(context) }
    }

    /// The model `name.momd` (or `name.mom`) in the main bundle or any loaded bundle.
    static func bundledModel(named name: String) -> NSManagedObjectModel? {
        for bundle in [Bundle.main] + Bundle.allBundles {
            for kind in ["momd", "mom"] {
                if let url = bundle.url(forResource: name, withExtension: kind), let model = NSManagedObjectModel(contentsOf: url) {
                    return model
                }
            }
        }
        return nil
    }
}

/// A container that would mirror its stores to CloudKit: here it is a container (no iCloud on
/// Linux), so that an app's setup builds and its local store works.
open class NSPersistentCloudKitContainer: NSPersistentContainer, @unchecked Sendable {}
