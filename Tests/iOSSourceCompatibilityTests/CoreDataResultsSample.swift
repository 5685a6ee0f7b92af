import CoreData
import UIKit

// An app's list kept by an NSFetchedResultsController (the data source of a table view in
// the app, a file an extension target often shares), and an asynchronous fetch as an
// extension's repository writes it: Apple's names only, Swift 5 mode.

final class ConversationListModel: NSObject, NSFetchedResultsControllerDelegate {
    let resultsController: NSFetchedResultsController<NSManagedObject>
    private(set) var changes: [String] = []

    init(context: NSManagedObjectContext) {
        let request = NSFetchRequest<NSManagedObject>(entityName: "Conversation")
        request.sortDescriptors = [NSSortDescriptor(key: "title", ascending: true)]
        resultsController = NSFetchedResultsController(
            fetchRequest: request, managedObjectContext: context,
            sectionNameKeyPath: nil, cacheName: nil)
        super.init()
        resultsController.delegate = self
    }

    func load() throws {
        try resultsController.performFetch()
    }

    var titles: [String] {
        resultsController.fetchedObjects?.compactMap { $0.value(forKey: "title") as? String } ?? []
    }

    func numberOfRows(inSection section: Int) -> Int {
        resultsController.sections?[section].numberOfObjects ?? 0
    }

    func title(at indexPath: IndexPath) -> String? {
        resultsController.object(at: indexPath).value(forKey: "title") as? String
    }

    func controllerWillChangeContent(_ controller: NSFetchedResultsController<NSFetchRequestResult>) {
        changes.append("begin")
    }

    func controller(
        _ controller: NSFetchedResultsController<NSFetchRequestResult>, didChange anObject: Any, at indexPath: IndexPath?,
        for type: NSFetchedResultsChangeType, newIndexPath: IndexPath?
    ) {
        let title = (anObject as? NSManagedObject)?.value(forKey: "title") as? String ?? "?"
        switch type {
        case .insert: changes.append("insert \(title) at \(newIndexPath!.row)")
        case .delete: changes.append("delete \(title) at \(indexPath!.row)")
        case .move: changes.append("move \(title) from \(indexPath!.row) to \(newIndexPath!.row)")
        case .update: changes.append("update \(title) at \(indexPath!.row)")
        @unknown default: break
        }
    }

    func controllerDidChangeContent(_ controller: NSFetchedResultsController<NSFetchRequestResult>) {
        changes.append("end")
    }
}

/// The unread messages of every conversation, counted by an asynchronous fetch.
func fetchUnreadTotal(in context: NSManagedObjectContext, completion: @escaping (Int?) -> Void) {
    let fetchRequest = NSFetchRequest<NSManagedObject>(entityName: "Conversation")
    let asynchronousRequest = NSAsynchronousFetchRequest(fetchRequest: fetchRequest) { result in
        completion(result.finalResult?.reduce(0) { $0 + ($1.value(forKey: "unreadCount") as? Int ?? 0) })
    }
    do {
        try context.execute(asynchronousRequest)
    } catch {
        completion(nil)
    }
}
