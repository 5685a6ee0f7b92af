import Foundation

extension ExtensionFolder {
    /// Notes a failed build adds after the compiler's errors: what the build left out (a
    /// bridging header, Objective-C sources), and, for a folder given with `--extension` whose
    /// sources name something they do not have while an Xcode project (or XcodeGen spec) sits
    /// above it, that project as the way in (a target's files, framework targets and packages
    /// are often outside its folder).
    func failureNotes(for diagnostics: [String]) -> [String] {
        var notes = omissions.map { "note: \($0)" }
        let lacking = diagnostics.contains { line in
            line.contains("cannot find '") || line.contains("has no member '") || line.contains("no such module '")
        }
        if origin == nil, lacking, let project = Self.projectAbove(url) {
            notes.append(
                "note: only the sources in \(url.lastPathComponent)/ were built; the target in \(project) may take files "
                    + "from elsewhere in the project, framework targets and packages: build it with --project \(project) --target "
                    + "\(url.lastPathComponent) (`nsesim targets --project \(project)` lists the targets)")
        }
        return notes
    }

    /// The first `.xcodeproj` (or XcodeGen `project.yml`) in the three folders above `folder`.
    static func projectAbove(_ folder: URL) -> String? {
        var current = folder.deletingLastPathComponent()
        for _ in 0..<3 {
            let names = ((try? FileManager.default.contentsOfDirectory(atPath: current.path)) ?? []).sorted()
            if let name = names.first(where: { $0.hasSuffix(".xcodeproj") }) ?? names.first(where: { $0 == "project.yml" }) {
                return current.appendingPathComponent(name).path
            }
            guard current.path != "/" else { break }
            current = current.deletingLastPathComponent()
        }
        return nil
    }
}
