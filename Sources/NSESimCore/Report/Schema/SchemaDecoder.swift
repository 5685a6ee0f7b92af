import NSESimRuntime

/// A `Decoder` that answers a type's `init(from:)` with placeholder values and records
/// what it asked for: which keys (`decode` required, `decodeIfPresent`/`contains` may be
/// absent), of which types, `decodeNil` before a value (may be `null`), an unkeyed
/// container (an array). The schema is therefore the decoding code itself: synthesized
/// `Codable` conformances, ``Nullable`` and hand-written `init(from:)` alike, with no
/// example instances to keep up to date.
///
/// Leaves: `JSONValue` (any), `String`, `Bool`, integers, `Double`/`Float`, and
/// ``SchemaEnumeration``s. A `[String: T]` dictionary is not modelled (its keys are only
/// known from data): a report field that needs one is a `JSONValue` or a struct.
struct SchemaDecoder: Decoder {
    let recorder: Recorder
    var codingPath: [any CodingKey] = []
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    /// The shape of `type`.
    static func shape(of type: any Decodable.Type) throws -> SchemaShape {
        func shape<T: Decodable>(_ type: T.Type) throws -> SchemaShape { try placeholder(type).shape }
        return try shape(type)
    }

    /// A value of `type` to hand back to the decoding type, and the shape it has.
    static func placeholder<T: Decodable>(_ type: T.Type) throws -> (value: T, shape: SchemaShape) {
        func leaf(_ value: Any, _ shape: SchemaShape) throws -> (value: T, shape: SchemaShape) {
            guard let value = value as? T else { throw SchemaError(type: "\(type)", reason: "no placeholder") }
            return (value, shape)
        }
        switch type {
        case is JSONValue.Type: return try leaf(JSONValue.null, .any)
        case is String.Type: return try leaf("", .string)
        case is Bool.Type: return try leaf(false, .boolean)
        case is Int.Type: return try leaf(0 as Int, .integer)
        case is Int64.Type: return try leaf(0 as Int64, .integer)
        case is Int32.Type: return try leaf(0 as Int32, .integer)
        case is Double.Type: return try leaf(0 as Double, .number)
        case is Float.Type: return try leaf(0 as Float, .number)
        default: break
        }
        if let enumeration = type as? any SchemaEnumeration.Type {
            return try leaf(enumeration.schemaPlaceholder, .enumeration(enumeration.schemaValues))
        }
        let recorder = Recorder()
        let value = try T(from: SchemaDecoder(recorder: recorder))
        return (value, try recorder.shape(name: "\(type)"))
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        recorder.kind = .keyed
        return KeyedDecodingContainer(KeyedContainer<Key>(recorder: recorder, codingPath: codingPath))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        recorder.kind = .unkeyed
        return UnkeyedContainer(recorder: recorder, codingPath: codingPath)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        recorder.kind = .single
        return SingleContainer(recorder: recorder, codingPath: codingPath)
    }

    /// What one `init(from:)` asked for.
    final class Recorder {
        enum Kind { case none, keyed, unkeyed, single }
        var kind: Kind = .none
        /// Keyed: the keys in the order asked, with their shapes.
        var properties: [(key: String, shape: SchemaShape)] = []
        /// Keyed: the keys that may be absent.
        var optionalKeys: Set<String> = []
        /// Unkeyed: the items' shape; single: the value's.
        var value: SchemaShape?
        /// Single: `decodeNil` was asked first.
        var nullable = false

        func shape(name: String) throws -> SchemaShape {
            switch kind {
            case .none: throw SchemaError(type: name, reason: "its init(from:) asks for no container")
            case .keyed:
                return .object(
                    name: name,
                    properties: properties.map { property in
                        SchemaShape.Property(key: property.key, shape: property.shape, required: !optionalKeys.contains(property.key))
                    })
            case .unkeyed: return .array(value ?? .any)
            case .single:
                guard let value else { throw SchemaError(type: name, reason: "its single value is never decoded") }
                return nullable ? .nullable(value) : value
            }
        }
    }
}
