import Foundation

/// The results a controller and its `NSFetchedResultsController<NSFetchRequestResult>` view
/// share: the fetched objects and their sections, and the observation of the context's saves.
final class FetchedResultsStorage {
    /// The fetched objects (nil before the first fetch).
    var objects: [Any]?
    /// Their sections.
    var sections: [FetchedResultsSection] = []
    /// The observation of the context's saves, while a delegate is set.
    var observation: (any NSObjectProtocol)?

    deinit {
        if let observation { NotificationCenter.default.removeObserver(observation) }
    }

    /// The value at `keyPath` (`thread.title`) of a managed object: nil when a step is not a
    /// property of the model.
    static func value(of object: Any, keyPath: String) -> Any? {
        var current: Any? = object
        for key in keyPath.split(separator: ".") {
            guard let managed = current as? NSManagedObject, case .some(let value) = managed._nsesimValue(forKey: String(key)) else {
                return nil
            }
            current = value
        }
        return current
    }

    /// `objects` in sections of equal `keyPath` values, in order (one unnamed section without a key path).
    static func sections(of objects: [Any], keyPath: String?, title: (String) -> String?) -> [FetchedResultsSection] {
        guard let keyPath else { return [FetchedResultsSection(name: "", indexTitle: nil, items: objects)] }
        var sections: [FetchedResultsSection] = []
        var name: String?
        var items: [Any] = []
        for object in objects {
            let value = Self.value(of: object, keyPath: keyPath)
            let objectName = value.map { "\($0)" } ?? ""
            if objectName != name, let name {
                sections.append(FetchedResultsSection(name: name, indexTitle: title(name), items: items))
                items = []
            }
            name = objectName
            items.append(object)
        }
        if let name { sections.append(FetchedResultsSection(name: name, indexTitle: title(name), items: items)) }
        return sections
    }

    /// Where `object` is: its section and row.
    func indexPath(of object: AnyObject) -> IndexPath? {
        for (section, info) in sections.enumerated() {
            if let row = info.items.firstIndex(where: { ($0 as AnyObject) === object }) {
                return IndexPath(indexes: [section, row])
            }
        }
        return nil
    }
}
