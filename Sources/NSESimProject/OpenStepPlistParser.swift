import Foundation

/// Reads an old-style (OpenStep) ASCII property list, the format of `project.pbxproj`:
/// `{ key = value; }`, `( a, b )`, quoted and bare strings, `<hex data>`, and `/* */` and
/// `//` comments. Errors say the line and column.
///
/// Foundation's `PropertyListSerialization` on Linux does read this format (measured:
/// ChatApp's file parses as `.openStep`), but a damaged file's error says "Unexpected
/// character / at line 1", with the real line only in a nested error, no column, and a
/// CoreFoundation log line on standard error; a project a user edited by hand needs
/// `line:column` to be mended.
package struct OpenStepPlistParser {
    private let bytes: [UInt8]
    private var index = 0
    private var line = 1
    private var lineStart = 0

    private init(_ text: String) {
        bytes = Array(text.utf8)
    }

    /// The property list in `text`.
    package static func parse(_ text: String) throws(OpenStepPlistError) -> PlistValue {
        var parser = OpenStepPlistParser(text)
        try parser.skipTrivia()
        let value = try parser.value()
        try parser.skipTrivia()
        guard parser.index == parser.bytes.count else { throw parser.error("unexpected text after the property list's end") }
        return value
    }

    private func error(_ message: String) -> OpenStepPlistError {
        OpenStepPlistError(line: line, column: index - lineStart + 1, message: message)
    }

    private var current: UInt8? { index < bytes.count ? bytes[index] : nil }

    private mutating func advance() {
        if bytes[index] == UInt8(ascii: "\n") {
            line += 1
            lineStart = index + 1
        }
        index += 1
    }

    /// Skips white space and comments.
    private mutating func skipTrivia() throws(OpenStepPlistError) {
        while let byte = current {
            if byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D {
                advance()
            } else if byte == UInt8(ascii: "/"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "/") {
                while let next = current, next != 0x0A { advance() }
            } else if byte == UInt8(ascii: "/"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "*") {
                let start = error("a comment that is never closed (*/)")
                advance()
                advance()
                while true {
                    guard let next = current else { throw start }
                    if next == UInt8(ascii: "*"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "/") {
                        advance()
                        advance()
                        break
                    }
                    advance()
                }
            } else {
                return
            }
        }
    }

    private mutating func value() throws(OpenStepPlistError) -> PlistValue {
        guard let byte = current else { throw error("the file ends where a value was expected") }
        switch byte {
        case UInt8(ascii: "{"): return try dictionary()
        case UInt8(ascii: "("): return try array()
        case UInt8(ascii: "<"): return try data()
        case UInt8(ascii: "\""), UInt8(ascii: "'"): return .string(try quoted())
        default:
            guard Self.isBare(byte) else {
                throw error("unexpected \(Self.describe(byte)) where a value was expected")
            }
            return .string(bare())
        }
    }

    private mutating func dictionary() throws(OpenStepPlistError) -> PlistValue {
        let start = error("a dictionary that is never closed (})")
        advance()
        var entries: [String: PlistValue] = [:]
        while true {
            try skipTrivia()
            guard let byte = current else { throw start }
            if byte == UInt8(ascii: "}") {
                advance()
                return .dictionary(entries)
            }
            guard case .string(let key) = try value() else { throw error("a dictionary key must be a string") }
            try skipTrivia()
            guard current == UInt8(ascii: "=") else { throw error("expected = after the key \"\(key)\"") }
            advance()
            try skipTrivia()
            entries[key] = try value()
            // The error points just after the value, where the ; belongs.
            let missingSemicolon = error("expected ; after the value of \"\(key)\"")
            try skipTrivia()
            guard current == UInt8(ascii: ";") else { throw missingSemicolon }
            advance()
        }
    }

    private mutating func array() throws(OpenStepPlistError) -> PlistValue {
        let start = error("an array that is never closed ())")
        advance()
        var items: [PlistValue] = []
        while true {
            try skipTrivia()
            guard let byte = current else { throw start }
            if byte == UInt8(ascii: ")") {
                advance()
                return .array(items)
            }
            items.append(try value())
            try skipTrivia()
            if current == UInt8(ascii: ",") {
                advance()
            } else if current != UInt8(ascii: ")") {
                throw error("expected , or ) in an array")
            }
        }
    }

    private mutating func data() throws(OpenStepPlistError) -> PlistValue {
        advance()
        var digits: [UInt8] = []
        while let byte = current, byte != UInt8(ascii: ">") {
            if let digit = Self.hexValue(byte) {
                digits.append(digit)
            } else if !(byte == 0x20 || byte == 0x0A || byte == 0x09 || byte == 0x0D) {
                throw error("unexpected \(Self.describe(byte)) in <hex data>")
            }
            advance()
        }
        guard current != nil else { throw error("data that is never closed (>)") }
        advance()
        guard digits.count.isMultiple(of: 2) else { throw error("<hex data> with an odd number of digits") }
        return .data(stride(from: 0, to: digits.count, by: 2).map { digits[$0] << 4 | digits[$0 + 1] })
    }

    private mutating func quoted() throws(OpenStepPlistError) -> String {
        let quote = bytes[index]
        let start = error("a string that is never closed (\(Character(Unicode.Scalar(quote))))")
        advance()
        var result: [UInt8] = []
        while true {
            guard let byte = current else { throw start }
            advance()
            if byte == quote { break }
            guard byte == UInt8(ascii: "\\") else {
                result.append(byte)
                continue
            }
            guard let escaped = current else { throw start }
            advance()
            switch escaped {
            case UInt8(ascii: "n"): result.append(0x0A)
            case UInt8(ascii: "t"): result.append(0x09)
            case UInt8(ascii: "r"): result.append(0x0D)
            case UInt8(ascii: "U"), UInt8(ascii: "u"):
                var scalar: UInt32 = 0
                for _ in 0..<4 {
                    guard let byte = current, let digit = Self.hexValue(byte) else { throw error("\\U needs four hex digits") }
                    scalar = scalar << 4 | UInt32(digit)
                    advance()
                }
                result += Array(String(Unicode.Scalar(scalar).map(Character.init) ?? "\u{FFFD}").utf8)
            default: result.append(escaped)
            }
        }
        return String(decoding: result, as: UTF8.self)
    }

    private mutating func bare() -> String {
        let start = index
        while let byte = current, Self.isBare(byte) { advance() }
        return String(decoding: bytes[start..<index], as: UTF8.self)
    }

    /// The characters of an unquoted string.
    private static func isBare(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            true
        case UInt8(ascii: "_"), UInt8(ascii: "$"), UInt8(ascii: "/"), UInt8(ascii: ":"), UInt8(ascii: "."),
            UInt8(ascii: "-"), UInt8(ascii: "+"), UInt8(ascii: "~"):
            true
        default:
            byte >= 0x80
        }
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }

    private static func describe(_ byte: UInt8) -> String {
        byte >= 0x21 && byte < 0x7F ? "'\(Character(Unicode.Scalar(byte)))'" : String(format: "byte 0x%02X", byte)
    }
}
