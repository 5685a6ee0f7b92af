import Foundation

/// A JSON value that keeps what APNs distinguishes: the number `1`, the string `"1"`
/// and `true` are three different values here (Foundation's dictionaries blur them).
///
/// It is the wire format between nsesim and an extension process and the currency of
/// payload parsing; it is not part of Apple's API.
public enum JSONValue: Sendable, Equatable, Hashable {
    case null
    case bool(Bool)
    case integer(Int64)
    case double(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    /// "a string", "a number", ...: for messages that say what was found.
    public var typeDescription: String {
        switch self {
        case .null: "null"
        case .bool: "a boolean"
        case .integer, .double: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "a dictionary"
        }
    }

    public var stringValue: String? { if case .string(let value) = self { value } else { nil } }
    public var objectValue: [String: JSONValue]? { if case .object(let value) = self { value } else { nil } }
    public var arrayValue: [JSONValue]? { if case .array(let value) = self { value } else { nil } }
    public var boolValue: Bool? { if case .bool(let value) = self { value } else { nil } }

    /// The value of a number, integer or not.
    public var numberValue: Double? {
        switch self {
        case .integer(let value): Double(value)
        case .double(let value): value
        default: nil
        }
    }

    /// The value of a number that is a whole number.
    public var integerValue: Int64? {
        switch self {
        case .integer(let value): value
        case .double(let value) where value.rounded() == value && abs(value) < 9.2e18: Int64(value)
        default: nil
        }
    }

    public subscript(key: String) -> JSONValue? { objectValue?[key] }
}

// MARK: - Text

extension JSONValue: Codable {
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Int64.self) {
            self = .integer(value)
        } else if let value = try? container.decode(Double.self) {
            self = .double(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode([JSONValue].self) {
            self = .array(value)
        } else {
            self = .object(try container.decode([String: JSONValue].self))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .null: try container.encodeNil()
        case .bool(let value): try container.encode(value)
        case .integer(let value): try container.encode(value)
        case .double(let value): try container.encode(value)
        case .string(let value): try container.encode(value)
        case .array(let value): try container.encode(value)
        case .object(let value): try container.encode(value)
        }
    }

    /// Parses JSON text.
    public static func parse(_ data: Data) throws(JSONSyntaxError) -> JSONValue {
        do {
            return try JSONDecoder().decode(JSONValue.self, from: data)
        } catch {
            throw JSONSyntaxError(detail: syntaxProblem(in: data) ?? "\(error)")
        }
    }

    /// Where the text stops being JSON, as "line L, column C: reason". JSONDecoder on Linux
    /// says only that the data is not valid; JSONSerialization names the character.
    private static func syntaxProblem(in data: Data) -> String? {
        guard !data.isEmpty else { return "the file is empty" }
        do {
            _ = try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
            return nil
        } catch {
            guard let message = (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String else { return nil }
            guard let range = message.range(of: "around character "),
                let offset = Int(message[range.upperBound...].prefix { $0.isNumber })
            else { return message }
            let before = data.prefix(offset)
            let line = before.reduce(1) { $0 + ($1 == UInt8(ascii: "\n") ? 1 : 0) }
            let column = before.count - (before.lastIndex(of: UInt8(ascii: "\n")).map { $0 - before.startIndex + 1 } ?? 0) + 1
            let reason = message.replacingOccurrences(of: " around character \(offset)", with: "")
            return "line \(line), column \(column): \(reason.hasSuffix(".") ? String(reason.dropLast()) : reason)"
        }
    }

    /// The value as JSON text: keys sorted, so that equal values give equal text.
    public func serialized(pretty: Bool = false) -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting =
            pretty ? [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes] : [.sortedKeys, .withoutEscapingSlashes]
        // Encoding a JSONValue cannot fail: every case maps to JSON (non-finite doubles
        // are never produced by the parser and are rejected by init(foundation:)).
        return (try? encoder.encode(self)) ?? Data("null".utf8)
    }

    /// The value as a JSON string.
    public func serializedString(pretty: Bool = false) -> String {
        String(decoding: serialized(pretty: pretty), as: UTF8.self)
    }
}

/// Text that is not JSON.
public struct JSONSyntaxError: Error, Sendable, CustomStringConvertible {
    public let detail: String
    public var description: String { "not valid JSON: \(detail)" }
}

// MARK: - Foundation objects

extension JSONValue {
    /// The Foundation form iOS gives to `userInfo`: `String`, `NSNumber` (for numbers and
    /// booleans, so that `as? Int`, `as? Double` and `as? Bool` work as on iOS), `[Any]`,
    /// `[String: Any]` and `NSNull`.
    public var foundationValue: Any {
        switch self {
        case .null: NSNull()
        case .bool(let value): NSNumber(value: value)
        case .integer(let value): NSNumber(value: Int(value))
        case .double(let value): NSNumber(value: value)
        case .string(let value): value
        case .array(let value): value.map(\.foundationValue)
        case .object(let value): value.mapValues(\.foundationValue)
        }
    }

    /// The JSON form of a property-list-like Foundation value; nil when the value (or
    /// something inside it) has no JSON form.
    public init?(foundation value: Any) {
        // Exact Swift types first: on Linux an NSNumber also casts to Bool, Int and Double.
        // The dynamic type of the argument decides (inside a case, `type(of:)` of the bound
        // value is its static type, so it cannot tell an NSNumber from a Swift number).
        let dynamicType = type(of: value)
        // The common types by identity first: a cast of a dictionary that fails (to NSNull,
        // NSNumber, URL, [Any]) is a conformance search each time (perf: 3 % of a replay's CPU).
        if dynamicType == [AnyHashable: Any].self || dynamicType == [String: Any].self || dynamicType == [Any].self
            || dynamicType == String.self
        {
            guard let json = Self.collection(value) else { return nil }
            self = json
            return
        }
        // NSNumber (what foundationValue and JSONSerialization make of numbers) and NSNull by
        // their class: the switch's `as String` on an NSNumber is a bridging search each time
        // (perf: 5 % of nsesim's CPU in a replay of text cases).
        if dynamicType is NSNumber.Type, let number = value as? NSNumber {
            guard let json = Self.number(number) else { return nil }
            self = json
            return
        }
        if dynamicType is NSNull.Type {
            self = .null
            return
        }
        switch value {
        case is NSNull: self = .null
        case let value as String: self = .string(value)
        case let value as Bool where dynamicType == Bool.self: self = .bool(value)
        case let value as Int where dynamicType == Int.self: self = .integer(Int64(value))
        case let value as Int64 where dynamicType == Int64.self: self = .integer(value)
        case let value as Int32 where dynamicType == Int32.self: self = .integer(Int64(value))
        case let value as UInt where dynamicType == UInt.self: self = .integer(Int64(clamping: value))
        case let value as Double where dynamicType == Double.self:
            guard value.isFinite else { return nil }
            self = .double(value)
        case let value as Float where dynamicType == Float.self:
            guard value.isFinite else { return nil }
            self = .double(Double(value))
        case let value as NSNumber:
            guard let json = Self.number(value) else { return nil }
            self = json
        case let value as URL: self = .string(value.absoluteString)
        case is [Any], is [AnyHashable: Any]:
            guard let json = Self.collection(value) else { return nil }
            self = json
        default:
            return nil
        }
    }

    /// A boolean, an integer or a finite double, by the number's type; nil for NaN and infinity.
    private static func number(_ value: NSNumber) -> JSONValue? {
        switch String(cString: value.objCType) {
        case "c", "B": return .bool(value.boolValue)
        case "f", "d": return value.doubleValue.isFinite ? .double(value.doubleValue) : nil
        default: return .integer(value.int64Value)
        }
    }

    /// A string, an array or a dictionary of Foundation values; nil when an element has no JSON form.
    private static func collection(_ value: Any) -> JSONValue? {
        if type(of: value) == String.self, let string = value as? String { return .string(string) }
        if type(of: value) != [AnyHashable: Any].self, let dictionary = value as? [String: Any] {
            var members: [String: JSONValue] = [:]
            for (key, item) in dictionary {
                guard let json = JSONValue(foundation: item) else { return nil }
                members[key] = json
            }
            return .object(members)
        }
        if let dictionary = value as? [AnyHashable: Any] {
            var members: [String: JSONValue] = [:]
            for (key, item) in dictionary {
                guard let key = key.base as? String, let json = JSONValue(foundation: item) else { return nil }
                members[key] = json
            }
            return .object(members)
        }
        if let array = value as? [Any] {
            var items: [JSONValue] = []
            for item in array {
                guard let json = JSONValue(foundation: item) else { return nil }
                items.append(json)
            }
            return .array(items)
        }
        return nil
    }
}

extension JSONValue {
    /// The JSON form of any Foundation value, never failing: a `Date` becomes an ISO 8601
    /// string, `Data` base64, and anything else without a JSON form its description, so
    /// that one odd value in `userInfo` cannot empty the whole dictionary.
    public init(foundationLossy value: Any) {
        if let exact = JSONValue(foundation: value) {
            self = exact
            return
        }
        switch value {
        case let date as Date: self = .string(ISO8601DateFormatter().string(from: date))
        case let data as Data: self = .string(data.base64EncodedString())
        case let array as [Any]: self = .array(array.map(JSONValue.init(foundationLossy:)))
        case let dictionary as [AnyHashable: Any]:
            var members: [String: JSONValue] = [:]
            for (key, item) in dictionary { members["\(key.base)"] = JSONValue(foundationLossy: item) }
            self = .object(members)
        default: self = .string(String(describing: value))
        }
    }
}
