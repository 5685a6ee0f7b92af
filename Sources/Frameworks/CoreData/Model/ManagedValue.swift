import Foundation
import NSESimSQLite

/// Attribute values in their three forms: what an app sets (any Swift or Foundation value),
/// what an object keeps and `value(forKey:)` returns (iOS's: NSNumber for numbers and
/// Booleans, String, Date, Data, UUID, URL, NSDecimalNumber), and what the store's column
/// holds (dates as seconds since 2001 and UUIDs as 16 bytes, as Core Data stores them).
enum ManagedValue {
    /// The value an object keeps for `value` set on an attribute of `type`; nil for nil or NSNull.
    static func canonical(_ value: Any?, type: NSAttributeType) -> Any? {
        // `String?.none` set through a generic accessor arrives as a non-nil Any holding nil.
        guard let value, !(value is NSNull), !PredicateEvaluator.isNil(value) else { return nil }
        switch type {
        case .integer16AttributeType, .integer32AttributeType, .integer64AttributeType:
            if let number = number(value) { return NSNumber(value: number.int64Value) }
        case .doubleAttributeType, .floatAttributeType:
            if let number = number(value) { return NSNumber(value: number.doubleValue) }
        case .booleanAttributeType:
            if let number = number(value) { return NSNumber(value: number.boolValue) }
        case .decimalAttributeType:
            if let decimal = value as? Decimal { return NSDecimalNumber(decimal: decimal) }
            if let number = value as? NSNumber { return NSDecimalNumber(decimal: number.decimalValue) }
        case .stringAttributeType:
            if let string = value as? String { return string }
        case .dateAttributeType:
            if let date = value as? Date { return date }
        case .binaryDataAttributeType:
            if let data = value as? Data { return data }
        case .UUIDAttributeType:
            if let uuid = value as? UUID { return uuid }
            if let uuid = value as? NSUUID { return uuid as UUID }
        case .URIAttributeType:
            if let url = value as? URL { return url }
        default:
            return value
        }
        return value  // a value of another type: kept, refused when saved (as iOS's validation)
    }

    /// The value as NSNumber when it is a number or a Boolean.
    static func number(_ value: Any) -> NSNumber? {
        switch value {
        case let number as NSNumber: number
        case let value as Int: NSNumber(value: value)
        case let value as Int16: NSNumber(value: value)
        case let value as Int32: NSNumber(value: value)
        case let value as Int64: NSNumber(value: value)
        case let value as UInt: NSNumber(value: value)
        case let value as UInt32: NSNumber(value: value)
        case let value as Double: NSNumber(value: value)
        case let value as Float: NSNumber(value: value)
        case let value as Bool: NSNumber(value: value)
        default: nil
        }
    }

    /// Whether `value` (canonical) can be stored in an attribute of `type`.
    static func fits(_ value: Any, type: NSAttributeType) -> Bool {
        switch type {
        case .integer16AttributeType, .integer32AttributeType, .integer64AttributeType, .doubleAttributeType,
            .floatAttributeType, .booleanAttributeType:
            value is NSNumber
        case .decimalAttributeType: value is NSDecimalNumber
        case .stringAttributeType: value is String
        case .dateAttributeType: value is Date
        case .binaryDataAttributeType: value is Data
        case .UUIDAttributeType: value is UUID
        case .URIAttributeType: value is URL
        case .transformableAttributeType: value is Data || value is String || value is NSNumber
        default: false
        }
    }

    /// The column value for a canonical value.
    static func column(_ value: Any?, type: NSAttributeType) -> SQLiteValue {
        guard let value else { return .null }
        switch type {
        case .integer16AttributeType, .integer32AttributeType, .integer64AttributeType, .booleanAttributeType:
            return (value as? NSNumber).map { .integer($0.int64Value) } ?? .null
        case .doubleAttributeType, .floatAttributeType:
            return (value as? NSNumber).map { .real($0.doubleValue) } ?? .null
        case .decimalAttributeType:
            return (value as? NSDecimalNumber).map { .text($0.stringValue) } ?? .null
        case .stringAttributeType:
            return (value as? String).map { .text($0) } ?? .null
        case .dateAttributeType:
            return (value as? Date).map { .real($0.timeIntervalSinceReferenceDate) } ?? .null
        case .binaryDataAttributeType:
            return (value as? Data).map { .blob($0) } ?? .null
        case .UUIDAttributeType:
            return (value as? UUID).map { uuid in .blob(withUnsafeBytes(of: uuid.uuid) { Data($0) }) } ?? .null
        case .URIAttributeType:
            return (value as? URL).map { .text($0.absoluteString) } ?? .null
        default:
            if let data = value as? Data { return .blob(data) }
            if let string = value as? String { return .text(string) }
            if let number = value as? NSNumber { return .real(number.doubleValue) }
            return .null
        }
    }

    /// The canonical value of a column.
    static func value(_ column: SQLiteValue, type: NSAttributeType) -> Any? {
        if column.isNull { return nil }
        switch type {
        case .integer16AttributeType, .integer32AttributeType, .integer64AttributeType:
            return column.integerValue.map { NSNumber(value: $0) }
        case .booleanAttributeType:
            return column.integerValue.map { NSNumber(value: $0 != 0) }
        case .doubleAttributeType, .floatAttributeType:
            return column.realValue.map { NSNumber(value: $0) }
        case .decimalAttributeType:
            return (column.textValue ?? column.realValue.map { "\($0)" }).map { NSDecimalNumber(string: $0) }
        case .stringAttributeType:
            return column.textValue
        case .dateAttributeType:
            return column.realValue.map { Date(timeIntervalSinceReferenceDate: $0) }
        case .binaryDataAttributeType:
            return column.blobValue
        case .UUIDAttributeType:
            guard let data = column.blobValue, data.count == 16 else { return column.textValue.flatMap(UUID.init(uuidString:)) }
            let bytes = Array(data)
            return UUID(
                uuid: (
                    bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7],
                    bytes[8], bytes[9], bytes[10], bytes[11], bytes[12], bytes[13], bytes[14], bytes[15]
                ))
        case .URIAttributeType:
            return column.textValue.flatMap(URL.init(string:))
        default:
            switch column {
            case .blob(let data): return data
            case .text(let text): return text
            case .integer(let number): return NSNumber(value: number)
            case .real(let number): return NSNumber(value: number)
            case .null: return nil
            }
        }
    }

    /// A model file's `defaultValueString` as a value of `type`.
    static func parseDefault(_ text: String, type: NSAttributeType) -> Any? {
        switch type {
        case .integer16AttributeType, .integer32AttributeType, .integer64AttributeType:
            return Int64(text).map { NSNumber(value: $0) }
        case .doubleAttributeType, .floatAttributeType:
            return Double(text).map { NSNumber(value: $0) }
        case .booleanAttributeType:
            return NSNumber(value: text == "YES" || text == "1" || text.lowercased() == "true")
        case .decimalAttributeType:
            return NSDecimalNumber(string: text)
        case .stringAttributeType:
            return text
        case .dateAttributeType:
            return Double(text).map { Date(timeIntervalSinceReferenceDate: $0) }
        case .UUIDAttributeType:
            return UUID(uuidString: text)
        case .URIAttributeType:
            return URL(string: text)
        default:
            return nil
        }
    }
}
