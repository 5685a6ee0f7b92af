import Foundation

/// The pods a target of a CocoaPods project links: its `target` block of the Podfile (with
/// what it inherits), each at the version `Podfile.lock` records.
package struct PodfileTarget: Sendable, Equatable {
    /// One pod.
    package struct Pod: Sendable, Equatable {
        /// As the Podfile names it: `Firebase/Messaging`.
        package let name: String
        /// The version `Podfile.lock` records; nil without a lock file (or without the pod in it).
        package let version: String?
        /// The module it gives.
        package let module: String
        /// The module nsesim stands in with; nil for a pod nsesim does not provide.
        package let standIn: String?
        /// A development pod's folder (`:path =>`): its Swift sources are built as a module.
        package var folder: URL? = nil
        /// The podspec's `source_files` patterns, relative to `folder` (empty: every Swift file there).
        package var sourceFiles: [String] = []
    }

    /// The Podfile, relative to the project's folder.
    package let podfile: String
    /// The Podfile's target block.
    package let target: String
    /// Its pods, in the Podfile's order.
    package let pods: [Pod]

    /// The development pods, as the project's modules: their Swift sources (but tests and
    /// examples). A pod at `:path => '../'` is the repository around the example project
    /// (Infobip's, Iterable's SDK examples): the project's own folder is not the pod's, and a
    /// file that imports the pod's module is a user of it, not part of it (else the module
    /// would import itself).
    func localModules(outside projectFolder: URL) -> [ProjectTarget.Framework] {
        let project = projectFolder.standardizedFileURL.path + "/"
        return pods.compactMap { pod in
            guard let folder = pod.folder else { return nil }
            // The project's folder when it lies inside the pod's (not a pod inside the project).
            let excluded = project.hasPrefix(folder.standardizedFileURL.path + "/") ? project : nil
            let sources = Self.swiftSources(in: folder).filter { source in
                if let excluded, source.path.hasPrefix(excluded) { return false }
                if !pod.sourceFiles.isEmpty {
                    let relative = String(source.path.dropFirst(folder.standardizedFileURL.path.count + 1))
                    guard pod.sourceFiles.contains(where: { Self.matches(relative, pattern: $0) }) else { return false }
                }
                guard let text = try? String(contentsOf: source, encoding: .utf8) else { return true }
                return !Self.imports(pod.module, in: text)
            }
            return ProjectTarget.Framework(target: "pod \(pod.name)", moduleName: pod.module, sources: sources)
        }
    }

    /// The `source_files` patterns of a podspec's root spec and its subspecs
    /// (`s.source_files = 'Sources/AppcuesKit/**/*.{swift,h,m}'`, also lists of them).
    static func sourceFilePatterns(in spec: String) -> [String] {
        var patterns: [String] = []
        for line in spec.split(separator: "\n") where line.contains(".source_files") {
            guard let equals = line.firstIndex(of: "=") else { continue }
            var rest = Substring(line[line.index(after: equals)...])
            while let start = rest.firstIndex(where: { $0 == "'" || $0 == "\"" }) {
                let quote = rest[start]
                let after = rest[rest.index(after: start)...]
                guard let end = after.firstIndex(of: quote) else { break }
                patterns.append(String(after[..<end]))
                rest = after[after.index(after: end)...]
            }
        }
        return patterns
    }

    /// Whether the Swift file at `path` (relative to the pod's folder) is among `pattern`'s
    /// files: the folder before the first wildcard, and below it any depth for `**`, else
    /// directly; the extensions of a final `*.{swift,h}` or `*.swift` must allow `.swift`.
    static func matches(_ path: String, pattern: String) -> Bool {
        let wildcard = pattern.firstIndex { "*{?[".contains($0) } ?? pattern.endIndex
        var prefix = String(pattern[..<wildcard])
        if !prefix.isEmpty, !prefix.hasSuffix("/") {
            // A file named in full, or a folder whose name the wildcard ends.
            if wildcard == pattern.endIndex { return path == prefix || path.hasPrefix(prefix + "/") }
            prefix = prefix.split(separator: "/").dropLast().joined(separator: "/")
            prefix = prefix.isEmpty ? "" : prefix + "/"
        }
        guard path.hasPrefix(prefix) else { return false }
        let rest = path.dropFirst(prefix.count)
        if !pattern.contains("**"), rest.contains("/") { return false }
        let last = pattern.split(separator: "/").last.map(String.init) ?? pattern
        guard last.contains(".") else { return true }
        let extensions = last.drop { $0 != "." }.dropFirst()
        return extensions == "*" || extensions.contains("swift")
    }

    /// Whether `text` has `import MODULE` (also `@testable`, `@_exported`, `import struct MODULE.X`).
    static func imports(_ module: String, in text: String) -> Bool {
        text.split(separator: "\n").contains { line in
            let words = line.split(whereSeparator: { $0 == " " || $0 == "\t" })
            guard let index = words.firstIndex(of: "import"), words[..<index].allSatisfy({ $0.hasPrefix("@") }),
                index + 1 < words.count
            else { return false }
            let name =
                ["struct", "class", "enum", "protocol", "func", "var", "let", "typealias"].contains(String(words[index + 1]))
                ? words.dropFirst(index + 2).first : Optional(words[index + 1])
            return name.map { $0.split(separator: ".").first.map(String.init) == module } ?? false
        }
    }

    private static func swiftSources(in folder: URL) -> [URL] {
        var sources: [URL] = []
        let skipped: Set<String> = ["Tests", "Example", "Examples", "Pods", ".build", ".git", "Package.swift"]
        let walker = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil, options: [.skipsHiddenFiles])
        while let file = walker?.nextObject() as? URL {
            if skipped.contains(file.lastPathComponent) || file.lastPathComponent.hasSuffix("Tests") {
                walker?.skipDescendants()
                continue
            }
            if file.pathExtension == "swift" { sources.append(file.standardizedFileURL) }
        }
        return sources.sorted { $0.path < $1.path }
    }
}
