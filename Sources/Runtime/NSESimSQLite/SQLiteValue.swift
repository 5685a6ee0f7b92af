import Foundation

/// A value as SQLite stores it: one of its five storage classes.
public enum SQLiteValue: Sendable, Hashable, CustomStringConvertible {
    case null
    case integer(Int64)
    case real(Double)
    case text(String)
    case blob(Data)

    /// The integer, or a real's integer part; nil for the other classes.
    public var integerValue: Int64? {
        switch self {
        case .integer(let value): value
        case .real(let value): Int64(exactly: value.rounded(.towardZero))
        default: nil
        }
    }

    /// The real, or an integer as a real; nil for the other classes.
    public var realValue: Double? {
        switch self {
        case .integer(let value): Double(value)
        case .real(let value): value
        default: nil
        }
    }

    /// The text; nil for the other classes.
    public var textValue: String? {
        if case .text(let value) = self { return value }
        return nil
    }

    /// The bytes of a blob (or of a text's UTF-8); nil for the other classes.
    public var blobValue: Data? {
        switch self {
        case .blob(let value): value
        case .text(let value): Data(value.utf8)
        default: nil
        }
    }

    /// Whether this is SQL NULL.
    public var isNull: Bool { self == .null }

    /// The value as SQL would write it (a blob by its size).
    public var description: String {
        switch self {
        case .null: "NULL"
        case .integer(let value): "\(value)"
        case .real(let value): "\(value)"
        case .text(let value): "'\(value)'"
        case .blob(let value): "x'<\(value.count) bytes>'"
        }
    }
}
