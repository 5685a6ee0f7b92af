/// What Linux has no Objective-C runtime for, taken out of a copy of an extension's source
/// so that it builds here: `@objc`, `@objc(Name)`, `@objcMembers`, `@IBAction`,
/// `@IBOutlet`, `@IBInspectable`, `@IBDesignable`, `@IBSegueAction` and the `dynamic`
/// modifier are blanked out (same length: every line and column stays where it was, so
/// compiler messages point into the user's file), and `#selector(name)` becomes
/// `Selector("name")`. None of them changes what an extension does without the runtime.
/// Strings and comments are left alone; the user's files on disk are never touched.
package enum ObjCAttributes {
    /// One place that was changed.
    package struct Change: Sendable, Equatable, CustomStringConvertible {
        /// The line, from 1.
        package let line: Int
        /// What was there: `@objc`, `@objc(NotificationService)`, `#selector(handle)`, `dynamic`.
        package let removed: String
        /// What it became; empty when it was blanked out.
        package let replacement: String

        package var description: String {
            replacement.isEmpty ? "\(removed) removed" : "\(removed) replaced by \(replacement)"
        }
    }

    private static let attributes = ["@objcMembers", "@objc", "@IBAction", "@IBOutlet", "@IBInspectable", "@IBDesignable",
                                     "@IBSegueAction"]
    private static let declarationWords: Set<String> = ["var", "func", "let", "subscript", "init", "final", "override",
                                                        "public", "private", "fileprivate", "internal", "open", "static",
                                                        "class", "weak", "lazy", "unowned", "@objc", "@NSManaged"]

    /// The source without what needs the Objective-C runtime, and where each change was.
    package static func neutralize(_ source: String) -> (text: String, changes: [Change]) {
        let characters = Array(source)
        var output: [Character] = []
        output.reserveCapacity(characters.count)
        var changes: [Change] = []
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
            changes.append(Change(line: line, removed: removed, replacement: replacement))
            if replacement.isEmpty {
                output.append(contentsOf: repeatElement(" ", count: end - index))
            } else {
                output.append(contentsOf: replacement)
            }
            index = end
        }
        /// Copies a string literal or comment starting at `index` as it is.
        func copyThrough(_ end: Int) {
            for character in characters[index..<min(end, characters.count)] {
                if character == "\n" { line += 1 }
                output.append(character)
            }
            index = min(end, characters.count)
        }

        while index < characters.count {
            let character = characters[index]
            if character == "\n" {
                line += 1
                output.append(character)
                index += 1
                continue
            }
            // Comments.
            if starts(with: "//", at: index) {
                var end = index
                while end < characters.count, characters[end] != "\n" { end += 1 }
                copyThrough(end)
                continue
            }
            if starts(with: "/*", at: index) {
                var depth = 0
                var end = index
                while end < characters.count {
                    if starts(with: "/*", at: end) { depth += 1; end += 2; continue }
                    if starts(with: "*/", at: end) { depth -= 1; end += 2; if depth == 0 { break }; continue }
                    end += 1
                }
                copyThrough(end)
                continue
            }
            // String literals: raw (#"..."#), multi-line ("""...""") and plain ("...").
            if character == "#" || character == "\"" {
                var hashes = 0
                while index + hashes < characters.count, characters[index + hashes] == "#" { hashes += 1 }
                let quote = index + hashes
                if quote < characters.count, characters[quote] == "\"" {
                    let multiline = starts(with: "\"\"\"", at: quote)
                    let delimiter = Array(multiline ? "\"\"\"" : "\"") + Array(repeating: Character("#"), count: hashes)
                    var end = quote + (multiline ? 3 : 1)
                    while end < characters.count {
                        if hashes == 0, characters[end] == "\\" { end += 2; continue }
                        if !multiline, characters[end] == "\n" { break }
                        if end + delimiter.count <= characters.count, Array(characters[end..<end + delimiter.count]) == delimiter {
                            end += delimiter.count
                            break
                        }
                        end += 1
                    }
                    copyThrough(end)
                    continue
                }
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
            if character == "@", let attribute = attributes.first(where: { starts(with: $0, at: index) && identifierEnds(at: index + $0.count) }) {
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
               let next = nextWord(in: characters, after: index + 7), declarationWords.contains(next) {
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

private extension String {
    var trimmingWhitespace: String {
        String(drop { $0.isWhitespace }.reversed().drop { $0.isWhitespace }.reversed())
    }

    func replacingAll(_ target: Character, with replacement: String) -> String {
        reduce(into: "") { result, character in
            if character == target { result += replacement } else { result.append(character) }
        }
    }
}
