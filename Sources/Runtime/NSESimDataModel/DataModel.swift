import Foundation

/// A Core Data model as Xcode's model editor saves it (the `contents` XML of a
/// `.xcdatamodel`): its entities in the file's order.
public struct DataModel: Sendable, Equatable {
    /// The entities, in the file's order.
    public var entities: [DataModelEntity]

    /// A model of `entities`.
    public init(entities: [DataModelEntity]) {
        self.entities = entities
    }

    /// The model in `xml` (`path` names it in errors).
    public init(xml: String, path: String = "contents") throws(DataModelError) {
        let root: XMLElementTree
        do {
            root = try XMLElementTree.parse(xml)
        } catch {
            throw .malformed(path: path, offset: error.offset, reason: error.reason)
        }
        guard root.name == "model" else { throw .notAModel(path: path, reason: "the root element is <\(root.name)>, not <model>") }
        var entities: [DataModelEntity] = []
        for element in root.children(named: "entity") {
            guard let name = element.attributes["name"], !name.isEmpty else {
                throw .notAModel(path: path, reason: "an entity has no name")
            }
            var attributes: [DataModelAttribute] = []
            for attribute in element.children(named: "attribute") {
                guard let attributeName = attribute.attributes["name"], !attributeName.isEmpty else {
                    throw .notAModel(path: path, reason: "an attribute of \(name) has no name")
                }
                attributes.append(
                    DataModelAttribute(
                        name: attributeName, type: attribute.attributes["attributeType"] ?? "Undefined",
                        isOptional: attribute.attributes["optional"] == "YES",
                        defaultValue: attribute.attributes["defaultValueString"],
                        usesScalarValueType: attribute.attributes["usesScalarValueType"].map { $0 == "YES" },
                        customClassName: attribute.attributes["customClassName"]))
            }
            let relationships = element.children(named: "relationship").compactMap { relationship -> DataModelRelationship? in
                guard let relationshipName = relationship.attributes["name"] else { return nil }
                return DataModelRelationship(
                    name: relationshipName, destination: relationship.attributes["destinationEntity"] ?? "",
                    isToMany: relationship.attributes["toMany"] == "YES",
                    isOptional: relationship.attributes["optional"] == "YES",
                    inverse: relationship.attributes["inverseName"],
                    deletionRule: relationship.attributes["deletionRule"])
            }
            entities.append(
                DataModelEntity(
                    name: name, className: element.attributes["representedClassName"],
                    codeGeneration: DataModelEntity.CodeGeneration(rawValue: element.attributes["codeGenerationType"] ?? "") ?? .manual,
                    parent: element.attributes["parentEntity"], isAbstract: element.attributes["isAbstract"] == "YES",
                    attributes: attributes, relationships: relationships))
        }
        self.entities = entities
    }

    /// The entity named `name`.
    public func entity(named name: String) -> DataModelEntity? { entities.first { $0.name == name } }

    /// The model at `url`: a `.xcdatamodeld` (its current version), a `.xcdatamodel` (its
    /// `contents`), a `.momd` folder that nsesim's build wrote, or a `.mom` file.
    public static func load(from url: URL) throws(DataModelError) -> DataModel {
        let file = try DataModelLocation.contentsFile(of: url)
        guard let data = FileManager.default.contents(atPath: file.path) else { throw .unreadable(path: file.path) }
        return try DataModel(xml: String(decoding: data, as: UTF8.self), path: file.path)
    }
}

/// An entity: its name, its class, how Xcode generates that class, and its properties.
public struct DataModelEntity: Sendable, Equatable {
    /// Xcode's "Codegen" setting for the entity.
    public enum CodeGeneration: String, Sendable {
        /// "Class Definition" (`codeGenerationType="class"`): Xcode generates the class and its properties.
        case classDefinition = "class"
        /// "Category/Extension" (`category`): the app writes the class, Xcode generates its properties.
        case category
        /// "Manual/None" (no attribute): the app writes both, with `@NSManaged` properties.
        case manual = ""
    }

    /// The entity's name.
    public var name: String
    /// `representedClassName`; nil means `NSManagedObject`.
    public var className: String?
    /// How Xcode generates the class.
    public var codeGeneration: CodeGeneration
    /// The parent entity's name.
    public var parent: String?
    /// Whether the entity has no objects of its own.
    public var isAbstract: Bool
    /// The attributes, in the file's order.
    public var attributes: [DataModelAttribute]
    /// The relationships, in the file's order.
    public var relationships: [DataModelRelationship]

    /// An entity as a model file declares it.
    public init(
        name: String, className: String? = nil, codeGeneration: CodeGeneration = .manual, parent: String? = nil,
        isAbstract: Bool = false, attributes: [DataModelAttribute], relationships: [DataModelRelationship] = []
    ) {
        self.name = name
        self.className = className
        self.codeGeneration = codeGeneration
        self.parent = parent
        self.isAbstract = isAbstract
        self.attributes = attributes
        self.relationships = relationships
    }

    /// The Swift class name without a module prefix (`Module.Item` and `.Item` become `Item`).
    public var swiftClassName: String? {
        guard let className, !className.isEmpty, className != "NSManagedObject" else { return nil }
        return String(className.split(separator: ".").last ?? Substring(className))
    }
}

/// An attribute as the model file says it.
public struct DataModelAttribute: Sendable, Equatable {
    /// The attribute's name (its key).
    public var name: String
    /// The type as the file spells it: `String`, `Integer 16`, `Integer 32`, `Integer 64`,
    /// `Decimal`, `Double`, `Float`, `Boolean`, `Date`, `Binary`, `UUID`, `URI`, `Transformable`.
    public var type: String
    /// Whether it may be nil when saved.
    public var isOptional: Bool
    /// `defaultValueString`.
    public var defaultValue: String?
    /// `usesScalarValueType`: nil when the file does not say (Xcode's default: scalars for
    /// numbers and Booleans).
    public var usesScalarValueType: Bool?
    /// A transformable's `customClassName`.
    public var customClassName: String?

    /// An attribute as a model file declares it.
    public init(
        name: String, type: String, isOptional: Bool = true, defaultValue: String? = nil,
        usesScalarValueType: Bool? = nil, customClassName: String? = nil
    ) {
        self.name = name
        self.type = type
        self.isOptional = isOptional
        self.defaultValue = defaultValue
        self.usesScalarValueType = usesScalarValueType
        self.customClassName = customClassName
    }

    /// The Swift type Xcode's codegen gives the property: scalars for numbers and Booleans
    /// (unless `usesScalarValueType="NO"`), optionals for the rest.
    public var swiftType: String {
        let scalar = usesScalarValueType ?? true
        switch type {
        case "Integer 16": return scalar ? "Int16" : "NSNumber?"
        case "Integer 32": return scalar ? "Int32" : "NSNumber?"
        case "Integer 64": return scalar ? "Int64" : "NSNumber?"
        case "Double": return scalar ? "Double" : "NSNumber?"
        case "Float": return scalar ? "Float" : "NSNumber?"
        case "Boolean": return scalar ? "Bool" : "NSNumber?"
        case "Decimal": return "NSDecimalNumber?"
        case "String": return "String?"
        case "Date": return "Date?"
        case "Binary": return "Data?"
        case "UUID": return "UUID?"
        case "URI": return "URL?"
        case "Transformable": return "\(customClassName ?? "NSObject")?"
        default: return "NSObject?"
        }
    }
}

/// A relationship as the model file says it.
public struct DataModelRelationship: Sendable, Equatable {
    /// The relationship's name (its key).
    public var name: String
    /// The destination entity's name.
    public var destination: String
    /// Whether it reaches several objects.
    public var isToMany: Bool
    /// Whether it may be empty when saved.
    public var isOptional: Bool
    /// The relationship back, on the destination.
    public var inverse: String?
    /// What deleting the source does to the destination (`deletionRule`: Nullify, Cascade,
    /// Deny, No Action); nil when the file says nothing (Nullify).
    public var deletionRule: String?

    /// A relationship as a model file declares it.
    public init(
        name: String, destination: String, isToMany: Bool = false, isOptional: Bool = true, inverse: String? = nil,
        deletionRule: String? = nil
    ) {
        self.name = name
        self.destination = destination
        self.isToMany = isToMany
        self.isOptional = isOptional
        self.inverse = inverse
        self.deletionRule = deletionRule
    }
}
