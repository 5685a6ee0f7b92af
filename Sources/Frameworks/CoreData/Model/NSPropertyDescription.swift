import Foundation

/// A property of an entity: an attribute or a relationship.
open class NSPropertyDescription: NSObject, @unchecked Sendable {
    /// The property's name (its key).
    open var name: String = ""
    /// Whether the property may be nil when saved.
    open var isOptional: Bool = true
    /// Whether the property is kept only in memory.
    open var isTransient: Bool = false
    /// The entity the property belongs to.
    open internal(set) weak var entity: NSEntityDescription?
    /// Application data.
    open var userInfo: [AnyHashable: Any]?
}
