import Foundation

extension ProjectTarget {
    /// The pods whose module the sources import and that nothing supplies: not a stand-in
    /// (not among `providedModules`), not a framework target, no `Modules/NAME/` folder among
    /// `moduleFolders`, no package among `packages` declaring it. `imports` are the modules the
    /// sources import, each with where it is first imported (a file relative to the project's
    /// folder, a line). Each as the message names it (`Alamofire 5.8.1 (import Alamofire at
    /// NotificationService/Downloader.swift:2)`), with the module the sources import from it.
    package func unavailablePodModules(
        imports: [String: (file: String, line: Int)], providedModules: Set<String>,
        moduleFolders: [URL], packages: [URL]
    ) -> [(pod: PodfileTarget.Pod, label: String, module: String)] {
        guard let pods else { return [] }
        let manager = FileManager.default
        var named = Set<String>()
        // A pod whose module is not imported may give one under a name of its podspec's.
        let podModules = Set(pods.pods.map(\.module))
        let unclaimed = Set(imports.keys).subtracting(podModules).subtracting(providedModules)
        return pods.pods.compactMap { pod in
            var pod = pod
            if pod.standIn == nil, pod.folder == nil, imports[pod.module] == nil,
                let module = PodModuleNames.importedModule(ofPod: pod.name, among: unclaimed)
            {
                let git = pod.git
                pod = PodfileTarget.Pod(name: pod.name, version: pod.version, module: module, standIn: nil)
                pod.git = git
            }
            guard pod.standIn == nil, let site = imports[pod.module], !providedModules.contains(pod.module),
                !frameworks.contains(where: { $0.moduleName == pod.module }),
                !remotePackages.contains(where: { $0.products.contains(pod.module) }),
                !moduleFolders.contains(where: { manager.fileExists(atPath: $0.appendingPathComponent(pod.module).path) }),
                !packages.contains(where: { folder in
                    (try? String(contentsOf: folder.appendingPathComponent("Package.swift"), encoding: .utf8))?
                        .contains("\"\(pod.module)\"") == true
                }),
                named.insert(pod.module).inserted
            else { return nil }
            return (pod, "\(pod.name)\(pod.version.map { " \($0)" } ?? "") (import \(pod.module) at \(site.file):\(site.line))", pod.module)
        }
    }
}
