import Foundation

// Relationships' delete rules, as Core Data applies them when an object is deleted: Cascade
// deletes the objects the relationship reaches (and theirs), Deny makes the save fail while
// it reaches any, Nullify (the default) clears the inverse, No Action leaves it.

/// A delete refused by a Deny relationship that still reaches objects (CoreDataErrors.h).
public let NSValidationRelationshipDeniedDeleteError = 1600

extension NSManagedObjectContext {
    /// The objects that deleting `object` deletes too: those its Cascade relationships reach.
    func cascadedObjects(of object: NSManagedObject) -> [NSManagedObject] {
        object.entity.relationshipsByName.values
            .filter { $0.deleteRule == .cascadeDeleteRule }
            .sorted { $0.name < $1.name }
            .flatMap { NSManagedObject.objects(in: object.currentValue(forKey: $0.name)) }
    }
}

extension NSManagedObject {
    /// Throws when a Deny relationship of this (deleted) object still reaches an object.
    func validateDenyRules() throws {
        for relationship in entity.relationshipsByName.values.sorted(by: { $0.name < $1.name })
        where relationship.deleteRule == .denyDeleteRule {
            let name = relationship.name
            let reached = NSManagedObject.objects(in: currentValue(forKey: name)).filter { !$0.isDeleted }
            guard !reached.isEmpty else { continue }
            throw CoreDataError.make(
                NSValidationRelationshipDeniedDeleteError,
                "\(entity.name ?? "The object") cannot be deleted: its relationship \(name) (delete rule Deny) "
                    + "still reaches \(reached.count) object(s).",
                [NSValidationObjectErrorKey: self, NSValidationKeyErrorKey: name])
        }
    }
}
