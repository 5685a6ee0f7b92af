import Foundation
import NSESimSQLite

/// The SQLite store type.
public let NSSQLiteStoreType = "SQLite"
/// A store kept in memory only.
public let NSInMemoryStoreType = "InMemory"
/// The binary store type (kept in SQLite here).
public let NSBinaryStoreType = "Binary"

/// Option: migrate an older store to the model automatically.
public let NSMigratePersistentStoresAutomaticallyOption = "NSMigratePersistentStoresAutomaticallyOption"
/// Option: infer the mapping model.
public let NSInferMappingModelAutomaticallyOption = "NSInferMappingModelAutomaticallyOption"
/// Option: open the store read-only.
public let NSReadOnlyPersistentStoreOption = "NSReadOnlyPersistentStoreOption"
/// Option: keep persistent history (recorded; no history is kept).
public let NSPersistentHistoryTrackingKey = "NSPersistentHistoryTrackingKey"
/// Option: post remote-change notifications (recorded; none is posted).
public let NSPersistentStoreRemoteChangeNotificationPostOptionKey = "NSPersistentStoreRemoteChangeNotificationOptionKey"
/// Option: the store file's data protection (no effect on Linux).
public let NSPersistentStoreFileProtectionKey = "NSPersistentStoreFileProtectionKey"
/// Option: SQLite pragmas.
public let NSSQLitePragmasOption = "NSSQLitePragmasOption"

/// A store a coordinator opened: its file, type and identifier. SQLite stores are files
/// shared between processes (an app and its extension); in-memory ones belong to the process.
open class NSPersistentStore: NSObject, @unchecked Sendable {
    /// The store's file; nil or `/dev/null` for an in-memory store.
    open private(set) var url: URL?
    /// `NSSQLiteStoreType` or `NSInMemoryStoreType`.
    public let type: String
    /// The store's identifier (its `Z_METADATA` UUID).
    open private(set) var identifier: String!
    /// The configuration (always "PF_DEFAULT_CONFIGURATION_NAME").
    open var configurationName: String { "PF_DEFAULT_CONFIGURATION_NAME" }
    /// The options it was added with.
    public let options: [AnyHashable: Any]?
    /// Whether it is read-only (`NSReadOnlyPersistentStoreOption`).
    public let isReadOnly: Bool
    /// The coordinator it belongs to.
    open internal(set) weak var persistentStoreCoordinator: NSPersistentStoreCoordinator?

    let database: SQLiteDatabase

    init(type: String, url: URL?, options: [AnyHashable: Any]?, model: NSManagedObjectModel) throws(StoreOpenError) {
        self.type = type
        self.url = url
        self.options = options
        let readOnly = (options?[NSReadOnlyPersistentStoreOption] as? Bool) ?? false
        self.isReadOnly = readOnly
        let inMemory = type == NSInMemoryStoreType || url == nil || url?.path == "/dev/null"
        do throws(SQLiteError) {
            database = try SQLiteDatabase(path: inMemory ? ":memory:" : url!.path, readOnly: readOnly && !inMemory)
            let identifier = try StoreSchema.prepare(database, model: model, readOnly: readOnly && !inMemory)
            self.identifier = identifier
        } catch {
            throw StoreOpenError(sqlite: error, url: url)
        }
        super.init()
    }
}

/// Why a store could not be opened, as Core Data reports it: NSCocoaErrorDomain 256 (the file
/// cannot be opened), 259 (a damaged file or not a database) or 134060, with the SQLite code
/// under `NSSQLiteErrorDomain`.
struct StoreOpenError: Error {
    let sqlite: SQLiteError
    let url: URL?

    var nsError: NSError {
        var info: [String: Any] = [NSSQLiteErrorDomain: Int(sqlite.code), "reason": sqlite.message]
        if let url {
            info[NSFilePathErrorKey] = url.path
            info[NSURLErrorKey] = url
        }
        let name = url?.lastPathComponent ?? "store"
        switch sqlite.code {
        case SQLiteError.cantOpen:
            return CoreDataError.make(CocoaError.fileReadUnknown.rawValue, "The file “\(name)” couldn’t be opened.", info)
        case SQLiteError.notADatabase, SQLiteError.corrupt:
            return CoreDataError.make(
                CocoaError.fileReadCorruptFile.rawValue,
                "The file “\(name)” couldn’t be opened because it isn’t in the correct format.", info)
        default:
            return CoreDataError.make(NSCoreDataError, "The operation couldn’t be completed. (Cocoa error \(NSCoreDataError).)", info)
        }
    }
}
