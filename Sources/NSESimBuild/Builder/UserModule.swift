import Foundation
import NSESimProject

/// A module nsesim does not ship, supplied by the user as a folder of Swift sources: a
/// subfolder `Name/` of a `Modules/` folder in or beside the extension, or of a folder given
/// with `--modules DIR`. It is built as module `Name` (a dynamic library) before the
/// extension, after the modules it imports itself.
package struct UserModule: Sendable {
    /// The module name: the folder's name.
    package let name: String
    /// The folder.
    package let folder: URL
    /// Its Swift sources, sorted by path.
    package let sources: [URL]
    /// What the sources import.
    package let imports: SourceImports
    /// Sources that need a copy without Objective-C attributes.
    package let rewrites: [URL: (text: String, changes: [SourceRewrite])]
    /// Whether the sources name a networking type (FoundationNetworking is linked then).
    package let usesNetworking: Bool
    /// Whether the sources name a FoundationXML type (it is imported and linked then).
    package let usesXML: Bool
    /// Its own language mode (a pod's `swift_versions`); nil: the extension's.
    package var swiftVersion: String?
    /// Its own `-D` conditions (a pod's `pod_target_xcconfig`).
    package var compilationConditions: [String] = []
    /// Where it came from when nsesim fetched it (`the pod SwiftyJSON 5.0.2 from URL at tag 5.0.2`), for its build errors.
    package var origin: String?

    /// Module `name` of `sources` below `folder` (paths in its diagnostics are relative to it).
    package init(name: String, folder: URL, sources: [URL]) {
        let scan = ExtensionFolder.scan(sources, in: folder, isExtension: false)
        self.name = name
        self.folder = folder
        self.sources = sources
        imports = scan.imports
        rewrites = scan.rewrites
        usesNetworking = scan.usesNetworking
        usesXML = scan.usesXML
    }

    /// The modules in `folders`, by name; a name found twice is the first folder's.
    package static func find(in folders: [URL]) -> [String: UserModule] {
        var found: [String: UserModule] = [:]
        for base in folders {
            let entries =
                (try? FileManager.default.contentsOfDirectory(
                    at: base, includingPropertiesForKeys: [.isDirectoryKey],
                    options: [.skipsHiddenFiles])) ?? []
            for folder in entries.sorted(by: { $0.path < $1.path }) {
                let name = folder.lastPathComponent
                guard found[name] == nil, (try? folder.resourceValues(forKeys: [.isDirectoryKey]).isDirectory) == true,
                    XcodeSettings.moduleName(for: name) == name
                else { continue }
                let sources = FolderFiles.files(in: folder).filter { $0.pathExtension == "swift" }
                guard !sources.isEmpty else { continue }
                found[name] = UserModule(name: name, folder: folder.standardizedFileURL, sources: sources)
            }
        }
        return found
    }

    /// The modules of `available` that `imports` needs, directly or through each other, in
    /// the order they must be built (a module after those it imports).
    package static func needed(by imports: Set<String>, available: [String: UserModule]) throws(ExtensionError) -> [UserModule] {
        var ordered: [UserModule] = []
        var done = Set<String>()
        var visiting: [String] = []
        func visit(_ name: String) throws(ExtensionError) {
            guard !done.contains(name), let module = available[name] else { return }
            if let start = visiting.firstIndex(of: name) {
                throw .badModule(
                    folder: module.folder.path,
                    message: "modules import each other in a cycle: \((visiting[start...] + [name]).joined(separator: " → "))")
            }
            visiting.append(name)
            for dependency in module.imports.modules.sorted() { try visit(dependency) }
            visiting.removeLast()
            done.insert(name)
            ordered.append(module)
        }
        for name in imports.sorted() { try visit(name) }
        return ordered
    }
}

/// A user's module, built: where its library and its `.swiftmodule` are.
package struct BuiltModule: Sendable {
    package let name: String
    /// The folder holding `lib<name>.so` and `<name>.swiftmodule`.
    package let directory: URL
    /// The cache key of the build (the extension's key depends on it).
    package let key: String

    /// What a library that imports it passes swiftc.
    package var linkArguments: [String] {
        ["-I", directory.path, "-L", directory.path, "-l\(name)", "-Xlinker", "-rpath", "-Xlinker", directory.path]
    }
}
