import Foundation

/// Key-value coding writes for an extension's own classes, in nsesim's build copy. iOS's
/// `setValue(_:forKey:)` sets a stored property found by the Objective-C runtime; Linux has
/// none, so for each top-level class with stored `var` properties of a written type, the copy
/// gets (appended at its end, so no line moves) an extension that sets them by name, which
/// UserNotifications' `NSObject.setValue(_:forKey:)` calls.
package enum KeyValueCodingSupport {
    /// Why, for the build warning.
    static let reason = "Linux has no key-value coding for your classes"

    /// A class and its settable stored properties: name and written type.
    struct ClassProperties: Equatable {
        let name: String
        let line: Int
        var properties: [(name: String, type: String)]
        /// Whether the class is one of UIKit's views or controllers (main-actor isolated, as on
        /// iOS): its setter conformance is `@preconcurrency`, the storyboard setting outlets on
        /// the main thread.
        var isUIKit = false

        static func == (lhs: Self, rhs: Self) -> Bool {
            lhs.name == rhs.name && lhs.line == rhs.line && lhs.properties.map(\.name) == rhs.properties.map(\.name)
                && lhs.properties.map(\.type) == rhs.properties.map(\.type)
        }
    }

    /// The source with the setters appended, and one change per class given them. Only files
    /// that call `setValue(` or `setValuesForKeys(` anywhere in the extension need them; the
    /// caller decides.
    package static func rewrite(_ source: String) -> (text: String, changes: [SourceRewrite]) {
        let classes = settableClasses(in: source)
        guard !classes.isEmpty else { return (source, []) }
        var text = source
        if !text.hasSuffix("\n") { text += "\n" }
        var changes: [SourceRewrite] = []
        // The setter protocol is UserNotifications'; an import may stand anywhere at file scope.
        text += "import UserNotifications\n"
        for item in classes {
            text +=
                "extension \(item.name): \(item.isUIKit ? "@preconcurrency " : "")_NSESimKeyValueSettable { "
                + "func _nsesimSetValue(_ value: Any?, forKey key: String) -> Bool { switch key { "
            for property in item.properties {
                let optional = property.type.hasSuffix("?") || property.type.hasSuffix("!")
                let wrapped = optional ? String(property.type.dropLast()) : property.type
                if optional {
                    text +=
                        "case \"\(property.name)\": if value == nil || value is NSNull { self.\(property.name) = nil; return true }; "
                        + "guard let v = value as? \(wrapped) else { return false }; self.\(property.name) = v; return true; "
                } else {
                    text +=
                        "case \"\(property.name)\": guard let v = value as? \(wrapped) else { return false }; "
                        + "self.\(property.name) = v; return true; "
                }
            }
            text += "default: return false } } }\n"
            changes.append(
                SourceRewrite(
                    line: item.line, removed: "class \(item.name)",
                    replacement: "class \(item.name) with setValue(_:forKey:) for \(item.properties.map(\.name).joined(separator: ", "))",
                    reason: reason))
        }
        return (text, changes)
    }

    /// Top-level classes (not nested) with `var NAME: TYPE` stored properties.
    static func settableClasses(in source: String) -> [ClassProperties] {
        let characters = Array(source)
        let code = SwiftCodeMask.of(characters)
        var classes: [ClassProperties] = []
        var depth = 0
        var current: ClassProperties?
        var classDepth = -1
        var lineStart = 0
        var depthAtLineStart = 0
        var line = 1
        var index = 0
        while index <= characters.count {
            if index == characters.count || characters[index] == "\n" {
                // A whole line: read it for a class header or a property at the class's top level.
                let text = String(
                    characters[lineStart..<index].enumerated().map { offset, character in
                        code[lineStart + offset] ? character : " "
                    })
                let words = text.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
                if current == nil, depthAtLineStart == 0, let at = words.firstIndex(of: "class"), at + 1 < words.count,
                    words[..<at].allSatisfy({
                        ["final", "open", "public", "internal", "private", "fileprivate", "@objcMembers"].contains($0) || $0.hasPrefix("@")
                    }),
                    text.contains("{")
                {
                    let name = String(words[at + 1].prefix { $0.isLetter || $0.isNumber || $0 == "_" })
                    // A managed object's keys are CoreData's (NSManagedObject is already settable).
                    if !name.isEmpty, words[at + 1] != "func", words[at + 1] != "var", !text.contains("NSManagedObject") {
                        current = ClassProperties(name: name, line: line, properties: [])
                        let inherited = text.split(separator: "{")[0].split(separator: ":").dropFirst().joined(separator: ":")
                            .split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
                        current?.isUIKit = inherited.contains {
                            $0.hasPrefix("UI") || $0.hasSuffix("ViewController") || $0.hasSuffix("View") || $0.hasSuffix("Cell")
                        }
                        classDepth = 1
                    }
                } else if var item = current, depthAtLineStart == classDepth, let at = words.firstIndex(of: "var"),
                    words[..<at].allSatisfy({
                        [
                            "private", "fileprivate", "internal", "public", "open", "@objc", "dynamic",
                            "weak", "final", "@Published",
                        ].contains($0) || $0.hasPrefix("@")
                    }),
                    !words[..<at].contains("static"), !words[..<at].contains("class"), !words[..<at].contains("lazy"),
                    let colon = text.range(of: ":")
                {
                    let name = String(text[text.range(of: "var")!.upperBound..<colon.lowerBound]).trimmed()
                    var type = String(text[colon.upperBound...])
                    if let cut = type.firstIndex(where: { $0 == "=" || $0 == "{" || $0 == "/" }) {
                        // A computed property (`{` right after the type) has no storage to set.
                        if type[cut] == "{" { type = "" } else { type = String(type[..<cut]) }
                    }
                    type = type.trimmed()
                    if !name.isEmpty, name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }), !type.isEmpty, !type.contains("->") {
                        item.properties.append((name, type))
                        current = item
                    }
                }
                if index == characters.count { break }
                line += 1
                lineStart = index + 1
                depthAtLineStart = depth
            } else if code[index] {
                if characters[index] == "{" { depth += 1 }
                if characters[index] == "}" {
                    depth -= 1
                    if let item = current, depth < classDepth {
                        if !item.properties.isEmpty { classes.append(item) }
                        current = nil
                        classDepth = -1
                    }
                }
            }
            index += 1
        }
        return classes
    }
}

extension String {
    fileprivate func trimmed() -> String {
        String(drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
    }
}
