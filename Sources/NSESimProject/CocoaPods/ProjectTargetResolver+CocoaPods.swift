import Foundation

extension ProjectTargetResolver {
    /// The pods of target `name` when the project uses CocoaPods (a `Podfile` beside the
    /// project): its Podfile block's pods, their versions from `Podfile.lock`, and which
    /// nsesim stands in for. `Pods/` is not read: it is made by `pod install`, never in git.
    func pods(of name: String) throws(XcodeProjectError) -> PodfileTarget? {
        let folders = [project.url.deletingLastPathComponent(), project.sourceRoot]
        guard let folder = folders.first(where: { FileManager.default.fileExists(atPath: $0.appendingPathComponent("Podfile").path) }),
            let podfile = Podfile(contentsOf: folder.appendingPathComponent("Podfile")),
            let names = podfile.pods(forTarget: name)
        else { return nil }
        let lockFile = folder.appendingPathComponent("Podfile.lock")
        let lock = FileManager.default.fileExists(atPath: lockFile.path) ? try PodfileLock(contentsOf: lockFile) : nil
        let pods = names.flatMap { pod -> [PodfileTarget.Pod] in
            let version = lock?.version(of: pod)
            if let modules = PodStandIns.modules(for: pod) {
                return modules.map { .init(name: pod, version: version, module: $0, standIn: $0) }
            }
            guard let path = podfile.localPaths[pod] else {
                return [.init(name: pod, version: version, module: PodModuleNames.module(for: pod), standIn: nil)]
            }
            // A development pod: its podspec's module_name, else CocoaPods' default. `:path` names
            // the pod's folder, or its podspec (`:path => '../../Appcues.podspec'`).
            var location = (path.hasPrefix("/") ? URL(fileURLWithPath: path) : folder.appendingPathComponent(path)).standardizedFileURL
            let root = String(pod.split(separator: "/").first ?? "")
            var specFile = location.appendingPathComponent("\(root).podspec")
            if location.lastPathComponent.hasSuffix(".podspec") {
                specFile = location
                location = location.deletingLastPathComponent()
            }
            let spec = try? String(contentsOf: specFile, encoding: .utf8)
            let module = spec?.split(separator: "\n").first { $0.contains(".module_name") }.flatMap { Podfile.firstString(in: String($0)) }
            var local = PodfileTarget.Pod(
                name: pod, version: version, module: module ?? PodModuleNames.module(for: pod), standIn: nil,
                folder: location)
            local.sourceFiles = spec.map(PodfileTarget.sourceFilePatterns(in:)) ?? []
            return [local]
        }
        let root = project.sourceRoot.path + "/"
        let path = podfile.file.path.hasPrefix(root) ? String(podfile.file.path.dropFirst(root.count)) : podfile.file.path
        return PodfileTarget(podfile: path, target: name, pods: pods)
    }
}
