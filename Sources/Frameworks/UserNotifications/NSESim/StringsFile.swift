import Foundation

/// A `Localizable.strings` table (`"key" = "value";` lines, comments, escapes), as used
/// for the `*-loc-key` alert keys and `localizedUserNotificationString(forKey:arguments:)`.
@_spi(NSESim) public struct StringsFile: Sendable, Equatable {
    /// The translations, by key.
    @_spi(NSESim) public var entries: [String: String]

    @_spi(NSESim) public init(entries: [String: String] = [:]) {
        self.entries = entries
    }

    /// Reads and parses a `.strings` file (UTF-8, or UTF-16 with a byte-order mark).
    @_spi(NSESim) public init(contentsOf url: URL) throws(StringsFileError) {
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw StringsFileError(file: url.path, line: 0, message: "cannot be read: \(error.localizedDescription)")
        }
        let text: String
        if data.starts(with: [0xFF, 0xFE]) || data.starts(with: [0xFE, 0xFF]) {
            guard let decoded = String(data: data, encoding: .utf16) else {
                throw StringsFileError(file: url.path, line: 0, message: "is not valid UTF-16")
            }
            text = decoded
        } else {
            guard let decoded = String(data: data, encoding: .utf8) else {
                throw StringsFileError(file: url.path, line: 0, message: "is not valid UTF-8")
            }
            text = decoded
        }
        try self.init(parsing: text, file: url.path)
    }

    /// Parses the text of a `.strings` file; `file` names it in errors.
    @_spi(NSESim) public init(parsing text: String, file: String = "<strings>") throws(StringsFileError) {
        var parser = StringsParser(text: text, file: file)
        entries = try parser.parse()
    }

    /// The translation of `key`, or `key` itself when the table has none (as iOS does).
    @_spi(NSESim) public func translation(of key: String) -> String { entries[key] ?? key }
}

/// A `.strings` file that cannot be used, with the line of the fault.
@_spi(NSESim) public struct StringsFileError: Error, Sendable, Equatable, CustomStringConvertible {
    @_spi(NSESim) public let file: String
    @_spi(NSESim) public let line: Int
    @_spi(NSESim) public let message: String
    @_spi(NSESim) public var description: String { line > 0 ? "\(file):\(line): \(message)" : "\(file) \(message)" }
}

/// A hand-rolled scanner for the old-style property list subset that `.strings` files use.
private struct StringsParser {
    let scalars: [Unicode.Scalar]
    let file: String
    var index = 0
    var line = 1

    init(text: String, file: String) {
        var scalars = Array(text.unicodeScalars)
        if scalars.first == "\u{FEFF}" { scalars.removeFirst() }
        self.scalars = scalars
        self.file = file
    }

    mutating func parse() throws(StringsFileError) -> [String: String] {
        var entries: [String: String] = [:]
        while true {
            try skipTrivia()
            guard index < scalars.count else { return entries }
            let key = try token(what: "a key")
            try skipTrivia()
            if peek == ";" {
                index += 1
                entries[key] = key
                continue
            }
            try expect("=", after: "the key \"\(key)\"")
            try skipTrivia()
            let value = try token(what: "a value for \"\(key)\"")
            try skipTrivia()
            try expect(";", after: "the value of \"\(key)\"")
            entries[key] = value
        }
    }

    var peek: Unicode.Scalar? { index < scalars.count ? scalars[index] : nil }

    func fail(_ message: String) -> StringsFileError {
        StringsFileError(file: file, line: line, message: message)
    }

    mutating func expect(_ scalar: Unicode.Scalar, after what: String) throws(StringsFileError) {
        guard peek == scalar else {
            let found = peek.map { "'\($0)'" } ?? "the end of the file"
            throw fail("expected '\(scalar)' after \(what), found \(found)")
        }
        index += 1
    }

    mutating func skipTrivia() throws(StringsFileError) {
        while let scalar = peek {
            if scalar == "\n" {
                line += 1
                index += 1
            } else if scalar.properties.isWhitespace {
                index += 1
            } else if scalar == "/", index + 1 < scalars.count, scalars[index + 1] == "/" {
                while let next = peek, next != "\n" { index += 1 }
            } else if scalar == "/", index + 1 < scalars.count, scalars[index + 1] == "*" {
                let startLine = line
                index += 2
                while true {
                    guard let next = peek else {
                        throw StringsFileError(file: file, line: startLine, message: "a /* comment is never closed")
                    }
                    if next == "*", index + 1 < scalars.count, scalars[index + 1] == "/" {
                        index += 2
                        break
                    }
                    if next == "\n" { line += 1 }
                    index += 1
                }
            } else {
                return
            }
        }
    }

    /// A quoted string, or a bare word of letters, digits and `_.-$:/`.
    mutating func token(what: String) throws(StringsFileError) -> String {
        guard let first = peek else { throw fail("expected \(what), found the end of the file") }
        if first == "\"" { return try quoted() }
        var word = ""
        while let scalar = peek, scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || "_.-$:/".unicodeScalars.contains(scalar)
        {
            word.unicodeScalars.append(scalar)
            index += 1
        }
        guard !word.isEmpty else { throw fail("expected \(what), found '\(first)'") }
        return word
    }

    mutating func quoted() throws(StringsFileError) -> String {
        let startLine = line
        index += 1
        var result = String.UnicodeScalarView()
        while true {
            guard let scalar = peek else {
                throw StringsFileError(file: file, line: startLine, message: "a string is never closed (missing \")")
            }
            index += 1
            switch scalar {
            case "\"":
                return String(result)
            case "\n":
                line += 1
                result.append(scalar)
            case "\\":
                guard let escaped = peek else { throw fail("a backslash ends the file") }
                index += 1
                switch escaped {
                case "n": result.append("\n")
                case "t": result.append("\t")
                case "r": result.append("\r")
                case "0": result.append("\0")
                case "U", "u":
                    var code: UInt32 = 0
                    var digits = 0
                    while digits < 4, let hex = peek, hex.isASCII, let value = UInt32(String(hex), radix: 16) {
                        code = code * 16 + value
                        index += 1
                        digits += 1
                    }
                    guard digits == 4, let decoded = Unicode.Scalar(code) else {
                        throw fail("\\\(escaped) must be followed by four hexadecimal digits of a valid character")
                    }
                    result.append(decoded)
                default:
                    result.append(escaped)
                }
            default:
                result.append(scalar)
            }
        }
    }
}
