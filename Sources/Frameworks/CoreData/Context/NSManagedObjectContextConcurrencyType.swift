/// Which queue a context's work runs on.
public enum NSManagedObjectContextConcurrencyType: UInt, Sendable {
    /// Deprecated on iOS: used from the thread that made it (here: as private).
    case confinementConcurrencyType = 0
    /// A private serial queue of its own.
    case privateQueueConcurrencyType = 1
    /// The main queue.
    case mainQueueConcurrencyType = 2
}

/// The keys of a did-save notification's userInfo.
public let NSInsertedObjectsKey = "inserted"
/// The updated objects of a did-save notification.
public let NSUpdatedObjectsKey = "updated"
/// The deleted objects of a did-save notification.
public let NSDeletedObjectsKey = "deleted"
