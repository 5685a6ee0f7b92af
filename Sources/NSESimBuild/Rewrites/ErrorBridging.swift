/// Error casts as iOS does them, in nsesim's build copy of a source. On iOS every Swift
/// error bridges to `NSError`, so `catch let error as NSError` catches everything and
/// `error as? NSError` always succeeds; on Linux those casts fail for Swift errors (only
/// the unconditional `error as NSError` bridges). The copy says what iOS means:
///
/// - `catch let NAME as NSError {` becomes `catch let __nsesimCaught { let NAME = __nsesimCaught as NSError;`
/// - `catch let NAME as URLError {` (CocoaError, UNError) becomes a catch of every error
///   that bridges to that type (an NSError of its domain too), as on iOS
/// - `EXPRESSION as? NSError` (URLError, CocoaError, UNError) becomes `EXPRESSION ~~? NSError.self`, `as! NSError` becomes
///   `~~! NSError.self`, `is NSError` becomes `~~& NSError.self`: operators of
///   UserNotifications with the casting operators' precedence, which bridge any error
///   (and give what `as?`/`is` give for anything else).
///
/// Lines stay where they were (replacements stay on their line); strings and comments are
/// left alone.
package enum ErrorBridging {
    /// Why, for the build warning.
    static let reason = "Linux does not bridge Swift errors to NSError in casts"

    private static let operators = [("as?", "~~?"), ("as!", "~~!"), ("is", "~~&")]
    /// The error types whose casts bridge on iOS: NSError from any error, and the typed
    /// errors from an NSError of their domain.
    private static let bridgedTypes: Set<String> = ["NSError", "URLError", "CocoaError", "UNError"]

    /// The source with iOS's error casts, and where each change was.
    package static func rewrite(_ source: String) -> (text: String, changes: [SourceRewrite]) {
        let characters = Array(source)
        let code = SwiftCodeMask.of(characters)
        var output: [Character] = []
        output.reserveCapacity(characters.count)
        var changes: [SourceRewrite] = []
        var line = 1
        var index = 0

        func isIdentifier(_ character: Character) -> Bool { character.isLetter || character.isNumber || character == "_" }
        func word(at position: Int) -> (text: String, end: Int)? {
            guard position < characters.count, code[position], isIdentifier(characters[position]) else { return nil }
            var end = position
            while end < characters.count, isIdentifier(characters[end]) { end += 1 }
            // `as?` and `as!` are one token.
            if end < characters.count, characters[end] == "?" || characters[end] == "!" { end += 1 }
            return (String(characters[position..<end]), end)
        }
        func skipSpaces(_ position: Int) -> Int {
            var position = position
            while position < characters.count, characters[position] == " " || characters[position] == "\t" { position += 1 }
            return position
        }
        func startsWord(_ position: Int) -> Bool { position == 0 || !isIdentifier(characters[position - 1]) }

        while index < characters.count {
            let character = characters[index]
            if character == "\n" { line += 1 }
            guard code[index], character != "\n", startsWord(index), let first = word(at: index) else {
                output.append(character)
                index += 1
                continue
            }
            // catch let NAME as NSError {
            if first.text == "catch" {
                var position = skipSpaces(first.end)
                if let binding = word(at: position), binding.text == "let" || binding.text == "var" {
                    position = skipSpaces(binding.end)
                    if let name = word(at: position), !name.text.contains("?"), !name.text.contains("!") {
                        position = skipSpaces(name.end)
                        if let cast = word(at: position), cast.text == "as" {
                            position = skipSpaces(cast.end)
                            if let type = word(at: position), bridgedTypes.contains(type.text) {
                                let brace = skipSpaces(type.end)
                                if brace < characters.count, characters[brace] == "{" {
                                    let removed = String(characters[index...brace])
                                    let replacement =
                                        type.text == "NSError"
                                        ? "catch let __nsesimCaught { let \(name.text) = __nsesimCaught as NSError;"
                                        : "catch let __nsesimCaught where (__nsesimCaught ~~? \(type.text).self) != nil { "
                                            + "let \(name.text) = (__nsesimCaught ~~? \(type.text).self)!;"
                                    changes.append(SourceRewrite(line: line, removed: removed, replacement: replacement, reason: reason))
                                    output.append(contentsOf: replacement)
                                    index = brace + 1
                                    continue
                                }
                            }
                        }
                    }
                }
            }
            // EXPRESSION as? NSError, as! NSError, is NSError
            if let (_, symbol) = operators.first(where: { $0.0 == first.text }) {
                let position = skipSpaces(first.end)
                if let type = word(at: position), bridgedTypes.contains(type.text), position > first.end,
                    type.end >= characters.count || !isIdentifier(characters[type.end]) && characters[type.end] != "."
                {
                    let removed = String(characters[index..<type.end])
                    let replacement = "\(symbol) \(type.text).self"
                    changes.append(SourceRewrite(line: line, removed: removed, replacement: replacement, reason: reason))
                    output.append(contentsOf: replacement)
                    index = type.end
                    continue
                }
            }
            output.append(contentsOf: characters[index..<first.end])
            index = first.end
        }
        return (String(output), changes)
    }
}
