import NSESimRuntime

/// The JSON shape of a `Decodable` type, as its own `init(from:)` asks for it
/// (``SchemaShape/of(_:)``): which keys, of which types, which may be absent or `null`.
/// It renders as JSON Schema (draft 2020-12) with ``SchemaShape/jsonSchema(definitions:)``.
package indirect enum SchemaShape: Sendable, Equatable {
    /// Any JSON value (a `JSONValue` field).
    case any
    case string, integer, number, boolean
    /// One of these strings (a ``SchemaEnumeration``).
    case enumeration([String])
    /// The shape or `null` (a ``Nullable`` field).
    case nullable(SchemaShape)
    /// An array of items of one shape.
    case array(SchemaShape)
    /// An object with exactly these keys: a struct, named after its type.
    case object(name: String, properties: [Property])

    /// One key of an object.
    package struct Property: Sendable, Equatable {
        package let key: String
        package let shape: SchemaShape
        /// False when the key may be absent (an `Optional` field).
        package let required: Bool
    }

    /// The shape of `type`, found by running its `init(from:)` against ``SchemaDecoder``.
    package static func of(_ type: any Decodable.Type) throws(SchemaError) -> SchemaShape {
        do {
            return try SchemaDecoder.shape(of: type)
        } catch let error as SchemaError {
            throw error
        } catch {
            throw SchemaError(type: "\(type)", reason: "\(error)")
        }
    }

    /// The keys of an object shape, in declaration order; empty for any other shape.
    package var keys: [String] {
        if case .object(_, let properties) = self { properties.map(\.key) } else { [] }
    }

    /// The shape of the value under `key` of an object shape.
    package subscript(key: String) -> SchemaShape? {
        if case .object(_, let properties) = self { properties.first { $0.key == key }?.shape } else { nil }
    }

    /// The JSON Schema of this shape; objects go into `definitions` (by type name) and are
    /// referred to with `$ref`, except the outermost.
    package func jsonSchema(definitions: inout [String: JSONValue], inline: Bool = false) -> JSONValue {
        switch self {
        case .any: return .object(["description": .string("any JSON value")])
        case .string: return .object(["type": .string("string")])
        case .integer: return .object(["type": .string("integer")])
        case .number: return .object(["type": .string("number")])
        case .boolean: return .object(["type": .string("boolean")])
        case .enumeration(let values): return .object(["type": .string("string"), "enum": .array(values.map(JSONValue.string))])
        case .nullable(let wrapped):
            let schema = wrapped.jsonSchema(definitions: &definitions)
            if case .object(var members) = schema, members.count == 1, let type = members["type"]?.stringValue {
                members["type"] = .array([.string(type), .string("null")])
                return .object(members)
            }
            return .object(["anyOf": .array([schema, .object(["type": .string("null")])])])
        case .array(let items):
            return .object(["type": .string("array"), "items": items.jsonSchema(definitions: &definitions)])
        case .object(let name, let properties):
            var members: [String: JSONValue] = [:]
            for property in properties { members[property.key] = property.shape.jsonSchema(definitions: &definitions) }
            let schema: JSONValue = .object([
                "type": .string("object"),
                "properties": .object(members),
                "required": .array(properties.filter(\.required).map { .string($0.key) }),
                "additionalProperties": .bool(false),
            ])
            if inline { return schema }
            definitions[name] = schema
            return .object(["$ref": .string("#/$defs/\(name)")])
        }
    }
}

/// A type whose shape cannot be found: its decoding asks for something the schema walk
/// does not model (a dictionary of typed values, a nested container).
package struct SchemaError: Error, Sendable, Equatable, CustomStringConvertible {
    package let type: String
    package let reason: String
    package var description: String {
        "\(type): no JSON Schema can be derived (\(reason)); use JSONValue for open-ended parts, "
            + "a struct for objects, a SchemaEnumeration for fixed strings"
    }
}
