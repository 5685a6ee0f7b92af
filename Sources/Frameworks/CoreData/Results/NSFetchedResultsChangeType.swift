/// What happened to an object (or a section) of a fetched results controller's results.
public enum NSFetchedResultsChangeType: UInt, Sendable {
    /// It entered the results.
    case insert = 1
    /// It left the results.
    case delete = 2
    /// It changed and moved to another index path.
    case move = 3
    /// It changed in place.
    case update = 4
}
