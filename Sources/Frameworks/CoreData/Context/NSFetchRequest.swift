import Foundation

/// A request for the objects of an entity that match a predicate, in an order, at most so many.
/// `ResultType` is unconstrained here (Apple's constraint is `NSFetchRequestResult`, an
/// Objective-C protocol whose existential conforms to itself there, so that
/// `NSFetchRequest<NSFetchRequestResult>` builds; on Linux only an unconstrained one allows it).
/// Not Sendable, as on iOS: set it up, then hand it to a context.
open class NSFetchRequest<ResultType>: NSObject {
    /// The entity's name.
    open var entityName: String?
    /// The entity, when set directly (else found by name in the context's model).
    open var entity: NSEntityDescription?
    /// Which objects: nil for all.
    open var predicate: NSPredicate?
    /// The order, first descriptor first.
    open var sortDescriptors: [NSSortDescriptor]?
    /// At most this many (0: no limit).
    open var fetchLimit: Int = 0
    /// Skip this many first.
    open var fetchOffset: Int = 0
    /// Batches (no effect: every object is read).
    open var fetchBatchSize: Int = 0
    /// What the fetch returns.
    open var resultType: NSFetchRequestResultType = .managedObjectResultType
    /// Whether unsaved inserts, changes and deletes of the context count.
    open var includesPendingChanges: Bool = true
    /// For dictionary results: the properties (names or descriptions).
    open var propertiesToFetch: [Any]?
    /// Whether objects are returned as faults (no effect: objects are always whole).
    open var returnsObjectsAsFaults: Bool = true
    /// Whether sub-entities' objects count (no effect: entity inheritance is not stored).
    open var includesSubentities: Bool = true
    /// Relationship key paths to prefetch (no effect).
    open var relationshipKeyPathsForPrefetching: [String]?
    /// For dictionary results: one row per distinct value set.
    open var returnsDistinctResults: Bool = false

    /// A request for the objects of the entity named `entityName`.
    public convenience init(entityName: String) {
        self.init()
        self.entityName = entityName
    }

    /// A request with no entity yet (set `entity` or `entityName`).
    public override init() {
        super.init()
    }

    /// The entity in `model`.
    func resolvedEntity(in model: NSManagedObjectModel?) -> NSEntityDescription? {
        if let entity { return entity }
        return entityName.flatMap { model?.entitiesByName[$0] }
    }
}
