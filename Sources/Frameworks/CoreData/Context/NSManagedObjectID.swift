import Foundation

/// An object's identity: its entity and, once saved, its primary key in its store. Before the
/// first save it is temporary (`isTemporaryID`); the object then gets a permanent one.
open class NSManagedObjectID: NSObject, @unchecked Sendable {
    /// The object's entity.
    public let entity: NSEntityDescription
    /// The store the object is saved in; nil while temporary.
    open private(set) weak var persistentStore: NSPersistentStore?
    /// The row's primary key (`Z_PK`); nil while temporary.
    let primaryKey: Int64?
    /// The store's identifier (`Z_UUID`), or a temporary ID's own.
    private let storeIdentifier: String
    private let temporary: UUID?

    /// Whether the object has not been saved yet.
    open var isTemporaryID: Bool { primaryKey == nil }

    init(entity: NSEntityDescription, store: NSPersistentStore, primaryKey: Int64) {
        self.entity = entity
        self.persistentStore = store
        self.primaryKey = primaryKey
        self.storeIdentifier = store.identifier
        self.temporary = nil
    }

    init(temporaryFor entity: NSEntityDescription) {
        self.entity = entity
        self.primaryKey = nil
        let id = UUID()
        self.storeIdentifier = id.uuidString
        self.temporary = id
    }

    /// `x-coredata://STORE/Entity/pKEY`, or `x-coredata:///Entity/tID` while temporary, as Core Data writes it.
    open func uriRepresentation() -> URL {
        let name = entity.name ?? "?"
        if let primaryKey { return URL(string: "x-coredata://\(storeIdentifier)/\(name)/p\(primaryKey)")! }
        return URL(string: "x-coredata:///\(name)/t\(temporary!.uuidString)")!
    }

    open override func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? NSManagedObjectID else { return false }
        if let primaryKey, let otherKey = other.primaryKey {
            return primaryKey == otherKey && entity.name == other.entity.name && storeIdentifier == other.storeIdentifier
        }
        return self === other
    }

    open override var hash: Int {
        var hasher = Hasher()
        hasher.combine(entity.name)
        if let primaryKey { hasher.combine(primaryKey) } else { hasher.combine(ObjectIdentifier(self)) }
        return hasher.finalize()
    }

    open override var description: String { "<\(uriRepresentation().absoluteString)>" }
}
