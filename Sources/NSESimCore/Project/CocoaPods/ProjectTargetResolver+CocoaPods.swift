import Foundation

extension ProjectTargetResolver {
    /// The pods of target `name` when the project uses CocoaPods (a `Podfile` beside the
    /// project): its Podfile block's pods, their versions from `Podfile.lock`, and which
    /// nsesim stands in for. `Pods/` is not read: it is made by `pod install`, never in git.
    func pods(of name: String) throws(XcodeProjectError) -> PodfileTarget? {
        let folders = [project.url.deletingLastPathComponent(), project.sourceRoot]
        guard let folder = folders.first(where: { FileManager.default.fileExists(atPath: $0.appendingPathComponent("Podfile").path) }),
              let podfile = Podfile(contentsOf: folder.appendingPathComponent("Podfile")),
              let names = podfile.pods(forTarget: name) else { return nil }
        let lockFile = folder.appendingPathComponent("Podfile.lock")
        let lock = FileManager.default.fileExists(atPath: lockFile.path) ? try PodfileLock(contentsOf: lockFile) : nil
        let pods = names.flatMap { pod -> [PodfileTarget.Pod] in
            let version = lock?.version(of: pod)
            if let modules = PodStandIns.modules(for: pod) {
                return modules.map { .init(name: pod, version: version, module: $0, standIn: $0) }
            }
            return [.init(name: pod, version: version, module: PodStandIns.defaultModule(for: pod), standIn: nil)]
        }
        let root = project.sourceRoot.path + "/"
        let path = podfile.file.path.hasPrefix(root) ? String(podfile.file.path.dropFirst(root.count)) : podfile.file.path
        return PodfileTarget(podfile: path, target: name, pods: pods)
    }
}
