/// What Linux has no Objective-C runtime for, taken out of a copy of an extension's source
/// so that it builds here: `@objc`, `@objc(Name)`, `@objcMembers`, `@IBAction`,
/// `@IBOutlet`, `@IBInspectable`, `@IBDesignable`, `@IBSegueAction` and the `dynamic`
/// modifier are blanked out (same length: every line and column stays where it was, so
/// compiler messages point into the user's file), and `#selector(name)` becomes
/// `Selector("name")`. None of them changes what an extension does without the runtime.
/// Strings and comments are left alone; the user's files on disk are never touched.
package enum ObjCAttributes {
    /// Why, for the build warning.
    static let reason = "Linux has no Objective-C runtime"

    private static let attributes = [
        "@objcMembers", "@objc", "@IBAction", "@IBOutlet", "@IBInspectable", "@IBDesignable",
        "@IBSegueAction",
    ]
    private static let declarationWords: Set<String> = [
        "var", "func", "let", "subscript", "init", "final", "override",
        "public", "private", "fileprivate", "internal", "open", "static",
        "class", "weak", "lazy", "unowned", "@objc", "@NSManaged",
    ]

    /// The source without what needs the Objective-C runtime, and where each change was.
    package static func neutralize(_ source: String) -> (text: String, changes: [SourceRewrite]) {
        let characters = Array(source)
        var output: [Character] = []
        output.reserveCapacity(characters.count)
        var changes: [SourceRewrite] = []
        var line = 1
        var index = 0

        func starts(with word: String, at position: Int) -> Bool {
            let word = Array(word)
            guard position + word.count <= characters.count else { return false }
            return Array(characters[position..<position + word.count]) == word
        }
        func isIdentifier(_ character: Character) -> Bool { character.isLetter || character.isNumber || character == "_" }
        func identifierEnds(at position: Int) -> Bool { position >= characters.count || !isIdentifier(characters[position]) }
        /// The index after the `)` matching the `(` at `open`, on the same line; nil if none.
        func closingParenthesis(from open: Int) -> Int? {
            var depth = 0
            var position = open
            while position < characters.count, characters[position] != "\n" {
                if characters[position] == "(" { depth += 1 }
                if characters[position] == ")" {
                    depth -= 1
                    if depth == 0 { return position + 1 }
                }
                position += 1
            }
            return nil
        }
        func blank(_ end: Int, replacement: String = "") {
            let removed = String(characters[index..<end])
            changes.append(SourceRewrite(line: line, removed: removed, replacement: replacement, reason: Self.reason))
            if replacement.isEmpty {
                output.append(contentsOf: repeatElement(" ", count: end - index))
            } else {
                output.append(contentsOf: replacement)
            }
            index = end
        }
        let code = SwiftCodeMask.of(characters)

        while index < characters.count {
            let character = characters[index]
            if character == "\n" { line += 1 }
            // Comments and string literals stay as they are.
            if character == "\n" || !code[index] {
                output.append(character)
                index += 1
                continue
            }
            // #selector(name) -> Selector("name")
            if starts(with: "#selector", at: index), identifierEnds(at: index + 9) {
                var open = index + 9
                while open < characters.count, characters[open] == " " { open += 1 }
                if open < characters.count, characters[open] == "(", let end = closingParenthesis(from: open) {
                    let inner = String(characters[(open + 1)..<(end - 1)]).trimmingWhitespace
                    blank(end, replacement: "Selector(\"\(inner.replacingAll("\"", with: "\\\""))\")")
                    continue
                }
            }
            // Attributes.
            if character == "@",
                let attribute = attributes.first(where: { starts(with: $0, at: index) && identifierEnds(at: index + $0.count) })
            {
                var end = index + attribute.count
                if attribute == "@objc", end < characters.count, characters[end] == "(", let close = closingParenthesis(from: end) {
                    end = close
                }
                blank(end)
                continue
            }
            // The `dynamic` declaration modifier (not an identifier named dynamic).
            if character == "d", starts(with: "dynamic", at: index), identifierEnds(at: index + 7),
                index == 0 || !isIdentifier(characters[index - 1]) && characters[index - 1] != ".",
                let next = nextWord(in: characters, after: index + 7), declarationWords.contains(next)
            {
                blank(index + 7)
                continue
            }
            output.append(character)
            index += 1
        }
        return (String(output), changes)
    }

    /// The next word (or `@attribute`) after `position` on the same line.
    private static func nextWord(in characters: [Character], after position: Int) -> String? {
        var start = position
        while start < characters.count, characters[start] == " " || characters[start] == "\t" { start += 1 }
        var end = start
        if end < characters.count, characters[end] == "@" { end += 1 }
        while end < characters.count, characters[end].isLetter || characters[end].isNumber || characters[end] == "_" { end += 1 }
        return end > start ? String(characters[start..<end]) : nil
    }
}

extension String {
    fileprivate var trimmingWhitespace: String {
        String(drop { $0.isWhitespace }.reversed().drop { $0.isWhitespace }.reversed())
    }

    fileprivate func replacingAll(_ target: Character, with replacement: String) -> String {
        reduce(into: "") { result, character in
            if character == target { result += replacement } else { result.append(character) }
        }
    }
}
