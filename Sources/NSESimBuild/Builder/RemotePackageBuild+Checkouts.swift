import Foundation

extension RemotePackageBuild {
    /// Takes what needs the Objective-C runtime out of the Swift sources of the fetched
    /// packages, as a build does for the extension's own sources (`ObjCAttributes`: `@objc`,
    /// `@objcMembers`, `dynamic` blanked, lines and columns kept), and imports `os.log` and
    /// `OSLog` as `os`, with `os(iOS)` true in an iOS library's conditions
    /// (`LocalPackage.rewrittenForLinux`): an iOS package such as
    /// Batch's extension SDK marks its classes `@objc(BAERichNotificationHelper)`, which
    /// Linux's compiler refuses. Only SwiftPM's checkouts in nsesim's cache are changed (at
    /// their pinned revisions; a user's `--package` folder is never written to). Returns
    /// the files changed, relative to the checkouts folder.
    @discardableResult
    static func neutralizeObjectiveC(inCheckoutsOf scratch: URL) -> [String] {
        let checkouts = scratch.appendingPathComponent("checkouts")
        var changed: [String] = []
        // Each checkout is a package: an iOS library (its sources import UIKit) gets `os(iOS)` true.
        let packages = (try? FileManager.default.contentsOfDirectory(at: checkouts, includingPropertiesForKeys: nil)) ?? []
        let iOSLibraries = Set(packages.filter(PlatformConditions.isIOSLibrary).map(\.standardizedFileURL.path))
        let overrides = Dictionary(
            packages.map { ($0.standardizedFileURL.path, LocalPackage.objcExtensionMethods(in: $0)) },
            uniquingKeysWith: { first, _ in first })
        let enumerator = FileManager.default.enumerator(at: checkouts, includingPropertiesForKeys: nil)
        while let file = enumerator?.nextObject() as? URL {
            if file.lastPathComponent == ".git" {
                enumerator?.skipDescendants()
                continue
            }
            let relative = file.standardizedFileURL.path.dropFirst(checkouts.standardizedFileURL.path.count + 1)
            let package = checkouts.appendingPathComponent(String(relative.prefix { $0 != "/" })).standardizedFileURL.path
            guard file.pathExtension == "swift", file.lastPathComponent != "Package.swift",
                let text = try? String(contentsOf: file, encoding: .utf8),
                let rewritten = LocalPackage.rewrittenForLinux(
                    text, iOSLibrary: iOSLibraries.contains(package), overrides: overrides[package] ?? []),
                (try? Data(rewritten.utf8).write(to: file, options: .atomic)) != nil
            else { continue }
            changed.append(String(file.path.dropFirst(checkouts.path.count + 1)))
        }
        return changed.sorted()
    }
}
