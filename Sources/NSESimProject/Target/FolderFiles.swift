import Foundation

/// The files of a folder as nsesim takes a folder of sources (an extension folder, a
/// synchronized folder of a project, a source folder of an XcodeGen spec): every regular file
/// below it, sorted by path, leaving out hidden files, build folders (`.build`, `.build-*`),
/// `Tests` and the folder's `Modules` (the user's modules, built each as a module of its own).
package enum FolderFiles {
    /// The folder name of the user's modules, in or beside an extension.
    package static let modulesFolderName = "Modules"

    /// The files below `folder`.
    package static func files(in folder: URL) -> [URL] {
        let modules = folder.standardizedFileURL.appendingPathComponent(modulesFolderName).path
        guard
            let walker = FileManager.default.enumerator(
                at: folder, includingPropertiesForKeys: [.isRegularFileKey],
                options: [.skipsHiddenFiles])
        else { return [] }
        var found: [URL] = []
        for case let url as URL in walker {
            let name = url.lastPathComponent
            if name == ".build" || name.hasPrefix(".build-") || name == "Tests" || url.standardizedFileURL.path == modules {
                walker.skipDescendants()
                continue
            }
            if (try? url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true {
                found.append(url.standardizedFileURL)
            }
        }
        return found.sorted { $0.path < $1.path }
    }
}
