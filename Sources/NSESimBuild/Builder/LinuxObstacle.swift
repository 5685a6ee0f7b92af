import Foundation

/// A dependency of a target that cannot build on Linux: an Objective-C or binary pod nsesim
/// does not stand in for, a package with a binary (xcframework) target or Objective-C
/// sources, a vendored binary framework. nsesim names every one of a target's at once,
/// before compiling (`ExtensionError.notBuildableOnLinux`), each with its way in.
package struct LinuxObstacle: Sendable, Equatable, CustomStringConvertible {
    /// How the list names it: `pod SDWebImage 5.18.0 (import SDWebImage at Service/Images.swift:4)`.
    package let dependency: String
    /// Why it cannot build on Linux.
    package let reason: String
    /// The modules the sources import from it: the way in names `Modules/NAME/` for each.
    package let modules: [String]

    package init(dependency: String, reason: String, modules: [String]) {
        self.dependency = dependency
        self.reason = reason
        self.modules = modules
    }

    package var description: String {
        let folders = modules.isEmpty ? "Modules/NAME/" : modules.map { "Modules/\($0)/" }.joined(separator: ", ")
        return
            "\(dependency): \(reason); way in: \(folders) (its Swift sources) or --package PATH (a Swift package of it that builds on Linux)"
    }

    /// What can stop a package in `folder` on Linux: a binary target, or a target under
    /// `Sources/` with Objective-C sources (C targets build; Apple's system libraries are
    /// nsesim's); nil when nothing plainly does.
    static func reason(inPackageAt folder: URL) -> String? {
        if let manifest = try? String(contentsOf: folder.appendingPathComponent("Package.swift"), encoding: .utf8),
            manifest.contains(".binaryTarget(")
        {
            return "it ships a binary target (an xcframework built for Apple's platforms)"
        }
        let sources = folder.appendingPathComponent("Sources")
        let targets = ((try? FileManager.default.contentsOfDirectory(atPath: sources.path)) ?? []).sorted()
        var objectiveC: [String] = []
        var swift = 0
        for target in targets where !target.hasPrefix(".") {
            let enumerator = FileManager.default.enumerator(at: sources.appendingPathComponent(target), includingPropertiesForKeys: nil)
            var hasObjectiveC = false
            while let file = enumerator?.nextObject() as? URL {
                switch file.pathExtension {
                case "m", "mm": hasObjectiveC = true
                case "swift": swift += 1
                default: break
                }
            }
            if hasObjectiveC { objectiveC.append(target) }
        }
        guard !objectiveC.isEmpty else { return nil }
        if swift == 0 { return "its sources are Objective-C, which Linux's toolchain builds without Apple's Foundation" }
        return "its target\(objectiveC.count == 1 ? "" : "s") \(objectiveC.joined(separator: ", ")) "
            + "\(objectiveC.count == 1 ? "is" : "are") Objective-C, which Linux's toolchain builds without Apple's Foundation"
    }
}
