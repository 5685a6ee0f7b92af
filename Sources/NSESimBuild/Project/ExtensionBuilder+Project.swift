import Foundation
import NSESimProject

extension ExtensionBuilder {
    /// The extension `input` names, built (or from the cache).
    package func prepare(_ input: ExtensionInput) async throws(ExtensionError) -> BuiltExtension {
        switch input {
        case .path(let path):
            return try await prepare(path: path)
        case .project(let selection):
            let start = ContinuousClock.now
            let target = try resolve(selection)
            var folder = try ExtensionFolder(target: target, modules: moduleFolders)
            // Pods nothing supplies are named all at once, before a build that would name one.
            let missing = target.unavailablePods(imports: folder.imports, moduleFolders: folder.moduleSearchFolders,
                                                 packages: packages.map(\.path) + folder.packages)
            if let pods = target.pods, !missing.isEmpty {
                throw .project(.unavailablePods(target: target.name, podfile: pods.podfile, pods: missing))
            }
            // A remote product whose module the user supplies in Modules/NAME/ is not fetched.
            let supplied = { (module: String) in
                folder.moduleSearchFolders.contains { FileManager.default.fileExists(atPath: $0.appendingPathComponent(module).path) }
            }
            let remotePackages = target.remotePackages.filter { !$0.products.allSatisfy(supplied) }
            if !remotePackages.isEmpty {
                let remote = RemotePackageBuild(packages: remotePackages, mirrors: selection.packageMirrors)
                folder.packages.append(try await remote.prepare(toolchain: toolchain))
            }
            return try await build(folder, start: start)
        }
    }

    /// The project target `selection` names, resolved with this builder's settings and packages.
    package func resolve(_ selection: ProjectSelection) throws(ExtensionError) -> ProjectTarget {
        do {
            if let spec = XcodeGenSpec.locate(selection.path) {
                return try XcodeGenTargetResolver(spec: try XcodeGenSpec(contentsOf: spec), appIdentifier: appIdentifier,
                                                  explicit: settings, givenPackages: packages.map(\.path))
                    .resolve(target: selection.target, configuration: selection.configuration)
            }
            let project = try XcodeProject(path: selection.path)
            return try ProjectTargetResolver(project: project, appIdentifier: appIdentifier, explicit: settings,
                                             givenPackages: packages.map(\.path))
                .resolve(target: selection.target, configuration: selection.configuration)
        } catch {
            throw .project(error)
        }
    }
}
