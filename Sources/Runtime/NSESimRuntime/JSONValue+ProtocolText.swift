// The protocol's JSON text without JSONEncoder and JSONDecoder. An extension process writes
// `ready` and reads its first request before either is warm, and a cold JSONEncoder or
// JSONDecoder (Codable's generic machinery, an error value for each `try?` of JSONValue's
// decoding) cost more than everything else the runtime does before `didReceive`
// (docs/PERFORMANCE.md). The results are the same: the writer gives `serialized()`'s bytes,
// and the reader reads only the JSON it is sure of and leaves the rest to `parse(_:)`.

extension JSONValue {
    /// The value as compact JSON text, the bytes `serialized()` writes (keys sorted, slashes
    /// not escaped, a whole double without its ".0"), written directly rather than through
    /// JSONEncoder; nil for a value holding a non-finite double, which only `serialized()`
    /// handles.
    public func protocolText() -> [UInt8]? {
        var writer = JSONTextWriter()
        guard writer.write(self) else { return nil }
        return writer.bytes
    }

    /// Reads JSON text as `parse(_:)` does, without JSONDecoder, when the text holds only
    /// what protocol messages hold: objects without repeated keys, arrays, strings, `true`,
    /// `false`, `null` and integers. nil for anything else (a number with a fraction or an
    /// exponent, a repeated key, deep nesting, text that is not JSON): `parse(_:)` reads it
    /// then, or says what is wrong with it.
    public static func parseProtocolText(_ text: some Collection<UInt8>) -> JSONValue? {
        let read = text.withContiguousStorageIfAvailable { JSONTextReader.read($0) }
        return read ?? Array(text).withUnsafeBufferPointer { JSONTextReader.read($0) }
    }
}

/// Compact JSON text, byte for byte as JSONEncoder writes it with `.sortedKeys` and
/// `.withoutEscapingSlashes`.
private struct JSONTextWriter {
    var bytes: [UInt8] = []

    init() { bytes.reserveCapacity(256) }

    /// False when the value holds a non-finite double (JSONEncoder refuses it).
    mutating func write(_ value: JSONValue) -> Bool {
        switch value {
        case .null: bytes.append(contentsOf: "null".utf8)
        case .bool(let value): bytes.append(contentsOf: (value ? "true" : "false").utf8)
        case .integer(let value): bytes.append(contentsOf: String(value).utf8)
        case .double(let value):
            guard value.isFinite else { return false }
            // JSONEncoder writes a double's description, a whole one without ".0".
            var text = value.description
            if text.hasSuffix(".0") { text.removeLast(2) }
            bytes.append(contentsOf: text.utf8)
        case .string(let value): write(string: value)
        case .array(let items):
            bytes.append(UInt8(ascii: "["))
            for (index, item) in items.enumerated() {
                if index > 0 { bytes.append(UInt8(ascii: ",")) }
                guard write(item) else { return false }
            }
            bytes.append(UInt8(ascii: "]"))
        case .object(let members):
            bytes.append(UInt8(ascii: "{"))
            for (index, key) in members.keys.sorted().enumerated() {
                if index > 0 { bytes.append(UInt8(ascii: ",")) }
                write(string: key)
                bytes.append(UInt8(ascii: ":"))
                guard write(members[key]!) else { return false }
            }
            bytes.append(UInt8(ascii: "}"))
        }
        return true
    }

    /// A string as JSONEncoder escapes it: quote, backslash and control characters; the
    /// rest (slash, DEL, U+2028, every non-ASCII character) as UTF-8.
    private mutating func write(string: String) {
        bytes.append(UInt8(ascii: "\""))
        for byte in string.utf8 {
            switch byte {
            case UInt8(ascii: "\""): bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\"")])
            case UInt8(ascii: "\\"): bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\\")])
            case 0x08: bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "b")])
            case 0x0C: bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "f")])
            case 0x0A: bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "n")])
            case 0x0D: bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "r")])
            case 0x09: bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "t")])
            case ..<0x20:
                let hex = Array("0123456789abcdef".utf8)
                bytes.append(contentsOf: [
                    UInt8(ascii: "\\"), UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0"),
                    hex[Int(byte >> 4)], hex[Int(byte & 0x0F)],
                ])
            default: bytes.append(byte)
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }
}

/// The reader behind ``JSONValue/parseProtocolText(_:)``: nil as soon as the text holds
/// something it leaves to JSONDecoder.
private struct JSONTextReader {
    private let text: UnsafeBufferPointer<UInt8>
    private var index = 0
    private var depth = 0
    /// Deeper nesting is left to JSONDecoder (protocol messages nest a few levels).
    private static let maximumDepth = 100

    private init(_ text: UnsafeBufferPointer<UInt8>) { self.text = text }

    static func read(_ text: UnsafeBufferPointer<UInt8>) -> JSONValue? {
        var reader = JSONTextReader(text)
        guard let value = reader.value() else { return nil }
        reader.skipWhitespace()
        return reader.index == text.count ? value : nil
    }

    private mutating func skipWhitespace() {
        while index < text.count {
            switch text[index] {
            case 0x20, 0x09, 0x0A, 0x0D: index += 1
            default: return
            }
        }
    }

    private mutating func value() -> JSONValue? {
        skipWhitespace()
        guard index < text.count else { return nil }
        switch text[index] {
        case UInt8(ascii: "{"): return object()
        case UInt8(ascii: "["): return array()
        case UInt8(ascii: "\""): return string().map(JSONValue.string)
        case UInt8(ascii: "t"): return literal("true", .bool(true))
        case UInt8(ascii: "f"): return literal("false", .bool(false))
        case UInt8(ascii: "n"): return literal("null", .null)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return integer()
        default: return nil
        }
    }

    private mutating func literal(_ word: StaticString, _ value: JSONValue) -> JSONValue? {
        let count = word.utf8CodeUnitCount
        guard text.count - index >= count else { return nil }
        for offset in 0..<count where text[index + offset] != word.utf8Start[offset] { return nil }
        index += count
        return value
    }

    private mutating func object() -> JSONValue? {
        depth += 1
        defer { depth -= 1 }
        guard depth <= Self.maximumDepth else { return nil }
        index += 1  // {
        var members: [String: JSONValue] = [:]
        skipWhitespace()
        if index < text.count, text[index] == UInt8(ascii: "}") {
            index += 1
            return .object(members)
        }
        while true {
            skipWhitespace()
            guard index < text.count, text[index] == UInt8(ascii: "\""), let key = string() else { return nil }
            skipWhitespace()
            guard index < text.count, text[index] == UInt8(ascii: ":") else { return nil }
            index += 1
            // A repeated key: which one JSONDecoder keeps is its business.
            guard let item = value(), members.updateValue(item, forKey: key) == nil else { return nil }
            skipWhitespace()
            guard index < text.count else { return nil }
            switch text[index] {
            case UInt8(ascii: ","): index += 1
            case UInt8(ascii: "}"):
                index += 1
                return .object(members)
            default: return nil
            }
        }
    }

    private mutating func array() -> JSONValue? {
        depth += 1
        defer { depth -= 1 }
        guard depth <= Self.maximumDepth else { return nil }
        index += 1  // [
        var items: [JSONValue] = []
        skipWhitespace()
        if index < text.count, text[index] == UInt8(ascii: "]") {
            index += 1
            return .array(items)
        }
        while true {
            guard let item = value() else { return nil }
            items.append(item)
            skipWhitespace()
            guard index < text.count else { return nil }
            switch text[index] {
            case UInt8(ascii: ","): index += 1
            case UInt8(ascii: "]"):
                index += 1
                return .array(items)
            default: return nil
            }
        }
    }

    /// An integer without fraction or exponent that fits in Int64, as JSONDecoder reads it
    /// for JSONValue (a number that is not one is left to JSONDecoder).
    private mutating func integer() -> JSONValue? {
        var position = index
        let negative = text[position] == UInt8(ascii: "-")
        if negative { position += 1 }
        let digitsStart = position
        var magnitude: UInt64 = 0
        while position < text.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(text[position]) {
            let (times10, overflow1) = magnitude.multipliedReportingOverflow(by: 10)
            let (sum, overflow2) = times10.addingReportingOverflow(UInt64(text[position] - UInt8(ascii: "0")))
            guard !overflow1, !overflow2 else { return nil }
            magnitude = sum
            position += 1
        }
        let digits = position - digitsStart
        guard digits > 0, !(digits > 1 && text[digitsStart] == UInt8(ascii: "0")) else { return nil }
        if position < text.count {
            switch text[position] {
            case UInt8(ascii: "."), UInt8(ascii: "e"), UInt8(ascii: "E"): return nil
            default: break
            }
        }
        let value: Int64
        if negative {
            guard magnitude <= UInt64(Int64.max) + 1 else { return nil }
            value = magnitude == UInt64(Int64.max) + 1 ? Int64.min : -Int64(magnitude)
        } else {
            guard magnitude <= UInt64(Int64.max) else { return nil }
            value = Int64(magnitude)
        }
        index = position
        return .integer(value)
    }

    /// A string at the opening quote; nil when it is not valid (unescaped control
    /// characters, a bad escape, a lone surrogate, bytes that are not UTF-8).
    private mutating func string() -> String? {
        index += 1  // "
        let start = index
        // Without escapes the bytes are the string.
        while index < text.count {
            let byte = text[index]
            if byte == UInt8(ascii: "\"") {
                let bytes = UnsafeBufferPointer(rebasing: text[start..<index])
                index += 1
                return String(validating: bytes, as: UTF8.self)
            }
            if byte == UInt8(ascii: "\\") { break }
            if byte < 0x20 { return nil }
            index += 1
        }
        var bytes = Array(text[start..<index])
        while index < text.count {
            let byte = text[index]
            switch byte {
            case UInt8(ascii: "\""):
                index += 1
                return String(validating: bytes, as: UTF8.self)
            case UInt8(ascii: "\\"):
                guard index + 1 < text.count else { return nil }
                let escaped = text[index + 1]
                index += 2
                switch escaped {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): bytes.append(escaped)
                case UInt8(ascii: "b"): bytes.append(0x08)
                case UInt8(ascii: "f"): bytes.append(0x0C)
                case UInt8(ascii: "n"): bytes.append(0x0A)
                case UInt8(ascii: "r"): bytes.append(0x0D)
                case UInt8(ascii: "t"): bytes.append(0x09)
                case UInt8(ascii: "u"):
                    guard let scalar = unicodeEscape() else { return nil }
                    UTF8.encode(scalar) { bytes.append($0) }
                default: return nil
                }
            case ..<0x20: return nil
            default:
                bytes.append(byte)
                index += 1
            }
        }
        return nil
    }

    /// The scalar of `\uXXXX` (the index just past `\u`), with its low surrogate when it is a
    /// high one; nil for a lone surrogate.
    private mutating func unicodeEscape() -> Unicode.Scalar? {
        guard let first = hexQuad() else { return nil }
        switch first {
        case 0xD800...0xDBFF:
            guard index + 1 < text.count, text[index] == UInt8(ascii: "\\"), text[index + 1] == UInt8(ascii: "u") else { return nil }
            index += 2
            guard let second = hexQuad(), (0xDC00...0xDFFF).contains(second) else { return nil }
            return Unicode.Scalar(0x10000 + ((first - 0xD800) << 10) + (second - 0xDC00))
        case 0xDC00...0xDFFF: return nil
        default: return Unicode.Scalar(first)
        }
    }

    private mutating func hexQuad() -> UInt32? {
        guard text.count - index >= 4 else { return nil }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let byte = text[index]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: return nil
            }
            value = value << 4 | UInt32(digit)
            index += 1
        }
        return value
    }
}
