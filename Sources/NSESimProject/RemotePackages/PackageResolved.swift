import Foundation

/// A `Package.resolved` that Xcode writes for a project or workspace: the revision of each
/// remote package it resolved (formats 1, 2 and 3).
package struct PackageResolved: Sendable {
    /// One pinned package.
    package struct Pin: Sendable, Equatable {
        /// SwiftPM's identity (the URL's last component, lowercased, without `.git`).
        package let identity: String
        /// The repository URL.
        package let location: String
        /// The commit Xcode checked out.
        package let revision: String
        /// The version tag, when the requirement was a version.
        package let version: String?
    }

    /// The file.
    package let file: URL
    /// Its pins.
    package let pins: [Pin]

    /// Reads the file at `file`; a file that is not a `Package.resolved` is an error naming it.
    package init(contentsOf file: URL) throws(XcodeProjectError) {
        self.file = file
        guard let data = FileManager.default.contents(atPath: file.path) else {
            throw .badPackageResolved(path: file.path, message: "cannot be read")
        }
        let object: Any
        do {
            object = try JSONSerialization.jsonObject(with: data)
        } catch {
            throw .badPackageResolved(path: file.path, message: "is not valid JSON (\(Self.jsonPlace(in: data)))")
        }
        guard let top = object as? [String: Any] else {
            throw .badPackageResolved(path: file.path, message: "is not a JSON object")
        }
        let version = top["version"] as? Int ?? 0
        // Format 1 keeps the pins in "object"; 2 and 3 at the top, with "identity" and "location".
        let entries: [[String: Any]]?
        switch version {
        case 1: entries = (top["object"] as? [String: Any])?["pins"] as? [[String: Any]]
        case 2, 3: entries = top["pins"] as? [[String: Any]]
        default:
            throw .badPackageResolved(
                path: file.path,
                message: "has format version \(top["version"].map { "\($0)" } ?? "(none)"); "
                    + "nsesim reads versions 1, 2 and 3")
        }
        guard let entries else {
            throw .badPackageResolved(path: file.path, message: "has no \"pins\" list (format \(version))")
        }
        var pins: [Pin] = []
        for (index, entry) in entries.enumerated() {
            let location = (entry["location"] ?? entry["repositoryURL"]) as? String
            let state = entry["state"] as? [String: Any]
            guard let location, let revision = state?["revision"] as? String, !revision.isEmpty else {
                throw .badPackageResolved(
                    path: file.path,
                    message: "pin \(index + 1) (\(entry["identity"] ?? entry["package"] ?? "?")) has no "
                        + "\(location == nil ? (version == 1 ? "repositoryURL" : "location") : "state.revision")")
            }
            pins.append(
                Pin(
                    identity: (entry["identity"] as? String)?.lowercased() ?? RemotePackage.identity(of: location),
                    location: location, revision: revision, version: state?["version"] as? String))
        }
        self.pins = pins
    }

    /// The pin of the package at `url` (matched by identity, as SwiftPM matches them).
    package func pin(for url: String) -> Pin? {
        let identity = RemotePackage.identity(of: url)
        return pins.first { $0.identity == identity || RemotePackage.identity(of: $0.location) == identity }
    }

    /// Where Xcode keeps the pins of `project`: a workspace's beside it (CocoaPods' and
    /// hand-made ones), then the project's own; those that exist, in that order.
    package static func files(for project: URL) -> [URL] {
        let folder = project.deletingLastPathComponent()
        let workspaces = ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [])
            .filter { $0.hasSuffix(".xcworkspace") }.sorted()
            .map { folder.appendingPathComponent($0).appendingPathComponent("xcshareddata/swiftpm/Package.resolved") }
        let own = project.appendingPathComponent("project.xcworkspace/xcshareddata/swiftpm/Package.resolved")
        return (workspaces + [own]).filter { FileManager.default.fileExists(atPath: $0.path) }
    }

    /// The line and column of the first byte JSON does not accept, roughly: where a
    /// hand edit went wrong (an unclosed brace is reported at the end).
    package static func jsonPlace(in data: Data) -> String {
        let text = String(decoding: data, as: UTF8.self)
        var depth = 0
        var inString = false
        var escaped = false
        var line = 1
        var column = 0
        var lastClose = (1, 1)
        for character in text {
            column += 1
            if character == "\n" {
                line += 1
                column = 0
                continue
            }
            if inString {
                if escaped { escaped = false } else if character == "\\" { escaped = true } else if character == "\"" { inString = false }
                continue
            }
            switch character {
            case "\"": inString = true
            case "{", "[": depth += 1
            case "}", "]":
                depth -= 1
                lastClose = (line, column)
                if depth < 0 { return "line \(line), column \(column): a closing bracket too many" }
            default: break
            }
        }
        if inString { return "line \(line): a string is not closed" }
        if depth > 0 { return "line \(line): \(depth) bracket(s) not closed" }
        return "near line \(lastClose.0)"
    }
}
