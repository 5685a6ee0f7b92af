import Foundation

/// An XcodeGen project spec (`project.yml`), read with the specs it includes: what XcodeGen
/// would generate the `.xcodeproj` from, for projects that keep no `.xcodeproj` in git.
package struct XcodeGenSpec: Sendable {
    /// The spec file.
    package let file: URL
    /// The folder its paths start from.
    package let folder: URL
    /// The whole spec, includes merged.
    package let root: SpecValue

    /// The project's name (`name:`), the spec file's name without its extension when there is none.
    package var name: String { root["name"]?.text ?? file.deletingPathExtension().lastPathComponent }

    /// The spec file `path` names, when it is one: a `.yml`/`.yaml`/`.json` file, or a folder
    /// holding `project.yml` and no `.xcodeproj` (but for one that holds only its Package.resolved).
    package static func locate(_ path: String) -> URL? {
        let url = URL(fileURLWithPath: path).standardizedFileURL
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) else { return nil }
        if !isDirectory.boolValue {
            return ["yml", "yaml", "json"].contains(url.pathExtension) ? url : nil
        }
        guard url.pathExtension != "xcodeproj" else { return nil }
        let names = (try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []
        // An .xcodeproj without project.pbxproj is what git keeps of a generated one (its Package.resolved).
        guard
            !names.contains(where: { name in
                name.hasSuffix(".xcodeproj")
                    && FileManager.default.fileExists(
                        atPath: url.appendingPathComponent(name).appendingPathComponent("project.pbxproj").path)
            })
        else { return nil }
        return ["project.yml", "project.yaml"].first(where: names.contains).map { url.appendingPathComponent($0) }
    }

    /// Reads the spec at `file` and the specs it includes (theirs first, this one's values over them).
    package init(contentsOf file: URL) throws(XcodeProjectError) {
        self.file = file.standardizedFileURL
        folder = self.file.deletingLastPathComponent()
        var visiting: [String] = []
        root = try Self.load(self.file, base: folder, visiting: &visiting)
        guard root.mapping != nil else {
            throw .badSpecValue(path: file.path, place: "line 1", message: "the spec is not a mapping (name:, targets:, …)")
        }
    }

    /// `text` with each `${NAME}` of a variable the environment defines replaced by its value,
    /// as XcodeGen reads a spec (others, build settings among them, stay).
    package static func expandingEnvironment(_ text: String, environment: [String: String] = ProcessInfo.processInfo.environment) -> String
    {
        guard text.contains("${") else { return text }
        var result = ""
        var rest = Substring(text)
        while let open = rest.range(of: "${") {
            result += rest[..<open.lowerBound]
            guard let close = rest[open.upperBound...].firstIndex(of: "}") else { return result + rest[open.lowerBound...] }
            let name = String(rest[open.upperBound..<close])
            result += environment[name] ?? "${\(name)}"
            rest = rest[rest.index(after: close)...]
        }
        return result + rest
    }

    private static func load(_ file: URL, base: URL, visiting: inout [String]) throws(XcodeProjectError) -> SpecValue {
        guard !visiting.contains(file.path) else {
            throw .badSpecValue(
                path: file.path, place: "include", message: "includes itself (through \(visiting.joined(separator: " → ")))")
        }
        guard let data = FileManager.default.contents(atPath: file.path) else {
            throw .notFound(path: file.path)
        }
        var value: SpecValue
        do {
            value = try YAMLParser.parse(expandingEnvironment(String(decoding: data, as: UTF8.self)))
        } catch {
            throw .badProjectSpec(path: file.path, line: error.line, column: error.column, message: error.message)
        }
        // Paths in an included spec start from its own folder (relativePaths, the default).
        let folder = file.deletingLastPathComponent()
        if folder.path != base.path {
            value = XcodeGenPaths.rebased(value, from: folder, to: base)
        }
        guard let includes = value["include"] else { return value }
        visiting.append(file.path)
        defer { visiting.removeLast() }
        var merged = SpecValue(.mapping([]), line: 1)
        for include in includes.sequence ?? [includes] {
            let path = include.text ?? include["path"]?.text ?? ""
            let relative = include["relativePaths"]?.bool ?? true
            guard !path.isEmpty else {
                throw .badSpecValue(
                    path: file.path, place: "line \(include.line): include", message: "an include is a path, or path: with relativePaths:")
            }
            let url = (path.hasPrefix("/") ? URL(fileURLWithPath: path) : folder.appendingPathComponent(path)).standardizedFileURL
            guard FileManager.default.fileExists(atPath: url.path) else {
                throw .missingInclude(spec: file.path, line: include.line, named: path, resolved: url.path)
            }
            merged = merged.merged(with: try load(url, base: relative ? base : url.deletingLastPathComponent(), visiting: &visiting))
        }
        let own = SpecValue(.mapping((value.mapping ?? []).filter { $0.key != "include" }), line: value.line)
        return merged.merged(with: own)
    }
}
