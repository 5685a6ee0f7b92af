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
            // The pods nothing else supplies, built from their sources (or named below).
            let pods = try await podModules(
                of: target, folder: folder, specs: PodSpecRepository(option: selection.podSpecs), mirrors: selection.packageMirrors)
            folder.projectModules.merge(pods.modules) { own, _ in own }
            folder.origin?.podBuilds = pods.explanation
            // What cannot build on Linux is named all at once, before compiling: pods that cannot,
            // local packages and vendored frameworks, then the fetched packages.
            let obstacles = pods.obstacles + linuxObstacles(of: target, folder: folder)
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

    /// The pods of `target` whose module the sources (or the project's modules) import and
    /// nothing else supplies, and the pods they depend on, built from their sources (`PodsBuild`).
    func podModules(
        of target: ProjectTarget, folder: ExtensionFolder, specs: PodSpecRepository, mirrors: [String: String]
    ) async throws(ExtensionError) -> PodsBuild.Built {
        guard let pods = target.pods else { return PodsBuild.Built() }
        var sites: [String: (file: String, line: Int)] = folder.imports.sites.mapValues { ($0.file, $0.line) }
        for module in folder.projectModules.values.sorted(by: { $0.name < $1.name }) {
            for (imported, site) in module.imports.sites where sites[imported] == nil {
                sites[imported] = (target.relativePath(of: module.folder.appendingPathComponent(site.file)), site.line)
            }
        }
        let given = packages.map(\.path)
        let wanted = target.unavailablePodModules(
            imports: sites, providedModules: FrameworkTable.modules, moduleFolders: folder.moduleSearchFolders,
            packages: given + folder.packages)
        let imported = Set(sites.keys)
        let local = pods.pods.filter { $0.folder != nil && imported.contains($0.module) }
        let supplied = { (module: String) in
            FrameworkTable.modules.contains(module)
                || folder.moduleSearchFolders.contains { FileManager.default.fileExists(atPath: $0.appendingPathComponent(module).path) }
                || (given + folder.packages).contains { package in
                    (try? String(contentsOf: package.appendingPathComponent("Package.swift"), encoding: .utf8))?.contains("\"\(module)\"")
                        == true
                }
        }
        // The imports nothing supplies yet: another pod of the target may give one under its podspec's module_name.
        let claimed = Set(wanted.map(\.module)).union(pods.pods.map(\.module)).union(folder.projectModules.keys)
            .union(target.remotePackages.flatMap(\.products)).union([folder.moduleName]).union(Self.toolchainModules)
            .union(FrameworkTable.aliases.keys)
        let unclaimed = sites.filter { !claimed.contains($0.key) && !supplied($0.key) }
        let candidates = pods.pods.filter { pod in
            pod.standIn == nil && pod.folder == nil && !wanted.contains { $0.pod.name == pod.name } && !imported.contains(pod.module)
        }
        let needsDependencies = local.contains { !($0.spec?.selection([]).attributes.dependencies.isEmpty ?? true) }
        guard !wanted.isEmpty || needsDependencies || (!unclaimed.isEmpty && !candidates.isEmpty) else { return PodsBuild.Built() }
        let build = PodsBuild(pods: pods, specs: specs, mirrors: mirrors, cache: toolchain.cacheDirectory)
        return try await build.prepare(
            target: target.name, wanted: wanted, local: local, candidates: candidates, unclaimed: unclaimed, supplied: supplied)
    }

    /// The modules Swift's toolchain has on Linux: no pod gives them.
    static let toolchainModules: Set<String> = [
        "Swift", "Foundation", "FoundationEssentials", "FoundationNetworking", "FoundationXML", "Dispatch", "Glibc", "Darwin",
        "_Concurrency", "Observation", "RegexBuilder", "Synchronization", "XCTest", "Testing",
    ]

    /// What of `target`'s dependencies cannot build on Linux, known before fetching (the pods
    /// are `podModules(of:)`'s): the local packages with a binary
    /// target or Objective-C sources, the vendored binary frameworks whose module the sources
    /// import (a module supplied in `Modules/NAME/` or by `--package` is not one).
    func linuxObstacles(of target: ProjectTarget, folder: ExtensionFolder) -> [LinuxObstacle] {
        let sites: [String: (file: String, line: Int)] = folder.imports.sites.mapValues { ($0.file, $0.line) }
        let given = packages.map(\.path)
        var obstacles: [LinuxObstacle] = []
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
