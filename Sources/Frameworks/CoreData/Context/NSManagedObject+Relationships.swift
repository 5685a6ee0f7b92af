import Foundation

// Relationships as Core Data stores them: a to-one is a column of the source's table holding
// the destination's primary key (`ZCONVERSATION`); a to-many is the inverse of a to-one, read by
// looking for the objects whose to-one points back. Many-to-many relationships are kept in
// memory only (docs/frameworks.md).

extension NSManagedObject {
    /// The value of `key` as an app reads it: an attribute's value, a to-one's object (read
    /// from the store when the row named it), a to-many's objects as an `NSSet`.
    func currentValue(forKey key: String) -> Any? {
        guard let relationship = entity.relationshipsByName[key] else { return values[key] }
        if relationship.isToMany { return relatedObjects(relationship) }
        if let object = values[key] { return object }
        guard let primaryKey = relationshipKeys[key], let destination = relationship.destinationEntity,
            let context = managedObjectContext, let store = context.persistentStoreCoordinator?.primaryStore
        else { return nil }
        let id = NSManagedObjectID(entity: destination, store: store, primaryKey: primaryKey)
        guard let object = try? context.existingObject(with: id) else { return nil }
        values[key] = object  // cached, not a change
        return object
    }

    /// Sets the relationship `relationship`: a to-one holds the object (its column is written at
    /// the next save); a to-many sets each object's inverse to-one to this object (and clears it
    /// on the objects that left).
    func setRelationship(_ relationship: NSRelationshipDescription, _ value: Any?) {
        if !relationship.isToMany {
            values[relationship.name] = PredicateEvaluator.isNil(value) ? nil : (value as? NSManagedObject)
            relationshipKeys[relationship.name] = nil
            noteChanged(relationship.name)
            return
        }
        let wanted = Self.objects(in: value)
        guard let inverse = inverseToOne(of: relationship) else {
            values[relationship.name] = NSSet(array: wanted)  // many-to-many: in memory only
            return
        }
        let current = Self.objects(in: relatedObjects(relationship))
        for object in current where !wanted.contains(where: { $0 === object }) {
            object.setRelationship(inverse, nil)
        }
        for object in wanted where !current.contains(where: { $0 === object }) {
            object.setRelationship(inverse, self)
        }
    }

    /// What `addToMessages(_:)`, `removeFromMessages(_:)` and their NSSet forms do, for
    /// generated and `@NSManaged` accessors (not for hand use).
    public func _nsesimRelationshipAccessor(_ name: String, _ argument: Any?) {
        let adding = name.hasPrefix("addTo")
        guard adding || name.hasPrefix("removeFrom") else { return }
        let rest = name.dropFirst(adding ? 5 : 10)
        let key = rest.prefix(1).lowercased() + rest.dropFirst()
        guard let relationship = entity.relationshipsByName[key], relationship.isToMany else { return }
        var objects = Self.objects(in: relatedObjects(relationship))
        for object in Self.objects(in: argument) {
            if adding {
                if !objects.contains(where: { $0 === object }) { objects.append(object) }
            } else {
                objects.removeAll { $0 === object }
            }
        }
        setRelationship(relationship, NSSet(array: objects))
    }

    /// The to-one relationship on the destination that points back (the inverse of a to-many).
    func inverseToOne(of relationship: NSRelationshipDescription) -> NSRelationshipDescription? {
        guard let inverse = relationship.inverseRelationship, !inverse.isToMany else { return nil }
        return inverse
    }

    /// A to-many's objects: those of the destination whose inverse to-one is this object.
    func relatedObjects(_ relationship: NSRelationshipDescription) -> NSSet {
        guard let inverse = inverseToOne(of: relationship), let destination = relationship.destinationEntity else {
            return (values[relationship.name] as? NSSet) ?? NSSet()
        }
        guard let context = managedObjectContext else { return NSSet() }
        let request = NSFetchRequest<NSManagedObject>()
        request.entity = destination
        let candidates = (try? context.fetch(request, reporting: false)) ?? []
        return NSSet(array: candidates.filter { ($0.currentValue(forKey: inverse.name) as? NSManagedObject) === self })
    }

    private func noteChanged(_ key: String) {
        if let context = managedObjectContext, !inserted {
            context.noteChange(self, key: key)
        } else {
            changedKeys.insert(key)
        }
    }

    static func objects(in value: Any?) -> [NSManagedObject] {
        switch value {
        case let object as NSManagedObject: return [object]
        case let set as NSSet: return set.allObjects.compactMap { $0 as? NSManagedObject }
        case let set as Set<NSManagedObject>: return Array(set)
        case let array as [Any]: return array.compactMap { $0 as? NSManagedObject }
        case let ordered as NSOrderedSet: return ordered.array.compactMap { $0 as? NSManagedObject }
        default: return []
        }
    }
}
