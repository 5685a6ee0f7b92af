import Foundation
import NSESimDataModel

/// An attribute of an entity: a name, a type, whether it may be nil, a default value.
open class NSAttributeDescription: NSPropertyDescription, @unchecked Sendable {
    /// The type of the attribute's values.
    open var attributeType: NSAttributeType = .undefinedAttributeType
    /// The value a new object starts with.
    open var defaultValue: Any?
    /// The class name of a transformable attribute's values.
    open var attributeValueClassName: String?
    /// The name of a transformable attribute's value transformer.
    open var valueTransformerName: String?
    /// Whether the store keeps large binary data in a file of its own (ignored: in the row here).
    open var allowsExternalBinaryDataStorage: Bool = false

    /// The attribute as a model file declares it.
    convenience init(_ attribute: DataModelAttribute) {
        self.init()
        name = attribute.name
        attributeType = NSAttributeType(modelName: attribute.type)
        isOptional = attribute.isOptional
        attributeValueClassName = attribute.customClassName
        defaultValue = attribute.defaultValue.flatMap { ManagedValue.parseDefault($0, type: attributeType) }
    }
}
