import Foundation

/// Reads the YAML that XcodeGen specs and Podfile.lock files are written in: block mappings
/// and sequences, flow `[…]` and `{…}`, plain and quoted scalars, `|` and `>` blocks, comments,
/// anchors of mapping values with their aliases and merge keys (`<<: *name`).
/// (A dependency-free reader: Yams, built in this package, would see nsesim's own Combine
/// module through `#if canImport(Combine)`.) Errors carry the line and column.
package enum YAMLParser {
    /// A YAML text that cannot be read: where, and why.
    package struct SyntaxError: Error, Sendable {
        package let line: Int
        package let column: Int
        package let message: String
    }

    package struct Line {
        package let number: Int
        package var indent: Int
        package var text: String
    }

    /// The value of the document `text` (an empty document is an empty mapping).
    package static func parse(_ text: String) throws(SyntaxError) -> SpecValue {
        let raw = text.replacingOccurrences(of: "\r\n", with: "\n").split(separator: "\n", omittingEmptySubsequences: false)
        var lines: [Line] = []
        for (index, line) in raw.enumerated() {
            let body = withoutComment(line)
            let trimmed = body.trimmingCharacters(in: .whitespaces)
            if trimmed.isEmpty || trimmed == "---" || trimmed == "..." || trimmed.hasPrefix("%") { continue }
            let indent = body.prefix { $0 == " " || $0 == "\t" }
            if indent.contains("\t") {
                throw SyntaxError(line: index + 1, column: indent.count, message: "a tab in the indentation (YAML indents with spaces)")
            }
            lines.append(Line(number: index + 1, indent: indent.count, text: trimmed))
        }
        guard !lines.isEmpty else { return SpecValue(.mapping([]), line: 1) }
        var reader = Reader(lines: lines, raw: raw.map(String.init))
        let value = try reader.node(indent: lines[0].indent)
        if reader.index < reader.lines.count {
            let line = reader.lines[reader.index]
            throw SyntaxError(
                line: line.number, column: line.indent + 1, message: "unexpected indentation: this line belongs to nothing above it")
        }
        return value
    }

    private struct Reader {
        package var lines: [Line]
        package let raw: [String]
        package var index = 0
        package var anchors: [String: SpecValue] = [:]

        package mutating func node(indent: Int) throws(SyntaxError) -> SpecValue {
            let line = lines[index]
            if line.text == "-" || line.text.hasPrefix("- ") { return try sequence(indent: indent) }
            if YAMLParser.keySplit(line.text) != nil { return try mapping(indent: indent) }
            index += 1
            return try YAMLParser.inline(joinedFlow(line), line: line)
        }

        package mutating func sequence(indent: Int) throws(SyntaxError) -> SpecValue {
            var items: [SpecValue] = []
            let first = lines[index].number
            while index < lines.count, lines[index].indent == indent, lines[index].text == "-" || lines[index].text.hasPrefix("- ") {
                let line = lines[index]
                let rest = String(line.text.dropFirst(1))
                let content = rest.trimmingCharacters(in: .whitespaces)
                if content.isEmpty {
                    index += 1
                    if index < lines.count, lines[index].indent > indent {
                        items.append(try node(indent: lines[index].indent))
                    } else {
                        items.append(SpecValue(.null, line: line.number))
                    }
                } else {
                    // "- key: value" or "- - x": the item is a block at the column after "- ".
                    let column = line.indent + 1 + (rest.count - rest.drop { $0 == " " }.count)
                    lines[index] = Line(number: line.number, indent: column, text: content)
                    items.append(try node(indent: column))
                }
            }
            return SpecValue(.sequence(items), line: first)
        }

        package mutating func mapping(indent: Int) throws(SyntaxError) -> SpecValue {
            var entries: [(key: String, value: SpecValue)] = []
            var merged = Set<String>()
            let first = lines[index].number
            while index < lines.count, lines[index].indent == indent {
                let line = lines[index]
                guard let (key, written) = YAMLParser.keySplit(line.text) else {
                    if line.text.hasPrefix("- ") || line.text == "-" {
                        throw SyntaxError(line: line.number, column: indent + 1, message: "a list item where a key: was expected")
                    }
                    throw SyntaxError(line: line.number, column: indent + 1, message: "expected key: value in this mapping")
                }
                let name = try YAMLParser.unquoted(key, line: line)
                index += 1
                // An anchor (`key: &name`) names the value for the aliases (`*name`) below it.
                var rest = written
                var anchor: String?
                if rest.hasPrefix("&") {
                    let end = rest.firstIndex(of: " ") ?? rest.endIndex
                    anchor = String(rest[rest.index(after: rest.startIndex)..<end])
                    rest = rest[end...].trimmingCharacters(in: .whitespaces)
                }
                if rest.hasPrefix("*") || (name == "<<" && rest.hasPrefix("[")) {
                    let names: [String] =
                        rest.hasPrefix("[")
                        ? rest.dropFirst().dropLast().split(separator: ",").map { String($0).trimmingCharacters(in: .whitespaces) } : [rest]
                    var values: [SpecValue] = []
                    for alias in names {
                        guard alias.hasPrefix("*"), let value = anchors[String(alias.dropFirst())] else {
                            throw SyntaxError(
                                line: line.number, column: line.indent + line.text.count - rest.count + 1,
                                message: "\(alias) names no anchor (&name) above it")
                        }
                        values.append(value)
                    }
                    if name == "<<" {
                        // A merge key: the aliased mappings' entries, under the ones written here.
                        for value in values {
                            for entry in value.mapping ?? [] where !entries.contains(where: { $0.key == entry.key }) {
                                entries.append(entry)
                                merged.insert(entry.key)
                            }
                        }
                    } else {
                        entries.append((name, values[0]))
                    }
                    continue
                }
                // A key written here replaces the one a merge key brought.
                if merged.contains(name) { entries.removeAll { $0.key == name } }
                defer { if let anchor, let value = entries.last?.value { anchors[anchor] = value } }
                if rest.isEmpty {
                    if index < lines.count, lines[index].indent > indent {
                        entries.append((name, try node(indent: lines[index].indent)))
                    } else if index < lines.count, lines[index].indent == indent,
                        lines[index].text.hasPrefix("- ") || lines[index].text == "-"
                    {
                        entries.append((name, try sequence(indent: indent)))
                    } else {
                        entries.append((name, SpecValue(.null, line: line.number)))
                    }
                } else if rest.hasPrefix("|") || rest.hasPrefix(">") {
                    entries.append((name, block(after: line, indent: indent, folded: rest.hasPrefix(">"))))
                } else {
                    var inlineLine = line
                    inlineLine.text = rest
                    inlineLine.indent = line.indent + line.text.count - rest.count  // columns count from the value
                    entries.append((name, try YAMLParser.inline(joinedFlow(inlineLine, within: indent), line: inlineLine)))
                }
            }
            if index < lines.count, lines[index].indent > indent {
                let line = lines[index]
                throw SyntaxError(
                    line: line.number, column: line.indent + 1, message: "unexpected indentation: more than the key: above it")
            }
            return SpecValue(.mapping(entries), line: first)
        }

        /// A `|` or `>` block: the raw lines indented more than its key.
        package mutating func block(after line: Line, indent: Int, folded: Bool) -> SpecValue {
            var texts: [String] = []
            var number = line.number
            while number < raw.count {
                let text = raw[number]
                let spaces = text.prefix { $0 == " " }.count
                if !text.trimmingCharacters(in: .whitespaces).isEmpty && spaces <= indent { break }
                texts.append(text)
                number += 1
            }
            while index < lines.count, lines[index].number <= number { index += 1 }
            let margin = texts.filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty }.map { $0.prefix { $0 == " " }.count }.min() ?? 0
            let body = texts.map { String($0.dropFirst(min(margin, $0.count))) }
            return SpecValue(.string(body.joined(separator: folded ? " " : "\n") + "\n"), line: line.number)
        }

        /// A flow collection that continues on the lines below, joined until its brackets close.
        package mutating func joinedFlow(_ line: Line, within indent: Int? = nil) -> (text: String, line: Line) {
            var text = line.text
            guard text.hasPrefix("[") || text.hasPrefix("{") else { return (text, line) }
            // Continuation lines are indented more than the key (an unclosed bracket stops at the next key).
            while YAMLParser.depth(text) > 0, index < lines.count, lines[index].indent > (indent ?? line.indent) {
                text += " " + lines[index].text
                index += 1
            }
            return (text, line)
        }
    }

    /// `key` and the rest of a `key: value` line (the colon outside quotes and brackets).
    package static func keySplit(_ text: String) -> (String, String)? {
        var quote: Character?
        var depth = 0
        var previous: Character = " "
        for index in text.indices {
            let character = text[index]
            if let open = quote {
                if character == open { quote = nil }
            } else if (character == "\"" || character == "'") && (previous == " " || index == text.startIndex) {
                quote = character
            } else if character == "[" || character == "{" {
                if index == text.startIndex { return nil }
                depth += 1
            } else if character == "]" || character == "}" {
                depth -= 1
            } else if character == ":" && depth == 0 {
                let next = text.index(after: index)
                if next == text.endIndex || text[next] == " " {
                    let key = text[..<index].trimmingCharacters(in: .whitespaces)
                    return key.isEmpty ? nil : (key, text[next...].trimmingCharacters(in: .whitespaces))
                }
            }
            previous = character
        }
        return nil
    }

    /// The bracket depth at the end of `text`.
    package static func depth(_ text: String) -> Int {
        var depth = 0
        var quote: Character?
        for character in text {
            if let open = quote {
                if character == open { quote = nil }
                continue
            }
            switch character {
            case "\"", "'": quote = character
            case "[", "{": depth += 1
            case "]", "}": depth -= 1
            default: break
            }
        }
        return depth
    }

    /// An inline value: a flow collection or a scalar.
    package static func inline(_ flow: (text: String, line: Line), line: Line) throws(SyntaxError) -> SpecValue {
        var text = flow.text
        // An anchor (&name) names the value; nsesim reads the value.
        if text.hasPrefix("&"), let space = text.firstIndex(of: " ") { text = text[space...].trimmingCharacters(in: .whitespaces) }
        if text.hasPrefix("[") || text.hasPrefix("{") {
            var scanner = FlowScanner(characters: Array(text), line: line)
            let value = try scanner.value()
            scanner.skipSpaces()
            if scanner.position < scanner.characters.count {
                throw SyntaxError(
                    line: line.number, column: line.indent + scanner.position + 1, message: "unexpected text after the closing bracket")
            }
            return value
        }
        return try scalar(text, line: line, column: line.indent + 1)
    }

    /// A scalar: quoted text, or plain text typed as YAML 1.1 types it (yes/no are bools).
    package static func scalar(_ text: String, line: Line, column: Int) throws(SyntaxError) -> SpecValue {
        if text.hasPrefix("\"") || text.hasPrefix("'") {
            return SpecValue(.string(try unquoted(text, line: line)), line: line.number)
        }
        switch text.lowercased() {
        case "true", "yes", "on": return SpecValue(.bool(true), line: line.number)
        case "false", "no", "off": return SpecValue(.bool(false), line: line.number)
        case "null", "~", "": return SpecValue(.null, line: line.number)
        default:
            if Double(text) != nil, text.first.map({ $0.isNumber || $0 == "-" || $0 == "." }) == true {
                return SpecValue(.number(text), line: line.number)
            }
            return SpecValue(.string(text), line: line.number)
        }
    }

    /// A quoted scalar's text (`"…"` with escapes, `'…'` with `''`); plain text as it is.
    package static func unquoted(_ text: String, line: Line) throws(SyntaxError) -> String {
        guard let quote = text.first, quote == "\"" || quote == "'" else { return text }
        guard text.count >= 2, text.last == quote else {
            throw SyntaxError(line: line.number, column: line.indent + 1, message: "a quoted string is not closed (\(quote) missing)")
        }
        let inner = String(text.dropFirst().dropLast())
        if quote == "'" { return inner.replacingOccurrences(of: "''", with: "'") }
        var result = ""
        var escaped = false
        for character in inner {
            if escaped {
                switch character {
                case "n": result.append("\n")
                case "t": result.append("\t")
                default: result.append(character)
                }
                escaped = false
            } else if character == "\\" {
                escaped = true
            } else {
                result.append(character)
            }
        }
        return result
    }

    /// A line without its comment: `#` at the start or after a space, outside quotes.
    package static func withoutComment(_ line: Substring) -> String {
        var quote: Character?
        var previous: Character = " "
        for index in line.indices {
            let character = line[index]
            if let open = quote {
                if character == open { quote = nil }
            } else if (character == "\"" || character == "'") && (previous == " " || previous == "[" || previous == "{" || previous == ",")
            {
                quote = character
            } else if character == "#" && (previous == " " || previous == "\t" || index == line.startIndex) {
                return String(line[..<index])
            }
            previous = character
        }
        return String(line)
    }

    /// Reads `[a, b]` and `{a: b}` collections.
    private struct FlowScanner {
        package let characters: [Character]
        package let line: Line
        package var position = 0

        package mutating func skipSpaces() {
            while position < characters.count, characters[position] == " " { position += 1 }
        }

        private func fail(_ message: String) -> SyntaxError {
            SyntaxError(line: line.number, column: line.indent + position + 1, message: message)
        }

        package mutating func value() throws(SyntaxError) -> SpecValue {
            skipSpaces()
            guard position < characters.count else { throw fail("a value is missing before the end of the line") }
            switch characters[position] {
            case "[":
                let open = position
                position += 1
                var items: [SpecValue] = []
                let unclosed = SyntaxError(line: line.number, column: line.indent + open + 1, message: "[ is not closed (] missing)")
                while true {
                    skipSpaces()
                    guard position < characters.count else { throw unclosed }
                    if characters[position] == "]" {
                        position += 1
                        break
                    }
                    items.append(try value())
                    skipSpaces()
                    guard position < characters.count else { throw unclosed }
                    if characters[position] == "," {
                        position += 1
                    } else if characters[position] != "]" {
                        throw fail("expected , or ] in a list")
                    }
                }
                return SpecValue(.sequence(items), line: line.number)
            case "{":
                let open = position
                position += 1
                var entries: [(key: String, value: SpecValue)] = []
                let unclosed = SyntaxError(line: line.number, column: line.indent + open + 1, message: "{ is not closed (} missing)")
                while true {
                    skipSpaces()
                    guard position < characters.count else { throw unclosed }
                    if characters[position] == "}" {
                        position += 1
                        break
                    }
                    let key = try scalarText(stops: [":", ",", "}"])
                    guard position < characters.count, characters[position] == ":" else { throw fail("expected key: value in { }") }
                    position += 1
                    entries.append((try YAMLParser.unquoted(key, line: line), try value()))
                    skipSpaces()
                    guard position < characters.count else { throw unclosed }
                    if characters[position] == "," {
                        position += 1
                    } else if characters[position] != "}" {
                        throw fail("expected , or } in a mapping")
                    }
                }
                return SpecValue(.mapping(entries), line: line.number)
            default:
                let start = position
                let text = try scalarText(stops: [",", "]", "}"])
                return try YAMLParser.scalar(text, line: line, column: line.indent + start + 1)
            }
        }

        /// A scalar's text up to one of `stops` (outside quotes), trimmed.
        package mutating func scalarText(stops: Set<Character>) throws(SyntaxError) -> String {
            skipSpaces()
            var text = ""
            if position < characters.count, characters[position] == "\"" || characters[position] == "'" {
                let quote = characters[position]
                text.append(quote)
                position += 1
                while position < characters.count, characters[position] != quote {
                    if characters[position] == "\\" && quote == "\"" && position + 1 < characters.count {
                        text.append(characters[position])
                        position += 1
                    }
                    text.append(characters[position])
                    position += 1
                }
                guard position < characters.count else { throw fail("a quoted string is not closed (\(quote) missing)") }
                text.append(quote)
                position += 1
                skipSpaces()
                return text
            }
            while position < characters.count, !stops.contains(characters[position]) {
                text.append(characters[position])
                position += 1
            }
            return text.trimmingCharacters(in: .whitespaces)
        }
    }
}
