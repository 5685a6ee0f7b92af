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
            // What cannot build on Linux is named all at once, before compiling: pods nothing
            // supplies, local packages and vendored frameworks, then the fetched packages.
            let obstacles = linuxObstacles(of: target, folder: folder)
            // A remote product whose module the user supplies in Modules/NAME/ is not fetched.
            let supplied = { (module: String) in
                folder.moduleSearchFolders.contains { FileManager.default.fileExists(atPath: $0.appendingPathComponent(module).path) }
            }
            let remotePackages = target.remotePackages.filter { !$0.products.allSatisfy(supplied) }
            if !remotePackages.isEmpty {
                let remote = RemotePackageBuild(packages: remotePackages, mirrors: selection.packageMirrors)
                let wrapper = try await remote.prepare(toolchain: toolchain, target: target.name, obstacles: obstacles)
                folder.packages.append(wrapper)
                // What SwiftPM resolved from the project's rules where nothing pinned a package.
                let resolved = remote.resolvedWithoutPins(in: wrapper)
                if var origin = folder.origin, !resolved.isEmpty {
                    origin.resolvedWithoutPins = resolved.map(\.line)
                    origin.remotePackages = origin.remotePackages.map { entry in
                        resolved.first { entry.hasPrefix($0.url + " ") }.map { "\($0.url)@\($0.revision)" } ?? entry
                    }
                    folder.origin = origin
                }
            } else if !obstacles.isEmpty {
                throw .notBuildableOnLinux(target: target.name, obstacles: obstacles)
            }
            return try await build(folder, start: start)
        }
    }

    /// What of `target`'s dependencies cannot build on Linux, known before fetching: the pods
    /// whose module the sources import and nothing supplies, the local packages with a binary
    /// target or Objective-C sources, the vendored binary frameworks whose module the sources
    /// import (a module supplied in `Modules/NAME/` or by `--package` is not one).
    func linuxObstacles(of target: ProjectTarget, folder: ExtensionFolder) -> [LinuxObstacle] {
        let sites: [String: (file: String, line: Int)] = folder.imports.sites.mapValues { ($0.file, $0.line) }
        let given = packages.map(\.path)
        var obstacles: [LinuxObstacle] = []
        if let pods = target.pods {
            for pod in target.unavailablePodModules(
                imports: sites, providedModules: FrameworkTable.modules,
                moduleFolders: folder.moduleSearchFolders, packages: given + folder.packages)
            {
                obstacles.append(
                    LinuxObstacle(
                        dependency: "pod \(pod.label)",
                        reason: "nsesim does not stand in for it and cannot "
                            + "install pods (CocoaPods runs on macOS only; \(pods.podfile))", modules: [pod.module]))
            }
        }
        for package in target.packages {
            guard let reason = LinuxObstacle.reason(inPackageAt: package) else { continue }
            obstacles.append(
                LinuxObstacle(
                    dependency: "the local package \(target.relativePath(of: package))", reason: reason,
                    modules: []))
        }
        let supplied = { (module: String) in
            folder.moduleSearchFolders.contains { FileManager.default.fileExists(atPath: $0.appendingPathComponent(module).path) }
                || given.contains { folder in
                    (try? String(contentsOf: folder.appendingPathComponent("Package.swift"), encoding: .utf8))?.contains("\"\(module)\"")
                        == true
                }
        }
        for framework in target.binaryFrameworks {
            let module = XcodeSettings.moduleName(for: framework.deletingPathExtension().lastPathComponent)
            guard let site = sites[module], !FrameworkTable.modules.contains(module), !supplied(module) else { continue }
            obstacles.append(
                LinuxObstacle(
                    dependency: "\(framework.lastPathComponent) (import \(module) at \(site.file):\(site.line))",
                    reason: "a binary framework the Frameworks phase links, built for Apple's platforms",
                    modules: [module]))
        }
        return obstacles
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
        ProjectResolver(
            appIdentifier: appIdentifier, settings: settings, packages: packages.map(\.path),
            providedModules: FrameworkTable.modules)
    }
}
