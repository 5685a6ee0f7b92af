import Foundation

extension FileManager {
    /// True when `url` names an existing folder (a link to one included).
    package func isDirectory(_ url: URL) -> Bool {
        var isDirectory: ObjCBool = false
        return fileExists(atPath: url.path, isDirectory: &isDirectory) && isDirectory.boolValue
    }
}
