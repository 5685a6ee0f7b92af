/// `@NSManaged` properties of an extension's `NSManagedObject` subclasses (Xcode's
/// "Manual/None" and "Category/Extension" codegen), in nsesim's build copy. On iOS the
/// Objective-C runtime makes their accessors; Linux has none, so the copy blanks the attribute
/// out (same length) and gives the property, on the same line, accessors over the object's
/// values (`_nsesimManagedValue(forKey:)`, CoreData's): lines and columns stay the user's.
/// `@NSManaged` relationship functions (`addToMessages(_:)`) get a body that calls CoreData's
/// `_nsesimRelationshipAccessor`.
package enum ManagedPropertyRewrite {
    /// Why, for the build warning.
    static let reason = "Linux has no Objective-C runtime to make @NSManaged accessors"

    /// The source with accessors for each `@NSManaged` property, and where each change was.
    package static func rewrite(_ source: String) -> (text: String, changes: [SourceRewrite]) {
        let characters = Array(source)
        let code = SwiftCodeMask.of(characters)
        let attribute = Array("@NSManaged")
        var output: [Character] = []
        output.reserveCapacity(characters.count + 256)
        var changes: [SourceRewrite] = []
        var line = 1
        var index = 0
        var pending: String?  // text to insert at the end of this line's code
        var insertAt: Int?

        func flushLine(upTo end: Int) {
            // Called at a newline (or the end): puts the accessors after the declaration's last code character.
            if let text = pending, let position = insertAt {
                let head = output.count - (end - position)
                output.insert(contentsOf: text, at: head)
            }
            pending = nil
            insertAt = nil
        }

        while index < characters.count {
            let character = characters[index]
            if character == "\n" {
                flushLine(upTo: index)
                output.append(character)
                line += 1
                index += 1
                continue
            }
            if code[index], character == "@", index + attribute.count <= characters.count,
                Array(characters[index..<index + attribute.count]) == attribute,
                index + attribute.count == characters.count
                    || !(characters[index + attribute.count].isLetter || characters[index + attribute.count].isNumber)
            {
                // The rest of the line's code: `public var name: String?` or `public func addToX(_ value: X)`.
                var end = index + attribute.count
                while end < characters.count, characters[end] != "\n" { end += 1 }
                var last = end - 1
                while last > index, !code[last] || characters[last].isWhitespace { last -= 1 }
                let declaration = String(characters[(index + attribute.count)...last])
                let words = declaration.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "(" || $0 == ":" }).map(String.init)
                if let at = words.firstIndex(of: "var"), at + 1 < words.count, declaration.contains(":"), !declaration.contains("{") {
                    let name = String(words[at + 1].prefix { $0.isLetter || $0.isNumber || $0 == "_" })
                    pending =
                        " { get { _nsesimManagedValue(forKey: \"\(name)\") } set { _nsesimSetManagedValue(newValue, forKey: \"\(name)\") } }"
                    insertAt = last + 1
                    changes.append(
                        SourceRewrite(
                            line: line, removed: "@NSManaged var \(name)",
                            replacement: "a property over the object's values", reason: reason))
                } else if words.contains("func"), declaration.hasSuffix(")") {
                    // `addToMessages(_ value: Message)`: the to-many accessor, over the relationship.
                    let name = words.drop { $0 != "func" }.dropFirst().first ?? "func"
                    let parameters = declaration.drop { $0 != "(" }.dropFirst().dropLast()
                    let argument = parameters.split(separator: ":").first?.split(separator: " ").last.map(String.init)
                    pending = argument.map { " { _nsesimRelationshipAccessor(\"\(name)\", \($0)) }" } ?? " {}"
                    insertAt = last + 1
                    changes.append(
                        SourceRewrite(
                            line: line, removed: "@NSManaged func \(name)",
                            replacement: "a function over the relationship", reason: reason))
                } else {
                    index += 1
                    output.append(character)
                    continue
                }
                output.append(contentsOf: repeatElement(" ", count: attribute.count))
                index += attribute.count
                continue
            }
            output.append(character)
            index += 1
        }
        flushLine(upTo: characters.count)
        return (String(output), changes)
    }
}
