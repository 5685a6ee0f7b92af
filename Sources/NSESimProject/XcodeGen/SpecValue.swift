import Foundation

/// A YAML value (an XcodeGen spec's, a Podfile.lock's) as `YAMLParser` reads it, mappings in the file's order, each with
/// the line it starts on (for messages).
package struct SpecValue: Sendable {
    /// What the value is.
    package enum Kind: Sendable {
        case string(String)
        case bool(Bool)
        case number(String)
        case null
        case sequence([SpecValue])
        case mapping([(key: String, value: SpecValue)])
    }

    package let kind: Kind
    /// The line it starts on (1-based).
    package let line: Int

    package init(_ kind: Kind, line: Int) {
        self.kind = kind
        self.line = line
    }

    /// A scalar as text (a bool as Xcode's YES / NO); nil for a list or mapping.
    package var text: String? {
        switch kind {
        case .string(let text), .number(let text): text
        case .bool(let bool): bool ? "YES" : "NO"
        case .null: ""
        default: nil
        }
    }

    /// The entries of a mapping; nil for anything else.
    package var mapping: [(key: String, value: SpecValue)]? {
        if case .mapping(let entries) = kind { entries } else { nil }
    }

    /// The items of a sequence; nil for anything else.
    package var sequence: [SpecValue]? {
        if case .sequence(let items) = kind { items } else { nil }
    }

    /// The value at `key` of a mapping.
    package subscript(key: String) -> SpecValue? {
        mapping?.last { $0.key == key }?.value
    }

    /// A scalar's bool: `true`, `YES`.
    package var bool: Bool? {
        switch kind {
        case .bool(let bool): bool
        case .string(let text):
            ["yes", "true"].contains(text.lowercased()) ? true : ["no", "false"].contains(text.lowercased()) ? false : nil
        default: nil
        }
    }

    /// As Foundation's property list value (Info.plist and entitlements properties).
    package var plistValue: Any {
        switch kind {
        case .string(let text): text
        case .bool(let bool): bool
        case .number(let text): Int(text).map { $0 as Any } ?? Double(text).map { $0 as Any } ?? text
        case .null: ""
        case .sequence(let items): items.map(\.plistValue)
        case .mapping(let entries): Dictionary(entries.map { ($0.key, $0.value.plistValue) }, uniquingKeysWith: { _, last in last })
        }
    }

    /// `self` with `text` replaced by `replacement` in every string (keys included).
    package func replacing(_ text: String, with replacement: String) -> SpecValue {
        switch kind {
        case .string(let value): SpecValue(.string(value.replacingOccurrences(of: text, with: replacement)), line: line)
        case .sequence(let items): SpecValue(.sequence(items.map { $0.replacing(text, with: replacement) }), line: line)
        case .mapping(let entries):
            SpecValue(
                .mapping(
                    entries.map { ($0.key.replacingOccurrences(of: text, with: replacement), $0.value.replacing(text, with: replacement)) }),
                line: line)
        default: self
        }
    }

    /// `self` with `other` merged over it, as XcodeGen merges an included spec with the one
    /// including it: mappings key by key, sequences appended, anything else replaced.
    package func merged(with other: SpecValue) -> SpecValue {
        switch (kind, other.kind) {
        case (.mapping(var entries), .mapping(let others)):
            for (key, value) in others {
                if key.hasSuffix(":REPLACE") {
                    let plain = String(key.dropLast(":REPLACE".count))
                    entries.removeAll { $0.key == plain }
                    entries.append((plain, value))
                } else if let index = entries.firstIndex(where: { $0.key == key }) {
                    entries[index].value = entries[index].value.merged(with: value)
                } else {
                    entries.append((key, value))
                }
            }
            return SpecValue(.mapping(entries), line: line)
        case (.sequence(let items), .sequence(let others)):
            return SpecValue(.sequence(items + others), line: line)
        default:
            return other
        }
    }
}
