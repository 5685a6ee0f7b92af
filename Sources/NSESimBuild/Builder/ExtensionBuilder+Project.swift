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
            folder.packageMirrors = selection.packageMirrors
            // Pods nothing supplies are named all at once, before a build that would name one.
            let missing = target.unavailablePods(imports: folder.imports.sites.mapValues { ($0.file, $0.line) },
                                                 providedModules: FrameworkTable.modules, moduleFolders: folder.moduleSearchFolders,
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
            return try projectResolver.resolve(selection)
        } catch {
            throw .project(error)
        }
    }

    /// What reads the projects this builder builds: its app, settings and packages, and the
    /// modules nsesim provides.
    package var projectResolver: ProjectResolver {
        ProjectResolver(appIdentifier: appIdentifier, settings: settings, packages: packages.map(\.path),
                        providedModules: FrameworkTable.modules)
    }
}
