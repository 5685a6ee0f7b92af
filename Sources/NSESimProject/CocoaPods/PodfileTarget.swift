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
        /// The podspec's `exclude_files` patterns.
        package var excludeFiles: [String] = []
        /// A development pod's podspec, when nsesim could read it.
        package var spec: Podspec? = nil
        /// Where a pod comes from when not from CocoaPods' specs: `:git` (and `:tag`, `:commit`,
        /// `:branch`) in the Podfile, or Podfile.lock's `EXTERNAL SOURCES` and `CHECKOUT OPTIONS`.
        package var git: Podspec.Source? = nil

        package init(name: String, version: String?, module: String, standIn: String?, folder: URL? = nil) {
            self.name = name
            self.version = version
            self.module = module
            self.standIn = standIn
            self.folder = folder
        }
    }

    /// The Podfile, relative to the project's folder.
    package let podfile: String
    /// The Podfile's target block.
    package let target: String
    /// Its pods, in the Podfile's order.
    package let pods: [Pod]
    /// Every pod's version Podfile.lock records (the pods the target's pods depend on too).
    package var lockedVersions: [String: String] = [:]
    /// Where Podfile.lock says pods not from CocoaPods' specs come from, by root name.
    package var externalSources: [String: Podspec.Source] = [:]

    package init(podfile: String, target: String, pods: [Pod]) {
        self.podfile = podfile
        self.target = target
        self.pods = pods
    }

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
                    guard !PodGlob.select(pod.sourceFiles, excluding: pod.excludeFiles, from: [relative]).isEmpty else { return false }
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

    /// Whether the Swift file at `path` (relative to the pod's folder) is among `pattern`'s files.
    static func matches(_ path: String, pattern: String) -> Bool {
        path.hasSuffix(".swift") && !PodGlob.select([pattern], from: [path]).isEmpty
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
