import Foundation

extension AttachmentStore {
    /// The apps with a store under `root`, by bundle identifier (those whose identifier is its
    /// own folder name).
    package static func knownApps(root: URL) -> Set<String> {
        PathComponent.identifiers(in: root) { folder in
            ["index.sqlite", "index.json"].contains { FileManager.default.fileExists(atPath: folder.appendingPathComponent($0).path) }
        }
    }
}
