import Foundation

extension ReplayCase {
    /// The folder a case's `{{server}}` serves, found from the case file alone, so that a
    /// case gives the same result whether the whole tree, one subfolder or the case file
    /// itself is replayed:
    /// 1. `"media"` in the case: a folder, relative to the case file's folder;
    /// 2. else the nearest folder named `media` in the case's folder or a folder above it,
    ///    up to the repository's root (the first folder holding `.git`) or the file system's;
    /// 3. else none (replay's `--serve`, or the cases folder, is served).
    ///
    /// Replay's `--serve DIR` overrides all three.
    static func mediaFolder(named path: String?, caseFolder: URL, file: String) throws(ReplayError) -> URL? {
        let manager = FileManager.default
        func isFolder(_ url: URL) -> Bool {
            var isDirectory: ObjCBool = false
            return manager.fileExists(atPath: url.path, isDirectory: &isDirectory) && isDirectory.boolValue
        }
        if let path {
            let url = URL(fileURLWithPath: resolve(path, in: caseFolder), isDirectory: true)
            guard isFolder(url) else {
                throw .badCase(
                    file,
                    "\"media\": \(url.path) is not a folder; name the folder of the files the case's "
                        + "{{server}} serves, relative to the case file")
            }
            return url
        }
        var folder = caseFolder.standardizedFileURL
        while true {
            let candidate = folder.appendingPathComponent("media", isDirectory: true)
            if isFolder(candidate) { return candidate }
            let parent = folder.deletingLastPathComponent().standardizedFileURL
            if manager.fileExists(atPath: folder.appendingPathComponent(".git").path) || parent.path == folder.path {
                return nil
            }
            folder = parent
        }
    }
}
