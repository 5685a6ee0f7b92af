/// One section of a fetched results controller's results: the objects with the same value of
/// its `sectionNameKeyPath` (one section of all the objects without one).
public protocol NSFetchedResultsSectionInfo {
    /// The section's value of the key path, as text ("" for none).
    var name: String { get }
    /// Its index title (the name's first letter, capitalized, unless the delegate says).
    var indexTitle: String? { get }
    /// How many objects it holds.
    var numberOfObjects: Int { get }
    /// Its objects, in the fetch request's order.
    var objects: [Any]? { get }
}

/// A section as the controller computed it at its last fetch or change.
struct FetchedResultsSection: NSFetchedResultsSectionInfo {
    let name: String
    let indexTitle: String?
    let items: [Any]

    var numberOfObjects: Int { items.count }
    var objects: [Any]? { items }
}
