/// A JSON value of the wrong type at a key path, e.g. `aps.badge`: expected a number,
/// found a string.
public struct JSONTypeError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Where: a dotted key path such as `aps.alert.title`.
    public let path: String
    /// What was expected, as a phrase: "a string", "a number from 0 to 1".
    public let expected: String
    /// What was there, as a phrase: "a boolean".
    public let found: String

    public init(path: String, expected: String, found: String) {
        self.path = path
        self.expected = expected
        self.found = found
    }

    public var description: String { "\(path): expected \(expected), found \(found)" }
}

extension Dictionary where Key == String, Value == JSONValue {
    /// The string at `key`, nil when absent or null.
    public func string(_ key: String, in path: String) throws(JSONTypeError) -> String? {
        guard let value = self[key], value != .null else { return nil }
        guard let string = value.stringValue else {
            throw JSONTypeError(path: path.appendingKey(key), expected: "a string", found: value.typeDescription)
        }
        return string
    }

    /// The number at `key`, nil when absent or null.
    public func number(_ key: String, in path: String) throws(JSONTypeError) -> Double? {
        guard let value = self[key], value != .null else { return nil }
        guard let number = value.numberValue else {
            throw JSONTypeError(path: path.appendingKey(key), expected: "a number", found: value.typeDescription)
        }
        return number
    }

    /// The whole number at `key`, nil when absent or null.
    public func integer(_ key: String, in path: String) throws(JSONTypeError) -> Int64? {
        guard let value = self[key], value != .null else { return nil }
        guard let number = value.integerValue else {
            throw JSONTypeError(path: path.appendingKey(key), expected: "a whole number", found: value.foundDescription)
        }
        return number
    }

    /// The boolean at `key`, nil when absent or null.
    public func bool(_ key: String, in path: String) throws(JSONTypeError) -> Bool? {
        guard let value = self[key], value != .null else { return nil }
        guard let bool = value.boolValue else {
            throw JSONTypeError(path: path.appendingKey(key), expected: "true or false", found: value.typeDescription)
        }
        return bool
    }

    /// The dictionary at `key`, nil when absent or null.
    public func object(_ key: String, in path: String) throws(JSONTypeError) -> [String: JSONValue]? {
        guard let value = self[key], value != .null else { return nil }
        guard let object = value.objectValue else {
            throw JSONTypeError(path: path.appendingKey(key), expected: "a dictionary", found: value.typeDescription)
        }
        return object
    }

    /// The array of strings at `key`, nil when absent or null.
    public func strings(_ key: String, in path: String) throws(JSONTypeError) -> [String]? {
        guard let value = self[key], value != .null else { return nil }
        guard let array = value.arrayValue else {
            throw JSONTypeError(path: path.appendingKey(key), expected: "an array of strings", found: value.typeDescription)
        }
        var strings: [String] = []
        for (index, item) in array.enumerated() {
            guard let string = item.stringValue else {
                throw JSONTypeError(path: "\(path.appendingKey(key))[\(index)]", expected: "a string", found: item.typeDescription)
            }
            strings.append(string)
        }
        return strings
    }

    /// The array at `key`, nil when absent or null.
    public func array(_ key: String, in path: String) throws(JSONTypeError) -> [JSONValue]? {
        guard let value = self[key], value != .null else { return nil }
        guard let array = value.arrayValue else {
            throw JSONTypeError(path: path.appendingKey(key), expected: "an array", found: value.typeDescription)
        }
        return array
    }
}

extension String {
    /// `aps` + `badge` = `aps.badge`; the root path is empty.
    public func appendingKey(_ key: String) -> String { isEmpty ? key : "\(self).\(key)" }
}

extension JSONValue {
    /// What was found, for messages: the number itself (`-1`, `1.5`), else the type.
    public var foundDescription: String {
        switch self {
        case .integer(let value): "\(value)"
        case .double(let value): "\(value)"
        default: typeDescription
        }
    }
}
