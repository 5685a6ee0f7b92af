import Foundation

/// Reads a Ruby `.podspec` for its literal values, without running Ruby, into the shape of
/// the spec's JSON form (what `pod ipc spec` writes): `Pod::Spec.new do |s|`, `s.attr = value`
/// (also `s.ios.attr`), `s.dependency 'X', '~> 1.0'`, `s.subspec 'Core' do |ss| … end`,
/// heredocs, local variables, strings with `#{s.version}`, arrays, `%w[]`, hashes in both
/// spellings. Values computed by Ruby code (`JSON.parse(File.read(…))`) are left out.
enum PodspecRubyReader {
    /// The spec's dictionary; a text with no `Pod::Spec.new` block is an error.
    static func read(_ text: String, file: String) throws(PodspecError) -> [String: Any] {
        let root = Node()
        var variables: [String: Any] = [:]
        var scopes: [Scope] = []
        var found = false
        for statement in statements(text) {
            let words = statement.split(whereSeparator: { $0 == " " || $0 == "(" }).map(String.init)
            let first = words.first ?? ""
            if statement.contains("Pod::Spec.new") || statement.contains("Pod::Specification.new") {
                found = true
                scopes.append(.spec(root, variable: blockVariable(statement) ?? "s"))
                continue
            }
            if first == "end" || first.hasPrefix("end.") || first == "end)" {
                if !scopes.isEmpty { scopes.removeLast() }
                continue
            }
            let spec = scopes.reversed().lazy.compactMap { scope -> (Node, String)? in
                if case .spec(let node, let variable) = scope { return (node, variable) }
                return nil
            }.first
            if let (node, variable) = spec, first.hasPrefix(variable + "."),
                statement.range(of: #"\.(subspec|test_spec|app_spec)\b"#, options: .regularExpression) != nil
            {
                let isSubspec = first == "\(variable).subspec"
                let opens = opensBlock(statement)
                guard isSubspec, let name = firstString(statement) else {
                    if opens { scopes.append(.other) }
                    continue
                }
                let child = Node()
                child.values["name"] = name
                node.subspecs.append(child)
                if opens { scopes.append(.spec(child, variable: blockVariable(statement) ?? variable)) }
                continue
            }
            if let (node, variable) = spec, first.hasPrefix(variable + ".") {
                apply(statement, variable: variable, to: node, root: root, rootVariable: rootVariable(scopes), locals: variables)
                if opensBlock(statement) { scopes.append(.other) }
                continue
            }
            if ["if", "unless", "case", "begin", "while", "until", "def", "class", "module", "for"].contains(first) {
                // A condition's body is read as if it held (a podspec's branches rarely differ in what nsesim reads).
                scopes.append(.transparent)
                continue
            }
            if opensBlock(statement) {
                scopes.append(.other)
                continue
            }
            // A local variable: `version = '1.2.3'`.
            if let equals = statement.range(of: "="), !statement.hasPrefix("="),
                statement[..<equals.lowerBound].trimmingCharacters(in: .whitespaces).allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }
                ),
                statement[equals.upperBound...].first != "="
            {
                let name = statement[..<equals.lowerBound].trimmingCharacters(in: .whitespaces)
                var parser = ValueParser(
                    text: String(statement[equals.upperBound...]), locals: variables, root: root.values, rootVariable: rootVariable(scopes))
                if !name.isEmpty, let value = parser.list() { variables[name] = value }
            }
        }
        guard found else { throw PodspecError(file: file, message: "has no `Pod::Spec.new do |s|` block") }
        return root.dictionary
    }

    /// A spec being read (reference semantics while its subspecs are filled in).
    private final class Node {
        var values: [String: Any] = [:]
        var subspecs: [Node] = []

        var dictionary: [String: Any] {
            var result = values
            if !subspecs.isEmpty { result["subspecs"] = subspecs.map(\.dictionary) }
            return result
        }
    }

    private enum Scope {
        case spec(Node, variable: String)
        case transparent
        case other
    }

    private static func rootVariable(_ scopes: [Scope]) -> String {
        for scope in scopes { if case .spec(_, let variable) = scope { return variable } }
        return "s"
    }

    /// JSON keys of the attributes read (Ruby's singular spellings mapped to the JSON's).
    private static let keys: [String: String] = [
        "name": "name", "version": "version", "module_name": "module_name", "source": "source",
        "source_files": "source_files", "exclude_files": "exclude_files",
        "frameworks": "frameworks", "framework": "frameworks",
        "vendored_frameworks": "vendored_frameworks", "vendored_framework": "vendored_frameworks",
        "vendored_libraries": "vendored_libraries", "vendored_library": "vendored_libraries",
        "default_subspecs": "default_subspecs", "default_subspec": "default_subspecs",
        "swift_versions": "swift_versions", "swift_version": "swift_versions",
        "platforms": "platforms", "pod_target_xcconfig": "pod_target_xcconfig",
    ]

    private static let platformNames: Set<String> = ["ios", "osx", "macos", "tvos", "watchos", "visionos"]

    /// `s.attr = value`, `s.ios.attr = value`, `s.dependency 'X', '~> 1'`, `s.platform = :ios, '12.0'`.
    private static func apply(
        _ statement: String, variable: String, to node: Node, root: Node, rootVariable: String, locals: [String: Any]
    ) {
        var rest = Substring(statement.dropFirst(variable.count + 1))
        var platform: String?
        let name = String(rest.prefix { $0.isLetter || $0.isNumber || $0 == "_" })
        rest = rest.dropFirst(name.count)
        var attribute = name
        if platformNames.contains(name), rest.first == "." {
            platform = name
            rest = rest.dropFirst()
            attribute = String(rest.prefix { $0.isLetter || $0.isNumber || $0 == "_" })
            rest = rest.dropFirst(attribute.count)
        }
        var valueText = rest.trimmingCharacters(in: .whitespaces)
        if valueText.hasPrefix("=") && !valueText.hasPrefix("==") {
            valueText = String(valueText.dropFirst())
        } else if valueText.hasPrefix("(") && valueText.hasSuffix(")") {
            valueText = String(valueText.dropFirst().dropLast())
        }
        var parser = ValueParser(text: valueText, locals: locals, root: root.values, rootVariable: rootVariable)
        let items = parser.items()
        let value: Any? = items.count == 1 ? items[0] : (items.isEmpty ? nil : items)
        switch attribute {
        case "dependency":
            guard let dependency = items.first as? String else { return }
            var target = platform.map { platform in node.values[platform] as? [String: Any] ?? [:] } ?? node.values
            var dependencies = target["dependencies"] as? [String: Any] ?? [:]
            dependencies[dependency] = Array(items.dropFirst().compactMap { $0 as? String })
            target["dependencies"] = dependencies
            if let platform {
                if platform == "ios" { node.values["ios"] = target }
            } else {
                node.values = target
            }
        case "deployment_target":
            guard let platform, let target = value as? String else { return }
            var platforms = node.values["platforms"] as? [String: Any] ?? [:]
            platforms[platform] = target
            node.values["platforms"] = platforms
        case "platform":
            guard let list = value as? [Any], let platform = list.first as? String else {
                if let platform = value as? String { node.values["platforms"] = [platform: ""] }
                return
            }
            node.values["platforms"] = [platform: list.dropFirst().first as? String ?? ""]
        default:
            guard let key = keys[attribute], let value else { return }
            if let platform {
                guard platform == "ios" else { return }
                var ios = node.values["ios"] as? [String: Any] ?? [:]
                ios[key] = value
                node.values["ios"] = ios
            } else if key == "source" || key == "pod_target_xcconfig" || key == "platforms" {
                node.values[key] = value as? [String: Any] ?? node.values[key]
            } else {
                node.values[key] = value
            }
        }
    }

    /// `|s|` of a `do |s|` or `{ |s|` block.
    private static func blockVariable(_ statement: String) -> String? {
        guard let open = statement.lastIndex(of: "|") else { return nil }
        let before = statement[..<open]
        guard let start = before.lastIndex(of: "|") else { return nil }
        let name = statement[statement.index(after: start)..<open].trimmingCharacters(in: .whitespaces)
        return name.isEmpty ? nil : name
    }

    private static func opensBlock(_ statement: String) -> Bool {
        statement.hasSuffix(" do") || statement == "do" || statement.range(of: #"\bdo\s*\|[^|]*\|\s*$"#, options: .regularExpression) != nil
    }

    private static func firstString(_ statement: String) -> String? {
        var parser = ValueParser(text: String(statement.drop { $0 != "'" && $0 != "\"" }), locals: [:], root: [:], rootVariable: "s")
        return parser.value() as? String
    }

    /// The file's statements: comments and heredocs out, lines joined while a bracket is open
    /// or a line ends with `,`, `\` or an operator.
    static func statements(_ text: String) -> [String] {
        var result: [String] = []
        var pending = ""
        var heredoc: String?
        for raw in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if let end = heredoc {
                if raw.trimmingCharacters(in: .whitespaces) == end { heredoc = nil }
                continue
            }
            var line = String(Podfile.withoutComment(raw)).trimmingCharacters(in: .whitespaces)
            if let range = line.range(of: #"<<[-~]?['"]?([A-Z_][A-Z0-9_]*)['"]?"#, options: .regularExpression) {
                heredoc = String(line[range].filter { $0.isUppercase || $0.isNumber || $0 == "_" })
                line.replaceSubrange(range, with: "\"\"")
            }
            guard !line.isEmpty else { continue }
            pending += pending.isEmpty ? line : " " + line
            if depth(pending) > 0 || pending.hasSuffix(",") || pending.hasSuffix("\\") || pending.hasSuffix("=")
                || pending.hasSuffix("=>") || pending.hasSuffix("+")
            {
                if pending.hasSuffix("\\") { pending.removeLast() }
                continue
            }
            result.append(pending)
            pending = ""
        }
        if !pending.isEmpty { result.append(pending) }
        return result
    }

    /// Open brackets outside strings.
    private static func depth(_ text: String) -> Int {
        var depth = 0
        var quote: Character?
        var escaped = false
        for character in text {
            if let open = quote {
                if escaped {
                    escaped = false
                } else if character == "\\" {
                    escaped = true
                } else if character == open {
                    quote = nil
                }
                continue
            }
            switch character {
            case "'", "\"": quote = character
            case "(", "[", "{": depth += 1
            case ")", "]", "}": depth -= 1
            default: break
            }
        }
        return depth
    }
}

/// Ruby literals: strings (with `#{…}` of the spec's version and name and of local variables),
/// symbols, numbers, booleans, arrays, `%w[]`, hashes (`:k => v`, `k: v`), `+` of strings.
struct ValueParser {
    private let characters: [Character]
    private var index = 0
    let locals: [String: Any]
    let root: [String: Any]
    let rootVariable: String

    init(text: String, locals: [String: Any], root: [String: Any], rootVariable: String) {
        characters = Array(text)
        self.locals = locals
        self.root = root
        self.rootVariable = rootVariable
    }

    /// A comma-separated list: one value, or an array of them.
    mutating func list() -> Any? {
        let values = items()
        return values.count == 1 ? values[0] : (values.isEmpty ? nil : values)
    }

    /// The comma-separated values at the top level.
    mutating func items() -> [Any] {
        var values: [Any] = []
        while true {
            skipSpaces()
            guard index < characters.count else { break }
            if let value = value() { values.append(value) }
            skipSpaces()
            guard index < characters.count, characters[index] == "," else { break }
            index += 1
        }
        return values
    }

    mutating func value() -> Any? {
        var result = single()
        skipSpaces()
        while index < characters.count, characters[index] == "+" {
            index += 1
            let next = single()
            if let left = result as? String, let right = next as? String { result = left + right } else { result = nil }
            skipSpaces()
        }
        return result
    }

    private mutating func single() -> Any? {
        skipSpaces()
        guard index < characters.count else { return nil }
        let character = characters[index]
        switch character {
        case "'": return singleQuoted()
        case "\"": return doubleQuoted()
        case "[":
            index += 1
            var values: [Any] = []
            while true {
                skipSpaces()
                if index >= characters.count { return values }
                if characters[index] == "]" {
                    index += 1
                    return values
                }
                if let value = value() { values.append(value) }
                skipSpaces()
                if index < characters.count, characters[index] == "," {
                    index += 1
                } else if index < characters.count, characters[index] != "]" {
                    index += 1
                }
            }
        case "{": return hash()
        case "%": return percentArray()
        case ":":
            index += 1
            if index < characters.count, characters[index] == "'" || characters[index] == "\"" { return single() }
            return identifier()
        default:
            if character.isNumber || character == "-" {
                let start = index
                index += 1
                while index < characters.count, characters[index].isNumber || characters[index] == "." { index += 1 }
                return String(characters[start..<index])
            }
            guard character.isLetter || character == "_" else {
                index += 1
                return nil
            }
            return reference()
        }
    }

    private mutating func singleQuoted() -> String {
        index += 1
        var text = ""
        while index < characters.count, characters[index] != "'" {
            if characters[index] == "\\", index + 1 < characters.count, ["'", "\\"].contains(characters[index + 1]) { index += 1 }
            text.append(characters[index])
            index += 1
        }
        index += 1
        return text
    }

    private mutating func doubleQuoted() -> String? {
        index += 1
        var text = ""
        var known = true
        while index < characters.count, characters[index] != "\"" {
            if characters[index] == "\\", index + 1 < characters.count {
                index += 1
                text.append(characters[index])
                index += 1
                continue
            }
            if characters[index] == "#", index + 1 < characters.count, characters[index + 1] == "{" {
                index += 2
                let start = index
                var depth = 1
                while index < characters.count, depth > 0 {
                    if characters[index] == "{" { depth += 1 }
                    if characters[index] == "}" { depth -= 1 }
                    index += 1
                }
                var inner = ValueParser(
                    text: String(characters[start..<max(start, index - 1)]), locals: locals, root: root, rootVariable: rootVariable)
                if let value = inner.value() { text += "\(value)" } else { known = false }
                continue
            }
            text.append(characters[index])
            index += 1
        }
        index += 1
        return known ? text : nil
    }

    private mutating func hash() -> [String: Any] {
        index += 1
        var result: [String: Any] = [:]
        while true {
            skipSpaces()
            guard index < characters.count else { return result }
            if characters[index] == "}" {
                index += 1
                return result
            }
            // The key: `:git =>`, `'git' =>`, `git:`.
            var key: String?
            if characters[index] == ":" || characters[index] == "'" || characters[index] == "\"" {
                key = single() as? String
                skipSpaces()
                if index + 1 < characters.count, characters[index] == "=", characters[index + 1] == ">" { index += 2 }
            } else {
                let start = index
                while index < characters.count, characters[index].isLetter || characters[index].isNumber || characters[index] == "_" {
                    index += 1
                }
                key = String(characters[start..<index])
                if index < characters.count, characters[index] == ":" { index += 1 }
                skipSpaces()
                if index + 1 < characters.count, characters[index] == "=", characters[index + 1] == ">" { index += 2 }
            }
            let value = value()
            if let key, let value { result[key] = value }
            skipSpaces()
            if index < characters.count, characters[index] == "," {
                index += 1
            } else if index < characters.count, characters[index] != "}" {
                index += 1
            }
        }
    }

    private mutating func percentArray() -> [String]? {
        guard index + 2 < characters.count, ["w", "W", "i", "I"].contains(characters[index + 1]) else {
            index += 1
            return nil
        }
        let open = characters[index + 2]
        let close: Character = ["[": "]", "(": ")", "{": "}", "<": ">"][open] ?? open
        index += 3
        let start = index
        while index < characters.count, characters[index] != close { index += 1 }
        let words = String(characters[start..<min(index, characters.count)]).split(whereSeparator: { $0.isWhitespace }).map(String.init)
        index += 1
        return words
    }

    private mutating func identifier() -> String {
        let start = index
        while index < characters.count, characters[index].isLetter || characters[index].isNumber || characters[index] == "_" { index += 1 }
        return String(characters[start..<index])
    }

    /// `s.version`, `s.version.to_s`, `s.name`, a local variable, `true`, `false`; else unknown.
    private mutating func reference() -> Any? {
        var parts = [identifier()]
        while index + 1 < characters.count, characters[index] == "." || characters[index] == ":" {
            if characters[index] == ":" {
                guard characters[index + 1] == ":" else { break }
                index += 2
            } else {
                index += 1
            }
            parts.append(identifier())
            // A call's arguments: not evaluated.
            if index < characters.count, characters[index] == "(" {
                var depth = 0
                repeat {
                    if characters[index] == "(" { depth += 1 }
                    if characters[index] == ")" { depth -= 1 }
                    index += 1
                } while index < characters.count && depth > 0
                return nil
            }
        }
        // Conversions that leave the value as it is.
        while let last = parts.last, parts.count > 1, ["to_s", "freeze", "strip", "to_str"].contains(last) { parts.removeLast() }
        switch parts.count {
        case 1:
            if parts[0] == "true" { return true }
            if parts[0] == "false" { return false }
            return locals[parts[0]]
        case 2 where parts[0] == rootVariable:
            return root[parts[1]]
        default:
            return nil
        }
    }

    private mutating func skipSpaces() {
        while index < characters.count, characters[index].isWhitespace { index += 1 }
    }
}
