import Foundation

/// Build settings as Xcode layers them: each level (Xcode's defaults, the project's base
/// configuration file, the project's settings, the target's file, the target's settings)
/// over the one below, `$(inherited)` standing for the value below; then every `$(NAME)`
/// in the values expanded (a name no level sets is empty, as in Xcode).
package struct BuildSettingsLayers: Sendable, Equatable {
    /// The merged values, not yet expanded.
    package private(set) var values: [String: String]

    /// The lowest level: Xcode's defaults for the target.
    package init(defaults: [String: String]) {
        values = defaults
    }

    /// Applies one assignment over what is there.
    package mutating func assign(_ name: String, _ value: String) {
        let below = values[name] ?? ""
        var merged = value
        for form in ["$(inherited)", "${inherited}", "$(\(name))", "${\(name)}"] {
            merged = merged.replacingOccurrences(of: form, with: below)
        }
        values[name] = merged.trimmingCharacters(in: .whitespaces)
    }

    /// Applies a level: assignments in order.
    package mutating func apply(_ assignments: [(name: String, value: String)]) {
        for (name, value) in assignments { assign(name, value) }
    }

    /// A `buildSettings` dictionary of the project file: lists are joined with spaces, and
    /// settings with a condition (`NAME[sdk=…]`) are for other platforms and are skipped.
    package static func assignments(from settings: [String: PlistValue]) -> [(name: String, value: String)] {
        settings.keys.sorted().compactMap { name in
            guard !name.contains("[") else { return nil }
            switch settings[name] {
            case .string(let value)?: return (name, value)
            case .array(let items)?: return (name, items.compactMap(\.string).map(quotedIfNeeded).joined(separator: " "))
            default: return nil
            }
        }
    }

    private static func quotedIfNeeded(_ item: String) -> String {
        item.contains(" ") && !item.hasPrefix("\"") ? "\"\(item)\"" : item
    }

    /// Every value with its `$(NAME)`, `${NAME}` and `$(NAME:modifier)` expanded, recursively
    /// (to a depth of 16, which only a cycle reaches); unknown names are empty.
    package var expanded: [String: String] {
        var result: [String: String] = [:]
        for (name, value) in values { result[name] = expand(value, depth: 0) }
        return result
    }

    /// `text` with the settings' `$(NAME)` expanded (unknown names empty).
    package func expanding(_ text: String) -> String { expand(text, depth: 0) }

    private func expand(_ text: String, depth: Int) -> String {
        guard text.contains("$"), depth < 16 else { return text }
        var result = ""
        var rest = Substring(text)
        while let dollar = rest.firstIndex(of: "$") {
            result += rest[..<dollar]
            let open = rest.index(after: dollar)
            guard open < rest.endIndex, rest[open] == "(" || rest[open] == "{",
                let end = rest[open...].firstIndex(of: rest[open] == "(" ? ")" : "}")
            else {
                result.append("$")
                rest = rest[open...]
                continue
            }
            let parts = rest[rest.index(after: open)..<end].split(separator: ":", maxSplits: 1).map(String.init)
            let value = expand(values[parts.first ?? ""] ?? "", depth: depth + 1)
            result += parts.count == 2 ? XcodeSettings.apply(parts[1], to: value) ?? value : value
            rest = rest[rest.index(after: end)...]
        }
        return result + rest
    }

    /// A setting that is a list of words (`SWIFT_ACTIVE_COMPILATION_CONDITIONS`,
    /// `OTHER_SWIFT_FLAGS`), split as a shell would at spaces, quotes kept together.
    package static func words(_ value: String?) -> [String] {
        guard let value else { return [] }
        var words: [String] = []
        var current = ""
        var quote: Character?
        for character in value {
            if let open = quote {
                if character == open { quote = nil } else { current.append(character) }
            } else if character == "\"" || character == "'" {
                quote = character
            } else if character == " " || character == "\t" {
                if !current.isEmpty { words.append(current) }
                current = ""
            } else {
                current.append(character)
            }
        }
        if !current.isEmpty { words.append(current) }
        return words
    }
}
