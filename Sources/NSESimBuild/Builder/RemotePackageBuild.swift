import Crypto
import Foundation
import NSESimProject
import Subprocess
import SystemPackage

/// Builds a target's remote Swift packages as Xcode does, with SwiftPM at their pins: a
/// package of nsesim's in its cache (one per set of pins) depends on each by URL at its
/// revision, with the project's `Package.resolved` for the packages they depend on and the
/// mirrors given; it is then linked as a local package (`LocalPackage`).
package struct RemotePackageBuild: Sendable {
    /// The packages, with the products linked.
    package let packages: [RemotePackage]
    /// Original URL → mirror (a path or URL): `--package-mirror`.
    package let mirrors: [String: String]

    package init(packages: [RemotePackage], mirrors: [String: String] = [:]) {
        self.packages = packages
        self.mirrors = mirrors
    }

    /// The name of the package nsesim writes (and of its one target).
    static let wrapperName = "NSESimRemotePackages"

    /// The manifest of the package that depends on the remote ones.
    package var manifest: String {
        let dependencies = packages.map {
            "        .package(url: \(RemotePackageRequirement.quoted($0.url)), \($0.requirement.manifestArguments)),"
        }
        let products = packages.flatMap { package in
            package.products.map { product in
                let name = RemotePackageRequirement.quoted(product)
                return ".product(name: \(name), package: \(RemotePackageRequirement.quoted(package.packageArgument)))"
            }
        }
        return """
            // swift-tools-version:5.9
            // Written by nsesim: the remote Swift packages of an Xcode project's target, at their pins.
            import PackageDescription

            let package = Package(
                name: "\(Self.wrapperName)",
                products: [.library(name: "\(Self.wrapperName)", targets: ["\(Self.wrapperName)"])],
                dependencies: [
            \(dependencies.joined(separator: "\n"))
                ],
                targets: [.target(name: "\(Self.wrapperName)", dependencies: [\(products.joined(separator: ", "))])]
            )

            """
    }

    /// The wrapper package's folder in `toolchain`'s cache, written, its packages fetched
    /// and built: the folder to link as a local package. What among the fetched packages
    /// (every one of the graph) cannot build on Linux is named with `known`, what the target
    /// has besides (pods, local packages, binary frameworks), all at once before compiling.
    package func prepare(
        toolchain: ExtensionToolchain, target: String = "",
        obstacles known: [LinuxObstacle] = []
    ) async throws(ExtensionError) -> URL {
        let manifest = manifest
        // One package per set of pins and mirrors: SwiftPM records where it fetched each pin from.
        let mirrorFile = PackageMirrors.configuration(
            PackageMirrorLinks.distinctlyNamed(
                PackageMirrors.shared().merging(mirrors) { _, given in given }, cache: toolchain.cacheDirectory))
        let digest = SHA256.hash(data: Data(manifest.utf8) + mirrorFile).prefix(8).map { String(format: "%02x", $0) }.joined()
        let folder = toolchain.cacheDirectory.appendingPathComponent("remote-packages").appendingPathComponent(digest)
        do {
            try write(manifest, mirrors: mirrorFile, into: folder)
        } catch {
            throw .environment("cannot write the package for the remote packages in \(folder.path): \(error.localizedDescription)")
        }
        // Fetched and built before: the extension's build runs SwiftPM's incremental build of it.
        let ready = folder.appendingPathComponent(".nsesim-built")
        if FileManager.default.fileExists(atPath: ready.path) {
            if !known.isEmpty { throw .notBuildableOnLinux(target: target, obstacles: known) }
            return folder
        }
        var local = LocalPackage(path: folder, mirrors: mirrors)
        local.isRemotePackagesWrapper = true
        let scratch = local.scratchPath(toolchain: toolchain)
        let swift = toolchain.swiftc.deletingLastPathComponent().appendingPathComponent("swift")
        let resolved = try await run(swift, ["package", "--package-path", folder.path, "--scratch-path", scratch.path, "resolve"])
        // Every fetched package that cannot build on Linux (a binary target fails the fetch itself).
        let all = known + obstacles(scratch: scratch).filter { !known.contains($0) }
        if !all.isEmpty { throw .notBuildableOnLinux(target: target, obstacles: all) }
        if !resolved.success {
            throw .remotePackage(.cannotFetch(packages: packages.map(\.label), diagnostics: resolved.errors))
        }
        Self.neutralizeObjectiveC(inCheckoutsOf: scratch)
        do {
            _ = try await local.build(toolchain: toolchain)
        } catch {
            guard case .buildFailed(_, let diagnostics) = error else { throw error }
            let errors = Array(diagnostics.dropFirst())
            if let unbuildable = unbuildable(scratch: scratch, mentioned: errors) { throw .remotePackage(unbuildable) }
            throw .remotePackage(.buildFailed(packages: packages.map(\.label), diagnostics: errors))
        }
        _ = FileManager.default.createFile(atPath: ready.path, contents: Data())
        return folder
    }

    /// What SwiftPM resolved, in the wrapper `folder`'s `Package.resolved`, for the packages no
    /// pin fixed (the project's rules: from, up to the next minor, exact, a range, a branch):
    /// `TinyFormat from https://… 1.2.0 at 1a2b3c4d5e6f`, for `build --explain` and the report.
    package func resolvedWithoutPins(in folder: URL) -> [(url: String, line: String, revision: String)] {
        let unpinned = packages.filter { if case .revision = $0.requirement { false } else { true } }
        guard !unpinned.isEmpty,
            let resolved = try? PackageResolved(contentsOf: folder.appendingPathComponent("Package.resolved"))
        else { return [] }
        return unpinned.compactMap { package in
            guard let pin = resolved.pin(for: package.url) else { return nil }
            let line =
                "\(package.products.joined(separator: ", ")) from \(package.url) (\(package.requirement.description)): "
                + "\(pin.version ?? "no version") at \(pin.revision.prefix(12))"
            return (package.url, line, pin.revision)
        }
    }

    /// Writes the manifest, an empty source file, the mirrors and the project's pins
    /// (what the remote packages depend on is pinned as Xcode pinned it).
    private func write(_ manifest: String, mirrors: Data, into folder: URL) throws {
        let manager = FileManager.default
        let sources = folder.appendingPathComponent("Sources/\(Self.wrapperName)")
        try manager.createDirectory(at: sources, withIntermediateDirectories: true)
        try Self.writeIfChanged(Data(manifest.utf8), to: folder.appendingPathComponent("Package.swift"))
        try Self.writeIfChanged(
            Data("// The remote packages' modules are linked into the extension; nothing here.\n".utf8),
            to: sources.appendingPathComponent("\(Self.wrapperName).swift"))
        let configuration = folder.appendingPathComponent(".swiftpm/configuration")
        try manager.createDirectory(at: configuration, withIntermediateDirectories: true)
        try Self.writeIfChanged(mirrors, to: configuration.appendingPathComponent("mirrors.json"))
        let pinned = folder.appendingPathComponent("Package.resolved")
        if !manager.fileExists(atPath: pinned.path), let file = packages.compactMap(\.resolvedFile).first,
            let data = manager.contents(atPath: file.path)
        {
            try data.write(to: pinned, options: .atomic)
        }
    }

    private static func writeIfChanged(_ data: Data, to file: URL) throws {
        if FileManager.default.contents(atPath: file.path) == data { return }
        try data.write(to: file, options: .atomic)
    }

    /// The fetched packages (the whole graph: SwiftPM's checkouts) that cannot build on Linux,
    /// each named by the URL the project gives it (not its mirror).
    func obstacles(scratch: URL) -> [LinuxObstacle] {
        checkouts(scratch: scratch).compactMap { checkout in
            guard let reason = LinuxObstacle.reason(inPackageAt: checkout.folder) else { return nil }
            let package = projectPackage(at: checkout.location)
            return LinuxObstacle(
                dependency: "the Swift package \(checkout.name) (\(package?.url ?? checkout.location))", reason: reason,
                modules: package?.products ?? [checkout.name])
        }
    }

    /// SwiftPM's checkouts in `scratch`: each package's name, where it was fetched from, its folder.
    private func checkouts(scratch: URL) -> [(name: String, location: String, folder: URL)] {
        let state = scratch.appendingPathComponent("workspace-state.json")
        guard let data = FileManager.default.contents(atPath: state.path),
            let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
            let dependencies = (object["object"] as? [String: Any])?["dependencies"] as? [[String: Any]]
        else { return [] }
        return dependencies.compactMap { dependency in
            guard let reference = dependency["packageRef"] as? [String: Any], let subpath = dependency["subpath"] as? String else {
                return nil
            }
            let location = reference["location"] as? String ?? "?"
            return (
                (reference["name"] as? String) ?? subpath, location,
                scratch.appendingPathComponent("checkouts").appendingPathComponent(subpath)
            )
        }
    }

    /// The project's package fetched from `location` (its URL, its mirror, or a link to the mirror).
    private func projectPackage(at location: String) -> RemotePackage? {
        packages.first { package in
            package.url == location || mirrors[package.url] == location
                || RemotePackage.identity(of: package.url) == RemotePackage.identity(of: location)
        }
    }

    /// A fetched package that cannot build on Linux, among those `errors` mention (all
    /// fetched ones when they mention none): one with a binary target (an xcframework), or
    /// whose sources are Objective-C only.
    private func unbuildable(scratch: URL, mentioned errors: [String]) -> RemotePackageError? {
        let state = scratch.appendingPathComponent("workspace-state.json")
        guard let data = FileManager.default.contents(atPath: state.path),
            let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
            let dependencies = (object["object"] as? [String: Any])?["dependencies"] as? [[String: Any]]
        else { return nil }
        let checkouts: [(name: String, location: String, folder: URL)] = dependencies.compactMap { dependency in
            guard let reference = dependency["packageRef"] as? [String: Any], let subpath = dependency["subpath"] as? String else {
                return nil
            }
            let location = reference["location"] as? String ?? "?"
            return (
                (reference["name"] as? String) ?? subpath, location,
                scratch.appendingPathComponent("checkouts").appendingPathComponent(subpath)
            )
        }
        let text = errors.joined(separator: "\n")
        let named = checkouts.filter {
            text.contains($0.folder.path + "/") || text.contains("'\($0.name)'")
                || text.contains($0.location)
        }
        for checkout in named.isEmpty ? checkouts : named {
            guard let reason = Self.linuxObstacle(in: checkout.folder) else { continue }
            // Name it by the URL the project gives, not by its mirror.
            let url =
                packages.first { package in
                    package.url == checkout.location || mirrors[package.url] == checkout.location
                        || RemotePackage.identity(of: package.url) == RemotePackage.identity(of: checkout.location)
                }?.url ?? mirrors.first { $0.value == checkout.location }?.key ?? checkout.location
            return .notForLinux(package: checkout.name, url: url, reason: reason)
        }
        return nil
    }

    /// Why the package in `folder` cannot build on Linux, if it plainly cannot.
    static func linuxObstacle(in folder: URL) -> String? {
        if let manifest = try? String(contentsOf: folder.appendingPathComponent("Package.swift"), encoding: .utf8),
            manifest.contains(".binaryTarget(")
        {
            return "it ships a binary target (an xcframework built for Apple's platforms)"
        }
        var swift = 0
        var objectiveC = 0
        let enumerator = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)
        while let file = enumerator?.nextObject() as? URL {
            if file.lastPathComponent == ".git" || file.lastPathComponent == "Tests" {
                enumerator?.skipDescendants()
                continue
            }
            switch file.pathExtension {
            case "swift" where file.lastPathComponent != "Package.swift": swift += 1
            case "m", "mm": objectiveC += 1
            default: break
            }
        }
        return objectiveC > 0 && swift == 0 ? "its sources are Objective-C, which Linux's toolchain builds without Apple's Foundation" : nil
    }

    private func run(_ swift: URL, _ arguments: [String]) async throws(ExtensionError) -> (success: Bool, errors: [String]) {
        let result: ExecutionResult<Void, StringOutput<UTF8>, StringOutput<UTF8>>
        do {
            result = try await Subprocess.run(
                .path(FilePath(swift.path)), arguments: Arguments(arguments),
                environment: .inherit.updating(PackageMirrorLinks.gitEnvironment(mirrors)),
                output: .string(limit: 4 * 1024 * 1024), error: .string(limit: 4 * 1024 * 1024))
        } catch {
            throw .environment("cannot run \(swift.path): \(error)")
        }
        if case .exited(0) = result.terminationStatus { return (true, []) }
        // The compiler's diagnostic lines, each once (not the source excerpts that repeat them).
        var seen = Set<Substring>()
        let lines = (result.standardError + result.standardOutput).split(separator: "\n")
            .filter {
                $0.contains("error:") && !($0.first?.isWhitespace ?? true) && !$0.hasSuffix("error: fatalError") && seen.insert($0).inserted
            }
            .suffix(12).map(String.init)
        return (false, lines)
    }
}
