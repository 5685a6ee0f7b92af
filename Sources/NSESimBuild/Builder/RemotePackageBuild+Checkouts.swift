import Foundation

extension RemotePackageBuild {
    /// Takes what needs the Objective-C runtime out of the Swift sources of the fetched
    /// packages, as a build does for the extension's own sources (`ObjCAttributes`: `@objc`,
    /// `@objcMembers`, `dynamic` blanked, lines and columns kept), and imports `os.log` and
    /// `OSLog` as `os` (`LocalPackage.rewrittenForLinux`): an iOS package such as
    /// Batch's extension SDK marks its classes `@objc(BAERichNotificationHelper)`, which
    /// Linux's compiler refuses. Only SwiftPM's checkouts in nsesim's cache are changed (at
    /// their pinned revisions; a user's `--package` folder is never written to). Returns
    /// the files changed, relative to the checkouts folder.
    @discardableResult
    static func neutralizeObjectiveC(inCheckoutsOf scratch: URL) -> [String] {
        let checkouts = scratch.appendingPathComponent("checkouts")
        var changed: [String] = []
        let enumerator = FileManager.default.enumerator(at: checkouts, includingPropertiesForKeys: nil)
        while let file = enumerator?.nextObject() as? URL {
            if file.lastPathComponent == ".git" {
                enumerator?.skipDescendants()
                continue
            }
            guard file.pathExtension == "swift", file.lastPathComponent != "Package.swift",
                let text = try? String(contentsOf: file, encoding: .utf8),
                let rewritten = LocalPackage.rewrittenForLinux(text),
                (try? Data(rewritten.utf8).write(to: file, options: .atomic)) != nil
            else { continue }
            changed.append(String(file.path.dropFirst(checkouts.path.count + 1)))
        }
        return changed.sorted()
    }
}
