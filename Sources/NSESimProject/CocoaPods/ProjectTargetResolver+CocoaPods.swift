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
                var fetched = PodfileTarget.Pod(name: pod, version: version, module: PodModuleNames.module(for: pod), standIn: nil)
                fetched.git = podfile.gitSources[Podspec.root(of: pod)] ?? lock.flatMap { Self.gitSource(of: pod, in: $0) }
                return [fetched]
            }
            // A development pod: its podspec's module_name, else CocoaPods' default. `:path` names
            // the pod's folder, or its podspec (`:path => '../../Appcues.podspec'`).
            var location = (path.hasPrefix("/") ? URL(fileURLWithPath: path) : folder.appendingPathComponent(path)).standardizedFileURL
            let root = String(pod.split(separator: "/").first ?? "")
            var specFile = location.appendingPathComponent("\(root).podspec")
            if location.lastPathComponent.hasSuffix(".podspec") || location.lastPathComponent.hasSuffix(".podspec.json") {
                specFile = location
                location = location.deletingLastPathComponent()
            }
            if !FileManager.default.fileExists(atPath: specFile.path),
                FileManager.default.fileExists(atPath: specFile.path + ".json")
            {
                specFile = URL(fileURLWithPath: specFile.path + ".json")
            }
            let spec = try? Podspec(contentsOf: specFile)
            var local = PodfileTarget.Pod(
                name: pod, version: version ?? spec?.version, module: spec?.module ?? PodModuleNames.module(for: pod), standIn: nil,
                folder: location)
            local.spec = spec
            if let spec {
                let selection = spec.selection(Set(pod.contains("/") ? [String(pod.drop { $0 != "/" }.dropFirst())] : []))
                local.sourceFiles = selection.attributes.sourceFiles
                local.excludeFiles = selection.attributes.excludeFiles
            } else if let text = try? String(contentsOf: specFile, encoding: .utf8) {
                local.sourceFiles = PodfileTarget.sourceFilePatterns(in: text)
            }
            return [local]
        }
        let root = project.sourceRoot.path + "/"
        let path = podfile.file.path.hasPrefix(root) ? String(podfile.file.path.dropFirst(root.count)) : podfile.file.path
        var target = PodfileTarget(podfile: path, target: name, pods: pods)
        target.lockedVersions = lock?.versions ?? [:]
        for root in Set((lock?.externalSources ?? [:]).keys) {
            if let lock, let source = Self.gitSource(of: root, in: lock) { target.externalSources[root] = source }
        }
        for (root, source) in podfile.gitSources { target.externalSources[root] = source }
        return target
    }

    /// Where Podfile.lock says `pod` comes from when from a repository (`EXTERNAL SOURCES`'
    /// `:git`, with `CHECKOUT OPTIONS`' `:commit`).
    static func gitSource(of pod: String, in lock: PodfileLock) -> Podspec.Source? {
        guard let options = lock.externalSources[Podspec.root(of: pod)], let git = options["git"] else { return nil }
        return Podspec.Source(
            git: git, tag: options["tag"], commit: options["commit"], branch: options["branch"], submodules: options["submodules"] == "true"
        )
    }
}
