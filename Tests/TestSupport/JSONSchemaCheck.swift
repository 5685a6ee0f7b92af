import NSESimRuntime

/// A small JSON Schema (draft 2020-12) validator for the keywords nsesim's generated
/// schemas use: `$ref` (to `#/$defs/NAME`), `type` (one or a list), `enum`, `const`,
/// `properties`, `required`, `additionalProperties: false`, `items`, `anyOf`. Any other
/// keyword is an error, so that the schema cannot silently outgrow the check.
public struct JSONSchemaCheck {
    public let schema: JSONValue

    public init(schema: JSONValue) {
        self.schema = schema
    }

    /// Every way `value` breaks the schema, as "PATH: what"; empty when it is valid.
    public func problems(in value: JSONValue) -> [String] {
        var problems: [String] = []
        check(value, against: schema, at: "$", into: &problems)
        return problems
    }

    private static let keywords: Set = [
        "$schema", "$id", "$defs", "$ref", "title", "description", "type", "enum", "const",
        "properties", "required", "additionalProperties", "items", "anyOf",
    ]

    private func check(_ value: JSONValue, against node: JSONValue, at path: String, into problems: inout [String]) {
        guard let rules = node.objectValue else {
            problems.append("\(path): the schema node is not an object")
            return
        }
        for keyword in rules.keys.sorted() where !Self.keywords.contains(keyword) {
            problems.append("\(path): the check does not know the keyword \(keyword)")
        }
        if let reference = rules["$ref"]?.stringValue {
            let name = reference.replacingOccurrences(of: "#/$defs/", with: "")
            guard let target = schema["$defs"]?[name] else {
                problems.append("\(path): no definition \(reference)")
                return
            }
            check(value, against: target, at: path, into: &problems)
        }
        if let types = rules["type"] {
            let allowed = types.arrayValue?.compactMap(\.stringValue) ?? types.stringValue.map { [$0] } ?? []
            if !allowed.contains(where: { Self.matches(value, type: $0) }) {
                problems.append("\(path): expected \(allowed.joined(separator: " or ")), found \(value.serializedString().prefix(60))")
                return
            }
        }
        if let values = rules["enum"]?.arrayValue, !values.contains(value) {
            problems.append("\(path): \(value.serializedString()) is not one of \(JSONValue.array(values).serializedString())")
        }
        if let constant = rules["const"], constant.numberValue.map({ $0 != value.numberValue }) ?? (constant != value) {
            problems.append("\(path): expected \(constant.serializedString()), found \(value.serializedString())")
        }
        if let options = rules["anyOf"]?.arrayValue {
            let passing = options.contains { option in
                var nested: [String] = []
                check(value, against: option, at: path, into: &nested)
                return nested.isEmpty
            }
            if !passing { problems.append("\(path): matches none of anyOf") }
        }
        if case .object(let members) = value {
            let properties = rules["properties"]?.objectValue ?? [:]
            for required in rules["required"]?.arrayValue?.compactMap(\.stringValue) ?? [] where members[required] == nil {
                problems.append("\(path): the required key \(required) is missing")
            }
            for (key, member) in members.sorted(by: { $0.key < $1.key }) {
                if let property = properties[key] {
                    check(member, against: property, at: "\(path).\(key)", into: &problems)
                } else if rules["additionalProperties"] == .bool(false) {
                    problems.append("\(path).\(key): not a key the schema allows")
                }
            }
        }
        if case .array(let items) = value, let item = rules["items"] {
            for (index, element) in items.enumerated() { check(element, against: item, at: "\(path)[\(index)]", into: &problems) }
        }
    }

    private static func matches(_ value: JSONValue, type: String) -> Bool {
        switch (type, value) {
        case ("null", .null), ("boolean", .bool), ("string", .string), ("array", .array), ("object", .object): true
        case ("number", .integer), ("number", .double): true
        case ("integer", _): value.integerValue != nil
        default: false
        }
    }
}
