import Foundation

/// Imports of a framework under another name, in nsesim's build copy: `import os.log` (a
/// Clang submodule on iOS) and `import OSLog` become `import os`, padded with spaces so no
/// column moves. Silent: nothing behaves differently.
enum ModuleAliases {
    /// The source with aliased imports replaced, and where (changes with an empty reason,
    /// which build warnings leave out).
    static func rewrite(_ source: String, aliases: [String: String] = FrameworkTable.aliases) -> (text: String, changes: [SourceRewrite]) {
        guard !aliases.isEmpty else { return (source, []) }
        var changes: [SourceRewrite] = []
        let lines = source.split(separator: "\n", omittingEmptySubsequences: false).enumerated().map { index, line -> String in
            guard let module = SourceImports.importedPath(in: line), let target = aliases[module] ?? Self.framework(ofSubmodule: module),
                let range = line.range(of: module)
            else { return String(line) }
            changes.append(SourceRewrite(line: index + 1, removed: module, replacement: target, reason: ""))
            let padded = target + String(repeating: " ", count: max(0, module.count - target.count))
            return line.replacingCharacters(in: range, with: padded)
        }
        return (lines.joined(separator: "\n"), changes)
    }

    /// The framework a Clang submodule import names (`import UIKit.UIApplication`, which Nuke
    /// writes): nsesim's frameworks are Swift modules, which have no submodules, so the import
    /// is of the framework. Nil for a module nsesim does not provide.
    static func framework(ofSubmodule path: String) -> String? {
        guard path.contains("."), let module = path.split(separator: ".").first.map(String.init),
            FrameworkTable.framework(named: module) != nil
        else { return nil }
        return module
    }

    /// Whether `source` imports a submodule of one of nsesim's frameworks.
    static func importsSubmodule(_ source: String) -> Bool {
        guard source.contains("import ") else { return false }
        return source.split(separator: "\n").contains { line in
            SourceImports.importedPath(in: line).flatMap(framework(ofSubmodule:)) != nil
        }
    }
}
