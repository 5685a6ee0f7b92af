import Foundation

/// What deleting an object does to the objects a relationship reaches.
public enum NSDeleteRule: UInt, Sendable {
    case noActionDeleteRule = 0
    case nullifyDeleteRule = 1
    case cascadeDeleteRule = 2
    case denyDeleteRule = 3

    /// The rule a model file names (`deletionRule="Cascade"`); Nullify when it names none.
    init(modelName: String?) {
        switch modelName {
        case "Cascade": self = .cascadeDeleteRule
        case "Deny": self = .denyDeleteRule
        case "No Action": self = .noActionDeleteRule
        default: self = .nullifyDeleteRule
        }
    }
}

/// A relationship of an entity, as the model declares it: a to-one is stored as the
/// destination's key, a to-many as the inverse of a to-one (docs/frameworks.md); deleting the
/// source applies `deleteRule` (Cascade deletes the destination objects, Deny refuses the save
/// while there are some).
open class NSRelationshipDescription: NSPropertyDescription, @unchecked Sendable {
    /// The entity at the other end.
    open var destinationEntity: NSEntityDescription?
    /// The relationship back.
    open var inverseRelationship: NSRelationshipDescription?
    /// At most this many objects (1: to-one).
    open var maxCount: Int = 1
    /// At least this many objects.
    open var minCount: Int = 0
    /// What deleting the source does.
    open var deleteRule: NSDeleteRule = .nullifyDeleteRule
    /// Whether it reaches several objects.
    open var isToMany: Bool { maxCount != 1 }
    /// Whether the objects are ordered.
    open var isOrdered: Bool = false
}
