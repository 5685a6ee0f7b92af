/// The modules a set of Swift sources imports, with where each is first imported; read once
/// per build for the framework table and the networking guess.
package struct SourceImports: Sendable, Equatable {
    /// Where a module is imported: a file (relative to the extension folder) and a line.
    package struct Site: Sendable, Equatable {
        package let file: String
        package let line: Int
    }

    /// Every module imported, with its first import.
    package private(set) var sites: [String: Site] = [:]

    /// The modules imported.
    package var modules: Set<String> { Set(sites.keys) }

    package init() {}

    /// Records the imports of one source file's text.
    package mutating func scan(_ text: String, file: String) {
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            guard let module = Self.importedModule(in: line), sites[module] == nil else { continue }
            sites[module] = Site(file: file, line: index + 1)
        }
    }

    /// The whole path an import declaration on `line` names: `os.log` for `import os.log`.
    static func importedPath(in line: Substring) -> String? {
        let words = line.split(whereSeparator: \.isWhitespace)
        guard let at = words.firstIndex(of: "import"), at + 1 < words.count,
            importedModule(in: line) != nil
        else { return nil }
        let kinds: Set<Substring> = ["struct", "class", "enum", "protocol", "typealias", "func", "let", "var"]
        let next = kinds.contains(words[at + 1]) ? at + 2 : at + 1
        guard next < words.count, !kinds.contains(words[at + 1]) else { return nil }
        return String(words[next].prefix { $0 != ";" && $0 != "/" })
    }

    /// The module an import declaration on `line` names: `import X`, `import X.Sub`,
    /// `@testable import X`, `@preconcurrency internal import X`, `import struct X.Y`.
    static func importedModule(in line: Substring) -> String? {
        let words = line.split(whereSeparator: \.isWhitespace)
        guard let at = words.firstIndex(of: "import") else { return nil }
        // Only attributes and access levels may come before `import`.
        let modifiers: Set<Substring> = ["public", "package", "internal", "fileprivate", "private"]
        guard words[..<at].allSatisfy({ $0.hasPrefix("@") || modifiers.contains($0) }) else { return nil }
        var next = at + 1
        let kinds: Set<Substring> = ["struct", "class", "enum", "protocol", "typealias", "func", "let", "var"]
        if next < words.count, kinds.contains(words[next]) { next += 1 }
        guard next < words.count else { return nil }
        let path = words[next].prefix { $0 != ";" && $0 != "/" }
        guard let module = path.split(separator: ".").first, !module.isEmpty else { return nil }
        // An aliased framework counts by its alias (`OSLog`); a submodule by its module.
        if FrameworkTable.aliases[String(path)] != nil, !path.contains(".") { return String(path) }
        return String(module)
    }
}
