import Foundation

/// The results of a fetch request in a context, in sections, kept up to date as the context
/// saves and told to a delegate (inserted, deleted, moved and updated objects, sections that
/// appear or go), as a table view's data source uses it. Changes are seen when the context
/// saves (iOS also sees unsaved ones when the context processes its pending changes).
/// `ResultType` is unconstrained here, as `NSFetchRequest`'s is (Apple's constraint is
/// `NSFetchRequestResult`, which only an Objective-C protocol satisfies as itself). The cache
/// (`cacheName`) keeps nothing: sections are computed at each fetch.
open class NSFetchedResultsController<ResultType>: NSObject {
    /// The request: it must have sort descriptors (the first ones ordering the sections).
    public let fetchRequest: NSFetchRequest<ResultType>
    /// The context it fetches in and watches.
    public let managedObjectContext: NSManagedObjectContext
    /// The key path whose value names each object's section; nil for one section.
    public let sectionNameKeyPath: String?
    /// The cache's name (nothing is cached).
    public let cacheName: String?
    let storage: FetchedResultsStorage

    /// Told about changes after the context saves; without one, the results stay as fetched (as on iOS).
    open weak var delegate: (any NSFetchedResultsControllerDelegate)? {
        didSet { observe(delegate != nil) }
    }

    /// A controller of `fetchRequest`'s results in `context`, in sections by `sectionNameKeyPath`.
    public init(
        fetchRequest: NSFetchRequest<ResultType>, managedObjectContext context: NSManagedObjectContext,
        sectionNameKeyPath: String?, cacheName name: String?
    ) {
        self.fetchRequest = fetchRequest
        self.managedObjectContext = context
        self.sectionNameKeyPath = sectionNameKeyPath
        self.cacheName = name
        self.storage = FetchedResultsStorage()
        super.init()
    }

    /// The same results seen with another result type (what the delegate is given).
    init<Other>(sharing other: NSFetchedResultsController<Other>, request: NSFetchRequest<ResultType>) {
        fetchRequest = request
        managedObjectContext = other.managedObjectContext
        sectionNameKeyPath = other.sectionNameKeyPath
        cacheName = other.cacheName
        storage = other.storage
        super.init()
    }

    /// Nothing is cached, so there is nothing to delete.
    open class func deleteCache(withName name: String?) {}

    /// Fetches the results (and their sections). Throws when the request has no sort
    /// descriptors (iOS stops the app then) or the fetch fails.
    open func performFetch() throws {
        guard let descriptors = fetchRequest.sortDescriptors, !descriptors.isEmpty else {
            throw CoreDataError.make(
                NSCoreDataError,
                "An instance of NSFetchedResultsController requires a fetch request with sort "
                    + "descriptors (fetch request of \(fetchRequest.entityName ?? fetchRequest.entity?.name ?? "?"))")
        }
        let objects = try managedObjectContext.fetch(fetchRequest).map { $0 as Any }
        storage.objects = objects
        storage.sections = FetchedResultsStorage.sections(
            of: objects, keyPath: sectionNameKeyPath, title: sectionIndexTitle(forSectionName:))
    }

    /// The fetched objects; nil before `performFetch()`.
    open var fetchedObjects: [ResultType]? {
        storage.objects?.map { $0 as! ResultType }
    }

    /// The sections; nil before `performFetch()`.
    open var sections: [any NSFetchedResultsSectionInfo]? {
        storage.objects == nil ? nil : storage.sections
    }

    /// The object at `indexPath` (section, then row); out of range stops the process, as on iOS.
    open func object(at indexPath: IndexPath) -> ResultType {
        let (section, row) = (indexPath[0], indexPath[1])
        guard section < storage.sections.count, row < storage.sections[section].items.count else {
            fatalError("NSFetchedResultsController: no object at index \(row) in section at index \(section)")
        }
        return storage.sections[section].items[row] as! ResultType
    }

    /// Where `object` is; nil when it is not among the results.
    open func indexPath(forObject object: ResultType) -> IndexPath? {
        storage.indexPath(of: object as AnyObject)
    }

    /// A section's index title: the delegate's, else the name's first letter, capitalized.
    open func sectionIndexTitle(forSectionName sectionName: String) -> String? {
        if let delegate, let title = delegate.controller(erased, sectionIndexTitleForSectionName: sectionName) { return title }
        return sectionName.first.map { String($0).uppercased() }
    }

    /// The sections' index titles, each once, in order.
    open var sectionIndexTitles: [String] {
        var seen = Set<String>()
        return storage.sections.compactMap(\.indexTitle).filter { seen.insert($0).inserted }
    }

    /// The section of the index title `title` at `sectionIndex` of `sectionIndexTitles`.
    open func section(forSectionIndexTitle title: String, at sectionIndex: Int) -> Int {
        storage.sections.firstIndex { $0.indexTitle == title } ?? sectionIndex
    }

    /// The controller as the delegate sees it.
    var erased: NSFetchedResultsController<any NSFetchRequestResult> {
        if let same = self as? NSFetchedResultsController<any NSFetchRequestResult> { return same }
        let request = NSFetchRequest<any NSFetchRequestResult>()
        request.entityName = fetchRequest.entityName
        request.entity = fetchRequest.entity
        request.predicate = fetchRequest.predicate
        request.sortDescriptors = fetchRequest.sortDescriptors
        request.fetchLimit = fetchRequest.fetchLimit
        request.fetchOffset = fetchRequest.fetchOffset
        request.includesPendingChanges = fetchRequest.includesPendingChanges
        return NSFetchedResultsController<any NSFetchRequestResult>(sharing: self, request: request)
    }
}
