import Crypto
import Foundation
import NSESimProject
import Subprocess
import SystemPackage

/// A local Swift package whose library products an extension imports (`--package PATH`):
/// built by SwiftPM in a scratch folder of nsesim's cache (the package's folder is not
/// written to), its library targets' object files then linked into the extension.
package struct LocalPackage: Sendable {
    /// The package's folder (it holds Package.swift).
    package let path: URL
    /// Original URL → mirror (`--package-mirror`): where the package's own remote
    /// dependencies are fetched from.
    package var mirrors: [String: String] = [:]
    /// Whether the package is the one nsesim writes in its cache to build a project's remote
    /// packages: its failures name no copy of it to give (the user has none).
    package var isRemotePackagesWrapper = false

    package init(path: URL, mirrors: [String: String] = [:]) {
        self.path = path.standardizedFileURL
        self.mirrors = mirrors
    }

    /// What the extension's build needs of the built package.
    package struct Built: Sendable {
        /// SwiftPM's `Modules` folder: the package's `.swiftmodule` files.
        package let modulesDirectory: URL
        /// The object files of its library targets (and their dependencies').
        package let objectFiles: [URL]
        /// The module maps of its C targets.
        package let moduleMaps: [URL]
        /// The build's identity, for the extension's cache key: each object file's path, size and time.
        package let identity: String
        /// Whether it was built against nsesim's frameworks or Linux's Foundation only.
        package var mode: FrameworkMode = .frameworks
        /// The libraries of the nsesim frameworks the package imports, which the extension links.
        package var frameworkLibraries: [String] = []

        /// The Swift modules it provides (its `.swiftmodule` files): a framework target of the
        /// project that imports one is compiled with the package too.
        package var moduleNames: Set<String> {
            let files = (try? FileManager.default.contentsOfDirectory(atPath: modulesDirectory.path)) ?? []
            return Set(files.filter { $0.hasSuffix(".swiftmodule") }.map { String($0.dropLast(".swiftmodule".count)) })
        }

        /// What the extension's swiftc is given.
        package var arguments: [String] {
            ["-I", modulesDirectory.path] + moduleMaps.flatMap { ["-Xcc", "-fmodule-map-file=\($0.path)"] } + objectFiles.map(\.path)
                + frameworkLibraries.map { "-l\($0)" }
        }
    }

    /// Builds the package with the `swift` beside `swiftc` (SwiftPM's own incremental build:
    /// a second build of an unchanged package takes a moment).
    package func build(toolchain: ExtensionToolchain) async throws(ExtensionError) -> Built {
        guard FileManager.default.fileExists(atPath: path.appendingPathComponent("Package.swift").path) else {
            throw .badModule(
                folder: path.path, message: "--package \(path.path): no Package.swift there; give the folder of a Swift package")
        }
        let swift = toolchain.swiftc.deletingLastPathComponent().appendingPathComponent("swift")
        let frameworksScratch = scratchPath(toolchain: toolchain)
        // The package as SwiftPM builds it: a copy without @objc when its sources have it.
        let source = try buildSource(scratch: frameworksScratch).folder
        let configuration = try mirrorConfiguration(toolchain: toolchain).map { ["--config-path", $0.path] } ?? []
        let common = ["--package-path", source.path, "--scratch-path", frameworksScratch.path] + configuration
        // Its remote dependencies, fetched, without what needs the Objective-C runtime: once,
        // and again when the manifest changes (a later build reuses SwiftPM's checkouts).
        let manifestFile = source.appendingPathComponent("Package.swift")
        let state = frameworksScratch.appendingPathComponent("workspace-state.json")
        let modified = { (file: URL) in (try? file.resourceValues(forKeys: [.contentModificationDateKey]))?.contentModificationDate }
        if let manifest = try? String(contentsOf: manifestFile, encoding: .utf8), manifest.contains("url:"),
            modified(state).map({ fetched in modified(manifestFile).map { $0 > fetched } ?? true }) ?? true
        {
            _ = try await run(swift, ["package"] + common + ["resolve"], doing: "fetch the dependencies of", source: source)
            RemotePackageBuild.neutralizeObjectiveC(inCheckoutsOf: frameworksScratch)
        }
        let description = try await run(swift, ["package"] + common + ["describe", "--type", "json"], doing: "read", source: source)
        let executables = Self.nonLibraryTargets(in: description)
        // Against nsesim's frameworks first, as Xcode builds against the SDK; when that fails
        // and a build against Linux's Foundation alone does not, that one (remembered until
        // the package's files change).
        let found = Self.frameworkImports(in: [source, frameworksScratch.appendingPathComponent("checkouts")])
        let marker = Self.linuxOnlyMarker(scratch: frameworksScratch)
        let fingerprint = self.fingerprint()
        var mode = FrameworkMode.frameworks
        var scratch = frameworksScratch
        if FileManager.default.contents(atPath: marker.path) == Data(fingerprint.utf8) {
            mode = .linuxOnly
            scratch = Self.linuxOnlyScratch(frameworksScratch)
            _ = try await run(
                swift, ["build", "--package-path", source.path, "--scratch-path", scratch.path] + configuration,
                doing: "build", source: source)
        } else {
            let flags = try Self.frameworkFlags(
                toolchain: toolchain, imports: found.imports, packageTargets: found.targets, implicit: found.implicit)
            let frameworks = Self.frameworksStamp(toolchain: toolchain)
            Self.forgetBuildAgainstOtherFrameworks(scratch: frameworksScratch, stamp: frameworks)
            do {
                _ = try await run(swift, ["build"] + common + flags, doing: "build", source: source)
                try? Data(frameworks.utf8).write(to: Self.frameworksStampFile(scratch: frameworksScratch))
                try? FileManager.default.removeItem(at: marker)
            } catch {
                let plain = Self.linuxOnlyScratch(frameworksScratch)
                guard
                    (try? await run(
                        swift, ["build", "--package-path", source.path, "--scratch-path", plain.path] + configuration,
                        doing: "build", source: source)) != nil
                else { throw error }
                try? Data(fingerprint.utf8).write(to: marker)
                mode = .linuxOnly
                scratch = plain
            }
        }

        let debug = scratch.appendingPathComponent("debug").resolvingSymlinksInPath()
        let folders = ((try? FileManager.default.contentsOfDirectory(atPath: debug.path)) ?? []).sorted()
        var objects: [URL] = []
        var maps: [URL] = []
        for folder in folders where folder.hasSuffix(".build") {
            let target = String(folder.dropLast(".build".count))
            let url = debug.appendingPathComponent(folder)
            let files = (try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []
            // Executables, tests, macros and plugins are not linked; neither is any target
            // with a `main` (a dependency's executable).
            guard !executables.contains(target), !target.hasSuffix("PackageTests"), !files.contains("main.swift.o") else { continue }
            objects += files.filter { $0.hasSuffix(".o") }.sorted().map { url.appendingPathComponent($0) }
            if files.contains("module.modulemap") { maps.append(url.appendingPathComponent("module.modulemap")) }
        }
        let identity = objects.map { FileStamp.keyLine($0.path) }.joined(separator: "\n")
        var built = Built(
            modulesDirectory: debug.appendingPathComponent("Modules"), objectFiles: objects, moduleMaps: maps,
            identity: identity + "\nmode \(mode.rawValue)")
        built.mode = mode
        // The checkouts as built (a first build fetched them after the flags were chosen).
        let imported = Self.frameworkImports(in: [source, frameworksScratch.appendingPathComponent("checkouts")]).imports
        built.frameworkLibraries = mode == .frameworks ? FrameworkTable.libraries(importing: imported) : []
        return built
    }

    /// The libraries of nsesim's frameworks the package was built against, each file's stamp:
    /// SwiftPM's incremental build does not notice when they change under it (a new nsesim build
    /// whose UIKit changed left Kingfisher's objects calling a symbol that was gone).
    static func frameworksStamp(toolchain: ExtensionToolchain) -> String {
        FrameworkTable.allLibraries.map { library in
            FileStamp.keyLine(toolchain.productsDirectory.appendingPathComponent("lib\(library).so").path)
        }.joined(separator: "\n")
    }

    /// Where the stamp of the frameworks of the last build against them is kept.
    static func frameworksStampFile(scratch: URL) -> URL { scratch.appendingPathComponent(".nsesim-frameworks") }

    /// Removes the build products (not the checkouts) of a build against other frameworks than
    /// `stamp` says, so that SwiftPM compiles the package again against these.
    static func forgetBuildAgainstOtherFrameworks(scratch: URL, stamp: String) {
        let file = frameworksStampFile(scratch: scratch)
        guard let built = FileManager.default.contents(atPath: file.path), built != Data(stamp.utf8) else { return }
        let products = ((try? FileManager.default.contentsOfDirectory(atPath: scratch.path)) ?? []).filter { name in
            name == "debug" || name == "release" || name.hasSuffix("-linux-gnu")
        }
        for name in products { try? FileManager.default.removeItem(at: scratch.appendingPathComponent(name)) }
        try? FileManager.default.removeItem(at: file)
    }

    /// SwiftPM's scratch folder for the package, in nsesim's cache: one per package folder.
    package func scratchPath(toolchain: ExtensionToolchain) -> URL {
        let digest = SHA256.hash(data: Data(path.path.utf8)).prefix(8).map { String(format: "%02x", $0) }.joined()
        return toolchain.cacheDirectory.appendingPathComponent("packages").appendingPathComponent("\(path.lastPathComponent)-\(digest)")
    }

    /// The root package's targets that are not libraries, from `swift package describe`.
    static func nonLibraryTargets(in description: String) -> Set<String> {
        guard let object = try? JSONSerialization.jsonObject(with: Data(description.utf8)) as? [String: Any],
            let targets = object["targets"] as? [[String: Any]]
        else { return [] }
        return Set(
            targets.compactMap { target in
                (target["type"] as? String) == "library" ? nil : target["name"] as? String
            })
    }

    /// What to do when SwiftPM cannot fetch a local package's dependencies (`errors`, SwiftPM's
    /// error lines): a `.package(path:)` dependency that is not on disk is named as such (a
    /// package the project generates or checks out in its own setup: mastodon-ios's
    /// `../dependencies/ArkanaKeys`, which Arkana writes), since no mirror brings it; otherwise
    /// the remote dependencies the manifest declares are named, each to be given a mirror.
    static func fetchHint(errors: [String], manifest: String, package: String) -> [String] {
        let missing = errors.compactMap { line in
            line.firstMatch(of: /the package at '([^']+)' cannot be accessed \(.*doesn't exist/).map { String($0.output.1) }
        }
        if !missing.isEmpty {
            return missing.map { folder in
                "\(folder) is a local package dependency (.package(path:)) of \(package)/Package.swift that is not on disk: "
                    + "the project makes it in its own setup (a generator or a separate checkout; see its README), and no "
                    + "network or mirror brings it; create it there, or give a copy of the package without it with --package PATH"
            }
        }
        let urls = manifest.matches(of: /\.package\s*\((?:[^()]*?,\s*)?url:\s*"([^"]+)"/).map { String($0.output.1) }
        // The repository SwiftPM could not get, when its errors say which (a dependency of a
        // dependency is named by its cache folder only).
        return RemotePackageError.unreachable(in: errors, packages: urls) + [
            "without the network, point each remote dependency"
                + (urls.isEmpty ? "" : " (\(urls.joined(separator: ", ")))")
                + " at a local clone with --package-mirror URL=PATH (or SwiftPM's mirrors in ~/.swiftpm/configuration/mirrors.json)"
        ]
    }

    /// The way in when SwiftPM cannot build a local package (`errors`, its error lines): the
    /// fetched dependencies the errors are in (`…/checkouts/NAME/…`: openHAB's OpenHABCore over
    /// Alamofire, whose `#if canImport(Security)` trust evaluation needs more of Security than
    /// nsesim has) are named with a mirror to a clone that builds as the way in; errors in the
    /// package's own files ask for those files to build on Linux.
    static func buildHint(errors: [String], manifest: String, package: String?) -> [String] {
        var dependencies: [String] = []
        for line in errors {
            guard let match = line.firstMatch(of: /\/checkouts\/([^\/]+)\//) else { continue }
            let name = String(match.output.1)
            if !dependencies.contains(name) { dependencies.append(name) }
        }
        let urls = manifest.matches(of: /url:\s*"([^"]+)"/).map { String($0.output.1) }
        var hint: [String] = []
        if !dependencies.isEmpty {
            let named = dependencies.map { name in
                urls.first { url in
                    var last = (url.split(separator: "/").last.map(String.init) ?? "").lowercased()
                    if last.hasSuffix(".git") { last.removeLast(4) }
                    return last == name.lowercased()
                }.map { "\(name) (\($0))" } ?? name
            }
            hint.append(
                "the errors are in \(named.joined(separator: ", ")), fetched\(package.map { " for \($0)" } ?? ""): built against "
                    + "nsesim's frameworks as for iOS, its `#if canImport(…)` code uses what nsesim's modules do not have; way in: "
                    + "point its URL at a clone that builds on Linux with --package-mirror URL=PATH"
                    + (package.map { ", or give a copy of \($0) without it with --package PATH" } ?? ""))
        } else if let package {
            hint.append(
                "the errors are in \(package)'s own sources: make them build on Linux (#if os(Linux) around what Linux's "
                    + "toolchain and nsesim's frameworks lack), or give a copy that does with --package PATH")
        }
        if errors.contains(where: { $0.contains("'SecTrust") || $0.contains("'SecCertificate") || $0.contains("'SecPolicy") }) {
            hint.append(
                "nsesim's Security has the keychain (SecItem…, SecRandomCopyBytes), not certificate trust (SecTrust, "
                    + "SecCertificate, SecPolicy)")
        }
        return hint
    }

    /// Runs SwiftPM on the package; its errors name the user's files (not the build copy's, `source`).
    private func run(_ swift: URL, _ arguments: [String], doing what: String, source: URL) async throws(ExtensionError) -> String {
        let result: ExecutionResult<Void, StringOutput<UTF8>, StringOutput<UTF8>>
        do {
            result = try await Subprocess.run(
                .path(FilePath(swift.path)), arguments: Arguments(arguments),
                environment: .inherit.updating(PackageMirrorLinks.gitEnvironment(mirrors)),
                output: .string(limit: 16 * 1024 * 1024), error: .string(limit: 4 * 1024 * 1024))
        } catch {
            throw .environment("cannot run \(swift.path): \(error)")
        }
        guard case .exited(0) = result.terminationStatus else {
            // The compiler's diagnostic lines, each once (not the source excerpts that repeat them).
            var seen = Set<Substring>()
            let lines = (result.standardError + result.standardOutput).split(separator: "\n")
                .filter { $0.contains("error:") && !($0.first?.isWhitespace ?? true) && seen.insert($0).inserted }
                .suffix(20).map { String($0).replacingOccurrences(of: source.path + "/", with: path.path + "/") }
            let manifest = try? String(contentsOf: source.appendingPathComponent("Package.swift"), encoding: .utf8)
            let hint =
                what.hasPrefix("fetch")
                ? Self.fetchHint(errors: lines, manifest: manifest ?? "", package: path.path)
                : what == "build"
                    ? Self.buildHint(errors: lines, manifest: manifest ?? "", package: isRemotePackagesWrapper ? nil : path.path) : []
            throw .buildFailed(
                folder: path.path, diagnostics: ["SwiftPM cannot \(what) the package --package \(path.path):"] + lines + hint)
        }
        return result.standardOutput
    }
}
