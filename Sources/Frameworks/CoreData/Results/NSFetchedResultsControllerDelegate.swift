import Foundation

/// Told about changes to a fetched results controller's results after its context saves
/// (Apple's methods are optional: each has a default that does nothing here). The controller
/// given is the results seen through `NSFetchedResultsController<NSFetchRequestResult>`, as
/// iOS passes it; it shares the results, but is not the same instance as the one created.
public protocol NSFetchedResultsControllerDelegate: AnyObject {
    /// An object entered, left, moved in or changed in the results.
    func controller(
        _ controller: NSFetchedResultsController<any NSFetchRequestResult>, didChange anObject: Any,
        at indexPath: IndexPath?, for type: NSFetchedResultsChangeType, newIndexPath: IndexPath?)
    /// A section appeared or went.
    func controller(
        _ controller: NSFetchedResultsController<any NSFetchRequestResult>, didChange sectionInfo: any NSFetchedResultsSectionInfo,
        atSectionIndex sectionIndex: Int, for type: NSFetchedResultsChangeType)
    /// Changes are about to be told.
    func controllerWillChangeContent(_ controller: NSFetchedResultsController<any NSFetchRequestResult>)
    /// Every change has been told.
    func controllerDidChangeContent(_ controller: NSFetchedResultsController<any NSFetchRequestResult>)
    /// The index title of a section; nil for the default (the first letter, capitalized).
    func controller(
        _ controller: NSFetchedResultsController<any NSFetchRequestResult>,
        sectionIndexTitleForSectionName sectionName: String
    ) -> String?
}

extension NSFetchedResultsControllerDelegate {
    public func controller(
        _ controller: NSFetchedResultsController<any NSFetchRequestResult>, didChange anObject: Any,
        at indexPath: IndexPath?, for type: NSFetchedResultsChangeType, newIndexPath: IndexPath?
    ) {}
    public func controller(
        _ controller: NSFetchedResultsController<any NSFetchRequestResult>, didChange sectionInfo: any NSFetchedResultsSectionInfo,
        atSectionIndex sectionIndex: Int, for type: NSFetchedResultsChangeType
    ) {}
    public func controllerWillChangeContent(_ controller: NSFetchedResultsController<any NSFetchRequestResult>) {}
    public func controllerDidChangeContent(_ controller: NSFetchedResultsController<any NSFetchRequestResult>) {}
    public func controller(
        _ controller: NSFetchedResultsController<any NSFetchRequestResult>,
        sectionIndexTitleForSectionName sectionName: String
    ) -> String? { nil }
}
