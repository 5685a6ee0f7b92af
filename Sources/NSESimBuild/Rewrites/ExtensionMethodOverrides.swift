import Foundation

/// Overrides of `@objc` methods declared in extensions. On iOS an `@objc` method of an
/// extension is dispatched by the Objective-C runtime, so a subclass may override it
/// (Kingfisher declares `shouldPreloadAllAnimation()` in an extension of `UIImageView` and
/// overrides it in `AnimatedImageView`); Linux's Swift refuses to (`declared in extension of
/// 'UIImageView' and cannot be overridden`, with or without `override`). In nsesim's build
/// copy of a package such an override is renamed `NAME_` without `override` (lines kept):
/// the extension's method is then the one called, as where iOS calls the base class's; what
/// the subclass changed is lost (Kingfisher: an `AnimatedImageView` preloads every frame as
/// a plain image view does).
enum ExtensionMethodOverrides {
    /// The names of the `@objc` methods the package's extensions declare (`@objc func NAME`
    /// inside an `extension … {` at the top level).
    static func objcExtensionMethods(in text: String) -> Set<String> {
        guard text.contains("@objc"), text.contains("extension ") else { return [] }
        let characters = Array(text)
        let code = SwiftCodeMask.of(characters)
        var names = Set<String>()
        var depth = 0
        var extensionDepth: Int?
        var header = ""
        var index = 0
        while index < characters.count {
            let character = characters[index]
            defer { index += 1 }
            guard code[index] else { continue }
            func noteMethod() {
                if extensionDepth == depth, depth > 0,
                    let match = header.firstMatch(of: /@objc(\([^)]*\))?[^\n]*\bfunc\s+([A-Za-z_][A-Za-z0-9_]*)/)
                {
                    names.insert(String(match.output.2))
                }
            }
            if character == "{" {
                noteMethod()
                if depth == 0, header.range(of: #"(^|\s)extension\s"#, options: .regularExpression) != nil { extensionDepth = 1 }
                depth += 1
                header = ""
            } else if character == "}" {
                depth -= 1
                if let open = extensionDepth, depth < open { extensionDepth = nil }
                header = ""
            } else if character == "\n" || character == ";" {
                noteMethod()
                // A declaration may span lines: keep the header until a brace.
                if character == ";" { header = "" } else { header.append(" ") }
            } else {
                header.append(character)
            }
        }
        return names
    }

    /// The source with each override of one of `names` renamed; nil when there is none.
    static func rewrite(_ text: String, names: Set<String>) -> String? {
        guard !names.isEmpty, text.contains("override") else { return nil }
        var changed = false
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        for (index, line) in lines.enumerated() where line.contains("override") && line.contains("func ") {
            guard let match = line.firstMatch(of: /\boverride\b(?<between>[^(]*)\bfunc\s+(?<name>[A-Za-z_][A-Za-z0-9_]*)/),
                names.contains(String(match.output.name))
            else { continue }
            let name = String(match.output.name)
            var renamed = line
            let nameRange = renamed.range(of: name, range: match.range)!
            renamed.replaceSubrange(nameRange, with: name + "_")
            renamed.replaceSubrange(renamed.range(of: "override ", range: renamed.startIndex..<renamed.endIndex)!, with: "")
            lines[index] = renamed
            changed = true
        }
        return changed ? lines.joined(separator: "\n") : nil
    }
}
