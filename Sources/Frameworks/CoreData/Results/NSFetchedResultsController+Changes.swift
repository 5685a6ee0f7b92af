import Foundation

extension NSFetchedResultsController {
    /// Starts (or stops) watching the context's saves.
    func observe(_ watching: Bool) {
        if let observation = storage.observation {
            NotificationCenter.default.removeObserver(observation)
            storage.observation = nil
        }
        guard watching else { return }
        let controller = WeakController(self)
        storage.observation = NotificationCenter.default.addObserver(
            forName: .NSManagedObjectContextDidSave,
            object: managedObjectContext, queue: nil
        ) { notification in
            let updated = notification.userInfo?[NSUpdatedObjectsKey] as? Set<NSManagedObject> ?? []
            controller.value?.contextDidSave(updated: updated)
        }
    }

    /// Fetches again and tells the delegate what changed: sections gone and new, objects
    /// deleted, inserted, moved (an updated object at another place) and updated.
    func contextDidSave(updated: Set<NSManagedObject>) {
        guard let delegate, let before = storage.objects else { return }
        let oldSections = storage.sections
        let oldPaths = Dictionary(
            before.enumerated().compactMap { _, object in
                storage.indexPath(of: object as AnyObject).map { (ObjectIdentifier(object as AnyObject), $0) }
            }, uniquingKeysWith: { first, _ in first })
        do {
            try performFetch()
        } catch {
            return  // The results stay as they were, as on iOS when a refetch fails.
        }
        let after = storage.objects ?? []
        let newPaths = Dictionary(
            after.compactMap { object in
                storage.indexPath(of: object as AnyObject).map { (ObjectIdentifier(object as AnyObject), $0) }
            }, uniquingKeysWith: { first, _ in first })
        let updatedIDs = Set(updated.map(ObjectIdentifier.init))

        var sectionChanges: [(info: any NSFetchedResultsSectionInfo, index: Int, type: NSFetchedResultsChangeType)] = []
        let oldNames = oldSections.map(\.name)
        let newNames = storage.sections.map(\.name)
        for (index, section) in oldSections.enumerated() where !newNames.contains(section.name) {
            sectionChanges.append((section, index, .delete))
        }
        for (index, section) in storage.sections.enumerated() where !oldNames.contains(section.name) {
            sectionChanges.append((section, index, .insert))
        }
        var objectChanges: [(object: Any, old: IndexPath?, type: NSFetchedResultsChangeType, new: IndexPath?)] = []
        for object in before {
            let id = ObjectIdentifier(object as AnyObject)
            if newPaths[id] == nil { objectChanges.append((object, oldPaths[id], .delete, nil)) }
        }
        for object in after {
            let id = ObjectIdentifier(object as AnyObject)
            guard let new = newPaths[id] else { continue }
            guard let old = oldPaths[id] else {
                objectChanges.append((object, nil, .insert, new))
                continue
            }
            if updatedIDs.contains(id) { objectChanges.append((object, old, old == new ? .update : .move, new)) }
        }
        guard !sectionChanges.isEmpty || !objectChanges.isEmpty else { return }
        let seen = erased
        delegate.controllerWillChangeContent(seen)
        for change in sectionChanges {
            delegate.controller(seen, didChange: change.info, atSectionIndex: change.index, for: change.type)
        }
        for change in objectChanges {
            delegate.controller(seen, didChange: change.object, at: change.old, for: change.type, newIndexPath: change.new)
        }
        delegate.controllerDidChangeContent(seen)
    }
}

/// The controller, for the observation of its context (which must not keep it alive): used
/// on the thread that saved, as the context's notification is.
private final class WeakController<ResultType>: @unchecked Sendable {
    weak var value: NSFetchedResultsController<ResultType>?

    init(_ value: NSFetchedResultsController<ResultType>) {
        self.value = value
    }
}
