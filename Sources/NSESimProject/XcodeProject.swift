import Foundation

/// An Xcode project read from disk: its `.xcodeproj`, the folder its paths are relative to,
/// and the object graph of its `project.pbxproj`.
package struct XcodeProject: Sendable {
    /// The `.xcodeproj` folder.
    package let url: URL
    /// The folder the project's `SOURCE_ROOT` paths start from (the `.xcodeproj`'s folder,
    /// moved by the project's `projectDirPath` when it has one).
    package let sourceRoot: URL
    /// The project's objects.
    package let graph: PBXObjectGraph

    /// The project's name: the `.xcodeproj` folder's name without its extension.
    package var name: String { url.deletingPathExtension().lastPathComponent }

    /// Reads the project at `path`: an `.xcodeproj`, or a folder holding exactly one.
    package init(path: String) throws(XcodeProjectError) {
        url = try Self.locate(path)
        let file = url.appendingPathComponent("project.pbxproj")
        guard let data = FileManager.default.contents(atPath: file.path) else {
            throw .notAProject(path: url.path, reason: "no project.pbxproj inside: this is not an Xcode project", missing: true)
        }
        let plist: PlistValue
        do {
            plist = try OpenStepPlistParser.parse(String(decoding: data, as: UTF8.self))
        } catch {
            throw .corrupt(path: file.path, line: error.line, column: error.column, message: error.message)
        }
        graph = try PBXObjectGraph(plist, path: file.path)
        let directory = graph.root.string("projectDirPath") ?? ""
        let base = url.deletingLastPathComponent()
        sourceRoot =
            (directory.isEmpty
            ? base
            : directory.hasPrefix("/") ? URL(fileURLWithPath: directory) : base.appendingPathComponent(directory)).standardizedFileURL
    }

    /// The `.xcodeproj` that `path` names: itself, or the one inside a folder.
    package static func locate(_ path: String) throws(XcodeProjectError) -> URL {
        let url = URL(fileURLWithPath: path).standardizedFileURL
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) else { throw .notFound(path: path) }
        guard isDirectory.boolValue else {
            throw .notAProject(
                path: path,
                reason: "a file, not an Xcode project; give the .xcodeproj folder (or the folder "
                    + "holding it)", missing: false)
        }
        if url.pathExtension == "xcodeproj" { return url }
        let projects = ((try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? [])
            .filter { $0.hasSuffix(".xcodeproj") }.sorted()
        switch projects.count {
        case 1:
            return url.appendingPathComponent(projects[0])
        case 0:
            throw .notAProject(
                path: path, reason: "no .xcodeproj in this folder; give --project the path of an .xcodeproj",
                missing: true)
        default:
            throw .notAProject(
                path: path,
                reason: "several projects here (\(projects.joined(separator: ", "))); give "
                    + "--project the one to use", missing: false)
        }
    }

    /// The native targets, in the project's order.
    package var targets: [PBXObjectGraph.Object] {
        graph.targets.filter { $0.isa == "PBXNativeTarget" }
    }

    /// The target named `name`.
    package func target(named name: String) throws(XcodeProjectError) -> PBXObjectGraph.Object {
        guard let target = targets.first(where: { $0.string("name") == name }) else {
            throw .noSuchTarget(project: url.path, name: name, targets: targets.compactMap { $0.string("name") })
        }
        return target
    }
}
