/// The type of an attribute's values, with Apple's raw values.
public enum NSAttributeType: UInt, Sendable {
    case undefinedAttributeType = 0
    case integer16AttributeType = 100
    case integer32AttributeType = 200
    case integer64AttributeType = 300
    case decimalAttributeType = 400
    case doubleAttributeType = 500
    case floatAttributeType = 600
    case stringAttributeType = 700
    case booleanAttributeType = 800
    case dateAttributeType = 900
    case binaryDataAttributeType = 1000
    case UUIDAttributeType = 1100
    case URIAttributeType = 1200
    case transformableAttributeType = 1800
    case objectIDAttributeType = 2000

    /// The type a model file names (`Integer 16`, `String`, …).
    init(modelName: String) {
        switch modelName {
        case "Integer 16": self = .integer16AttributeType
        case "Integer 32": self = .integer32AttributeType
        case "Integer 64": self = .integer64AttributeType
        case "Decimal": self = .decimalAttributeType
        case "Double": self = .doubleAttributeType
        case "Float": self = .floatAttributeType
        case "String": self = .stringAttributeType
        case "Boolean": self = .booleanAttributeType
        case "Date": self = .dateAttributeType
        case "Binary": self = .binaryDataAttributeType
        case "UUID": self = .UUIDAttributeType
        case "URI": self = .URIAttributeType
        case "Transformable": self = .transformableAttributeType
        case "ObjectID": self = .objectIDAttributeType
        default: self = .undefinedAttributeType
        }
    }

    /// The SQLite column type Core Data gives it.
    var columnType: String {
        switch self {
        case .integer16AttributeType, .integer32AttributeType, .integer64AttributeType, .booleanAttributeType: "INTEGER"
        case .doubleAttributeType, .floatAttributeType: "FLOAT"
        case .decimalAttributeType: "DECIMAL"
        case .dateAttributeType: "TIMESTAMP"
        case .stringAttributeType, .URIAttributeType: "VARCHAR"
        default: "BLOB"
        }
    }
}
