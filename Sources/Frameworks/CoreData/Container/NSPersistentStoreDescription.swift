import Foundation

/// How to open a store: its file, type and options. Not Sendable, as on iOS.
open class NSPersistentStoreDescription: NSObject {
    /// The store's file (`/dev/null` for an in-memory store).
    open var url: URL?
    /// The store type (`NSSQLiteStoreType` by default).
    open var type: String = NSSQLiteStoreType
    /// The configuration's name.
    open var configuration: String?
    /// The options given to the coordinator.
    open private(set) var options: [String: NSObject] = [:]
    /// Whether the store is opened read-only.
    open var isReadOnly: Bool {
        get { (options[NSReadOnlyPersistentStoreOption] as? NSNumber)?.boolValue ?? false }
        set { options[NSReadOnlyPersistentStoreOption] = NSNumber(value: newValue) }
    }
    /// Seconds to wait for a lock.
    open var timeout: TimeInterval = 240
    /// Whether `loadPersistentStores` returns before the store is added.
    open var shouldAddStoreAsynchronously: Bool = false
    /// Whether an older store is migrated automatically (a new attribute becomes a new column).
    open var shouldMigrateStoreAutomatically: Bool = true
    /// Whether the mapping model is inferred.
    open var shouldInferMappingModelAutomatically: Bool = true
    /// SQLite pragmas (recorded, not applied).
    open private(set) var sqlitePragmas: [String: NSObject] = [:]
    /// Whether the container made the description for its default location (whose folder it creates).
    var createsDirectory = false

    /// A description of the SQLite store at `url`.
    public convenience init(url: URL) {
        self.init()
        self.url = url
    }

    /// A description with no URL yet (an SQLite store).
    public override init() {
        super.init()
    }

    /// Sets an option.
    open func setOption(_ option: NSObject?, forKey key: String) {
        options[key] = option
    }

    /// Sets an SQLite pragma.
    open func setValue(_ value: NSObject?, forPragmaNamed name: String) {
        sqlitePragmas[name] = value
    }
}
