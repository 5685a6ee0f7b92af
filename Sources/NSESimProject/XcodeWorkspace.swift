import Foundation

/// The `.xcworkspace` folders beside a project, as Xcode opens them: a workspace's
/// `contents.xcworkspacedata` lists projects and folders (`<FileRef location = "group:…">`,
/// nested in `<Group>`s). A folder holding a `Package.swift` is a local package of every
/// project of the workspace: a target may link its product with no package reference in the
/// project at all (openHAB's `OpenHABCore`, listed in `openHAB.xcworkspace` only).
package enum XcodeWorkspace {
    /// The local package folders of the workspaces in `project`'s folder (sorted by name)
    /// that list `project`, in the order the workspaces list them.
    package static func localPackageFolders(besides project: URL) -> [URL] {
        let folder = project.deletingLastPathComponent()
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [])
            .filter { $0.hasSuffix(".xcworkspace") }.sorted()
        var folders: [URL] = []
        for name in names {
            let workspace = folder.appendingPathComponent(name)
            guard let data = FileManager.default.contents(atPath: workspace.appendingPathComponent("contents.xcworkspacedata").path)
            else { continue }
            let references = fileReferences(in: String(decoding: data, as: UTF8.self), workspace: workspace)
            guard references.contains(where: { $0.standardizedFileURL.path == project.standardizedFileURL.path }) else { continue }
            for reference in references
            where FileManager.default.fileExists(atPath: reference.appendingPathComponent("Package.swift").path)
                && !folders.contains(reference)
            {
                folders.append(reference)
            }
        }
        return folders
    }

    /// The locations of the `FileRef`s of a workspace's `contents.xcworkspacedata`: `group:`
    /// relative to the enclosing groups (the workspace's folder at the top), `container:`
    /// relative to the workspace's folder, `absolute:` as written; `self:` and others are skipped.
    package static func fileReferences(in text: String, workspace: URL) -> [URL] {
        let container = workspace.deletingLastPathComponent()
        var groups: [URL] = [container]
        var references: [URL] = []
        let tag = /<(\/?)(Group|FileRef)\b([^>]*?)(\/?)>/
        for match in text.matches(of: tag) {
            let closing = !match.output.1.isEmpty
            let isGroup = match.output.2 == "Group"
            if closing {
                if isGroup, groups.count > 1 { groups.removeLast() }
                continue
            }
            let location = String(match.output.3).firstMatch(of: /location\s*=\s*"([^"]*)"/).map { String($0.output.1) }
            let url = location.flatMap { resolve($0, group: groups.last ?? container, container: container) }
            if isGroup {
                // A self-closing group (`<Group … />`) has no children to enclose.
                if match.output.4.isEmpty { groups.append(url ?? groups.last ?? container) }
            } else if let url {
                references.append(url)
            }
        }
        return references
    }

    private static func resolve(_ location: String, group: URL, container: URL) -> URL? {
        guard let colon = location.firstIndex(of: ":") else { return nil }
        let path = String(location[location.index(after: colon)...])
        switch location[..<colon] {
        case "group": return (path.hasPrefix("/") ? URL(fileURLWithPath: path) : group.appendingPathComponent(path)).standardizedFileURL
        case "container": return container.appendingPathComponent(path).standardizedFileURL
        case "absolute": return URL(fileURLWithPath: path).standardizedFileURL
        default: return nil
        }
    }
}
