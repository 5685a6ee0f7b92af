import Foundation
import NSESimDataModel

/// An entity of a model: its name, the class of its objects, its properties.
open class NSEntityDescription: NSObject, @unchecked Sendable {
    /// The entity's name.
    open var name: String?
    /// The class of its objects, as the model names it (`NSManagedObject` when it has none).
    open var managedObjectClassName: String! = "NSManagedObject"
    /// Whether it has no objects of its own.
    open var isAbstract: Bool = false
    /// The model the entity belongs to.
    open internal(set) weak var managedObjectModel: NSManagedObjectModel?
    /// Application data.
    open var userInfo: [AnyHashable: Any]?
    /// Its properties.
    open var properties: [NSPropertyDescription] = [] {
        didSet { for property in properties { property.entity = self } }
    }

    /// The attributes by name.
    open var attributesByName: [String: NSAttributeDescription] {
        Dictionary(properties.compactMap { $0 as? NSAttributeDescription }.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// The relationships by name.
    open var relationshipsByName: [String: NSRelationshipDescription] {
        Dictionary(
            properties.compactMap { $0 as? NSRelationshipDescription }.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// The properties by name.
    open var propertiesByName: [String: NSPropertyDescription] {
        Dictionary(properties.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// The class registered for the entity at run time (a subclass seen in `init(context:)`
    /// or a typed fetch request, or found by name). Guarded by `NSEntityDescription.lock`.
    nonisolated(unsafe) var managedClass: NSManagedObject.Type?
    static let lock = NSLock()

    /// The entity named `entityName` in the context's model; nil when the model has none.
    open class func entity(forEntityName entityName: String, in context: NSManagedObjectContext) -> NSEntityDescription? {
        context.model?.entitiesByName[entityName]
    }

    /// A new object of the entity named `entityName`, inserted into `context`. A name the
    /// model does not have stops the process as iOS does.
    open class func insertNewObject(forEntityName entityName: String, into context: NSManagedObjectContext) -> NSManagedObject {
        guard let entity = entity(forEntityName: entityName, in: context) else {
            CoreDataFailure.raise(
                "NSInternalInconsistencyException",
                "+entityForName: could not locate an entity named '\(entityName)' in this model.")
        }
        let type = entity.objectClass(for: NSManagedObject.self)
        return type.init(entity: entity, insertInto: context)
    }

    /// The entity as a model file declares it.
    convenience init(_ entity: DataModelEntity) {
        self.init()
        name = entity.name
        managedObjectClassName = entity.className ?? "NSManagedObject"
        isAbstract = entity.isAbstract
        var properties: [NSPropertyDescription] = entity.attributes.map(NSAttributeDescription.init)
        for relationship in entity.relationships {
            let description = NSRelationshipDescription()
            description.name = relationship.name
            description.isOptional = relationship.isOptional
            description.maxCount = relationship.isToMany ? 0 : 1
            description.deleteRule = NSDeleteRule(modelName: relationship.deletionRule)
            properties.append(description)
        }
        self.properties = properties
    }

    /// The class to make the entity's objects of: the one registered, else one found by the
    /// model's class name, else `fallback`.
    func objectClass(for fallback: NSManagedObject.Type) -> NSManagedObject.Type {
        if fallback != NSManagedObject.self {
            register(fallback)
            return fallback
        }
        if let registered = Self.lock.withLock({ managedClass }) { return registered }
        if let found = ManagedClassLookup.find(managedObjectClassName ?? "") {
            register(found)
            return found
        }
        return NSManagedObject.self
    }

    /// Remembers `type` as the entity's class (a subclass whose name matches the model's, or
    /// any subclass when the model names none).
    func register(_ type: NSManagedObject.Type) {
        guard type != NSManagedObject.self else { return }
        Self.lock.withLock { managedClass = type }
    }

    /// The table the entity's objects are stored in: `Z` + the name in capitals, as Core Data names it.
    var tableName: String { "Z" + (name ?? "").uppercased() }
}
