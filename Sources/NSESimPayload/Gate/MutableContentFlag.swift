import NSESimRuntime
@_spi(NSESim) import UserNotifications

/// How a payload spelled `aps.mutable-content` (or `content-available`), which decides
/// whether the extension runs: only the number 1 is documented by Apple.
package enum MutableContentFlag: Sendable, Equatable {
    /// The key is absent.
    case absent
    /// A number: only 1 turns the flag on.
    case number(Double)
    /// The string `"1"` (or another string), a common server mistake.
    case string(String)
    /// `true` or `false`, another common mistake.
    case bool(Bool)

    /// Reads the key's value; other types (arrays, dictionaries) are errors.
    package init(_ value: JSONValue?, path: String) throws(JSONTypeError) {
        switch value {
        case nil, .null?: self = .absent
        case .integer(let number)?: self = .number(Double(number))
        case .double(let number)?: self = .number(number)
        case .string(let text)?: self = .string(text)
        case .bool(let flag)?: self = .bool(flag)
        case let other?:
            throw JSONTypeError(path: path, expected: "the number 1", found: other.typeDescription)
        }
    }

    /// True for the number 1, the only spelling Apple documents.
    package var isDocumentedOn: Bool { self == .number(1) }

    /// True for spellings that servers mean as "on" but Apple does not document:
    /// the string "1" and `true`.
    package var isLenientOn: Bool {
        switch self {
        case .string(let text): text.trimmingCharacters(in: .whitespaces) == "1"
        case .bool(let flag): flag
        default: false
        }
    }

    /// The value as written in the payload, for messages.
    package var spelled: String {
        switch self {
        case .absent: "absent"
        // Whole numbers without ".0"; beyond Int64 (1e19) the Double's own spelling, since
        // converting it would trap.
        case .number(let number): number.rounded() == number && abs(number) < 9.2e18 ? "\(Int64(number))" : "\(number)"
        case .string(let text): "the string \"\(text)\""
        case .bool(let flag): "\(flag)"
        }
    }
}
