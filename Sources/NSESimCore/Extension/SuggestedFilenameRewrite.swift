/// `URLResponse.suggestedFilename` as iOS gives it, in nsesim's build copy of a source.
/// Linux's Foundation says "Unknown" for every HTTP response without a Content-Disposition
/// header, where iOS falls back to the URL's last path component (with the MIME type's
/// extension), so code that names a downloaded file with it (Iterable's extension helper
/// does) makes an attachment iOS would accept and Linux would refuse. A member of the same
/// name cannot replace Foundation's (a file importing both modules finds it ambiguous), so
/// `.suggestedFilename` becomes `._nsesimSuggestedFilename`, NSESimDownloads' property with
/// iOS's rule, which the build imports into every file that uses networking
/// (`LinuxFoundationModules`). Sources that declare a `suggestedFilename` of their own are
/// left alone.
enum SuggestedFilenameRewrite {
    static let name = "suggestedFilename"
    static let replacement = "_nsesimSuggestedFilename"
    /// Why, for the build warning.
    static let reason = "Linux's Foundation says \"Unknown\" for an HTTP response without Content-Disposition, where iOS "
        + "takes the URL's last path component (with the MIME type's extension)"

    /// Whether `source` declares a member named `suggestedFilename` (then no source is rewritten).
    static func declaresOwn(_ source: String) -> Bool {
        ["var", "let", "func", "case"].contains { keyword in
            source.contains("\(keyword) \(name):") || source.contains("\(keyword) \(name) ") || source.contains("\(keyword) \(name)(")
        }
    }

    /// The source with each `.suggestedFilename` in code replaced, and where.
    static func rewrite(_ source: String) -> (text: String, changes: [SourceRewrite]) {
        let characters = Array(source)
        let code = SwiftCodeMask.of(characters)
        let target = Array("." + name)
        var output: [Character] = []
        output.reserveCapacity(characters.count + 32)
        var changes: [SourceRewrite] = []
        var line = 1
        var index = 0
        func isIdentifier(_ character: Character) -> Bool { character.isLetter || character.isNumber || character == "_" }
        while index < characters.count {
            let end = index + target.count
            if code[index], end <= characters.count, Array(characters[index..<end]) == target,
               end == characters.count || !isIdentifier(characters[end]) {
                output += Array("." + replacement)
                changes.append(SourceRewrite(line: line, removed: "." + name, replacement: "." + replacement, reason: reason))
                index = end
                continue
            }
            if characters[index] == "\n" { line += 1 }
            output.append(characters[index])
            index += 1
        }
        return (String(output), changes)
    }
}
