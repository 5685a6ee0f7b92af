import Foundation
import NSESimDataModel

/// A model: the entities of a store. Read from the `.momd` folder nsesim's build puts into the
/// bundle (from the project's `.xcdatamodeld`), or built in code. Sendable on Apple's terms: a
/// model (its entities and properties) is not changed once a coordinator uses it.
open class NSManagedObjectModel: NSObject, @unchecked Sendable {
    /// The entities.
    open var entities: [NSEntityDescription] = [] {
        didSet { for entity in entities { entity.managedObjectModel = self } }
    }

    /// The entities by name.
    open var entitiesByName: [String: NSEntityDescription] {
        Dictionary(entities.compactMap { entity in entity.name.map { ($0, entity) } }, uniquingKeysWith: { first, _ in first })
    }

    /// Model version identifiers (unused by nsesim).
    open var versionIdentifiers: Set<AnyHashable> = []

    /// An empty model, to fill in code.
    public override init() {
        super.init()
    }

    /// The model at `url`: a `.momd` folder or `.mom` file in the bundle, or a `.xcdatamodeld`
    /// or `.xcdatamodel` as Xcode saves it; nil when there is none or it cannot be read.
    public convenience init?(contentsOf url: URL) {
        guard let model = try? DataModel.load(from: url) else { return nil }
        self.init(model)
    }

    /// The model a model file describes.
    convenience init(_ model: DataModel) {
        self.init()
        entities = model.entities.map(NSEntityDescription.init)
        for (entity, declared) in zip(entities, model.entities) {
            for (property, relationship) in zip(
                entity.properties.compactMap { $0 as? NSRelationshipDescription },
                declared.relationships)
            {
                property.destinationEntity = entitiesByName[relationship.destination]
                property.inverseRelationship = relationship.inverse.flatMap { property.destinationEntity?.relationshipsByName[$0] }
            }
        }
    }

    /// The models of `bundles` (the main bundle when nil) merged into one.
    open class func mergedModel(from bundles: [Bundle]?) -> NSManagedObjectModel? {
        let models = (bundles ?? [Bundle.main]).flatMap { bundle in
            ((try? FileManager.default.contentsOfDirectory(atPath: bundle.bundlePath)) ?? []).sorted()
                .filter { $0.hasSuffix(".momd") || $0.hasSuffix(".mom") }
                .compactMap { NSManagedObjectModel(contentsOf: bundle.bundleURL.appendingPathComponent($0)) }
        }
        return models.isEmpty ? nil : NSManagedObjectModel(byMerging: models)
    }

    /// One model with the entities of `models`.
    public convenience init?(byMerging models: [NSManagedObjectModel]?) {
        guard let models else { return nil }
        self.init()
        entities = models.flatMap(\.entities)
    }

    /// The entity numbers the store uses (`Z_ENT`): 1 and up, entities in name order, as Core Data numbers them.
    var entityNumbers: [String: Int] {
        Dictionary(uniqueKeysWithValues: entities.compactMap(\.name).sorted().enumerated().map { ($1, $0 + 1) })
    }
}
