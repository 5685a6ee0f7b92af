import NSESimRuntime

extension SchemaShape {
    /// The first thing in `value` this shape cannot hold, for a partial value such as a
    /// replay expectation (objects may leave keys out): a key the object does not have, a
    /// value of another type, a string outside an enumeration. Nil when it fits.
    package func problem(in value: JSONValue, at path: String) -> String? {
        switch (self, value) {
        case (.any, _), (.nullable, .null): return nil
        case (.nullable(let wrapped), _): return wrapped.problem(in: value, at: path)
        case (.string, .string), (.boolean, .bool), (.number, .integer), (.number, .double): return nil
        case (.integer, _) where value.integerValue != nil: return nil
        case (.enumeration(let values), .string(let text)):
            return values.contains(text) ? nil : "\(path): expected one of \(values.joined(separator: ", ")), found \"\(text)\""
        case (.array(let items), .array(let elements)):
            for (index, element) in elements.enumerated() {
                if let problem = items.problem(in: element, at: "\(path)[\(index)]") { return problem }
            }
            return nil
        case (.object(_, let properties), .object(let members)):
            for (key, member) in members.sorted(by: { $0.key < $1.key }) {
                guard let property = properties.first(where: { $0.key == key }) else {
                    return "\(path).\(key): the report has no such field; known: \(properties.map(\.key).joined(separator: ", "))"
                }
                if let problem = property.shape.problem(in: member, at: "\(path).\(key)") { return problem }
            }
            return nil
        default:
            return "\(path): expected \(typeDescription), found \(value.typeDescription)"
        }
    }

    /// "a string", "an array", ...: what this shape holds, for messages.
    package var typeDescription: String {
        switch self {
        case .any: "any value"
        case .string, .enumeration: "a string"
        case .integer: "an integer"
        case .number: "a number"
        case .boolean: "a boolean"
        case .nullable(let wrapped): "\(wrapped.typeDescription) or null"
        case .array: "an array"
        case .object: "a dictionary"
        }
    }
}
