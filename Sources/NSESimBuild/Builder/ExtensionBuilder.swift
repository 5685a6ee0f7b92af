import Crypto
import Foundation
import NSESimProject
import NSESimRuntime
import Subprocess
import SystemPackage
@_spi(NSESim) import UserNotifications

/// Builds an extension folder into a shared library against nsesim's UserNotifications
/// module, as Xcode builds an appex; no Package.swift is needed from the user.
///
/// Builds are cached by a SHA-256 of everything that goes into them (the sources, the
/// Info.plist, the language mode, the compiler and nsesim's libraries), so a second run
/// of unchanged sources loads the cached library at once.
package struct ExtensionBuilder: Sendable {
    /// The compiler and nsesim's products.
    package let toolchain: ExtensionToolchain
    /// The Swift language mode of extension sources: 5 by default, as most Xcode projects.
    package private(set) var swiftVersion: String
    /// Whether bare `/regex/` literals compile in Swift 5 mode (`-enable-bare-slash-regex`), as
    /// the sources' `SWIFT_ENABLE_BARE_SLASH_REGEX` says (on unless a project turns it off).
    package private(set) var bareSlashRegex = true
    /// The sanitizer the extension and the user's modules are built with (`--sanitize`); nil
    /// for a normal build. Part of the cache keys (docs/sanitizers.md).
    package var sanitizer: Sanitizer?
    /// Whether the extension and the user's modules are built with coverage instrumentation
    /// (`--coverage`, docs/coverage.md): cached apart from normal builds.
    package var coverage = false

    /// The app the extension belongs to (`--bundle-id`): PRODUCT_BUNDLE_IDENTIFIER's default
    /// is its identifier and the target's name.
    package let appIdentifier: String
    /// Build settings given by hand (`--setting NAME=VALUE`), over Xcode's defaults.
    package let settings: [String: String]
    /// Folders of the user's modules given with `--modules DIR` (after the `Modules/`
    /// folders in and beside the extension).
    package let moduleFolders: [URL]
    /// Local Swift packages whose library products the extension may import (`--package PATH`).
    package let packages: [LocalPackage]
    /// Called with swiftc's arguments before each run of it: the benchmark runs swiftc alone
    /// on the same files and flags there, while the files nsesim staged exist.
    package var swiftcObserver: (@Sendable ([String]) async -> Void)?

    package init(
        toolchain: ExtensionToolchain, swiftVersion: String = "5",
        appIdentifier: String = BuildSettings.defaultAppIdentifier, settings: [String: String] = [:],
        moduleFolders: [URL] = [], packages: [URL] = []
    ) {
        self.toolchain = toolchain
        self.swiftVersion = swiftVersion
        self.appIdentifier = appIdentifier
        self.settings = settings
        self.moduleFolders = moduleFolders
        self.packages = packages.map { LocalPackage(path: $0) }
    }

    /// The extension at `path`: a folder is built (or taken from the cache), a `.so` is
    /// used as it is.
    package func prepare(path: String) async throws(ExtensionError) -> BuiltExtension {
        let start = ContinuousClock.now
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw .notFound(path: path)
        }
        guard isDirectory.boolValue else {
            var given = BuiltExtension(
                library: URL(fileURLWithPath: path).standardizedFileURL, bundleDirectory: nil,
                principalClass: nil, cacheHit: true, buildDuration: ContinuousClock.now - start)
            // A library given as it is: taken to be built with the sanitizer asked for.
            given.sanitizer = sanitizer
            return given
        }
        return try await build(
            ExtensionFolder(
                url: URL(fileURLWithPath: path), appIdentifier: appIdentifier, settings: settings,
                modules: moduleFolders),
            start: start)
    }

    /// Builds the folder, or returns the cached build of the same inputs.
    package func build(_ folder: ExtensionFolder, start: ContinuousClock.Instant = .now) async throws(ExtensionError) -> BuiltExtension {
        // The language mode the sources ask for (a project's SWIFT_VERSION).
        if let version = folder.swiftVersion, !SwiftLanguageMode.isSupported(version) {
            throw .unsupportedSwiftVersion(version)
        }
        if let version = folder.swiftVersion, version != swiftVersion {
            var builder = self
            builder.swiftVersion = version
            return try await builder.build(folder, start: start)
        }
        if folder.bareSlashRegex != bareSlashRegex {
            var builder = self
            builder.bareSlashRegex = folder.bareSlashRegex
            return try await builder.build(folder, start: start)
        }
        // Local packages first (SwiftPM's incremental build): the key depends on what they built.
        var builtPackages: [LocalPackage.Built] = []
        var seen = Set<String>()
        let projectPackages = folder.packages.map { LocalPackage(path: $0, mirrors: folder.packageMirrors) }
        for package in packages + projectPackages where seen.insert(package.path.path).inserted {
            builtPackages.append(try await package.build(toolchain: toolchain))
        }
        let key = try cacheKey(for: folder, packages: builtPackages)
        // What crash and hang reports need to tell own code and name the user's files.
        let planned = try plannedModules(
            importedBy: folder.imports.modules, searching: folder.moduleSearchFolders,
            project: folder.projectModules, packages: builtPackages)
        let userModules = planned.map { "lib\($0.name).so" }
        let instrumentedModules = planned.map { $0.directory.appendingPathComponent("lib\($0.name).so") }
        let sources = folder.sources.map(\.path)
        let bundle = toolchain.cacheDirectory.appendingPathComponent("extensions").appendingPathComponent(key)
        let library = bundle.appendingPathComponent("lib\(folder.moduleName).so")
        /// The library in the cache, as this builder's options made it.
        func built(cacheHit: Bool) -> BuiltExtension {
            var built = BuiltExtension(
                library: library, bundleDirectory: bundle, principalClass: folder.info.principalClass,
                cacheHit: cacheHit, buildDuration: ContinuousClock.now - start, warnings: folder.buildWarnings,
                origin: folder.origin, point: folder.info.point, sources: sources,
                userModuleLibraries: userModules
            ).instrumented(coverage, modules: instrumentedModules)
            built.sanitizer = sanitizer
            return built
        }
        if FileManager.default.fileExists(atPath: library.path) {
            return built(cacheHit: true)
        }
        // Build in a private folder, then rename it into place, so that concurrent runs
        // never load a half-written library.
        let staging = bundle.deletingLastPathComponent().appendingPathComponent(".staging-\(UUID().uuidString)")
        do {
            try FileManager.default.createDirectory(at: staging, withIntermediateDirectories: true)
        } catch {
            throw .environment("cannot create the build folder \(staging.path): \(error.localizedDescription)")
        }
        defer { try? FileManager.default.removeItem(at: staging) }
        let output = staging.appendingPathComponent(library.lastPathComponent)
        do {
            do {
                try await compile(folder, into: output, staging: staging, linkNetworking: folder.usesNetworking, packages: builtPackages)
            } catch let error where !folder.usesNetworking && error.isUndefinedSymbol {
                try await compile(folder, into: output, staging: staging, linkNetworking: true, packages: builtPackages)
            }
        } catch ExtensionError.buildFailed(let path, let diagnostics) {
            // What the build left out (a bridging header, Objective-C sources), or the project above
            // a folder, is the likely cause: said with the errors.
            throw .buildFailed(folder: path, diagnostics: diagnostics + folder.failureNotes(for: diagnostics))
        }
        do {
            // The Info.plist as Xcode puts it into the bundle: build settings expanded.
            try folder.info.expandedPlist.write(to: staging.appendingPathComponent("Info.plist"))
            for resource in folder.resources {
                let destination = staging.appendingPathComponent(folder.bundlePath(of: resource))
                try FileManager.default.createDirectory(at: destination.deletingLastPathComponent(), withIntermediateDirectories: true)
                try FileManager.default.copyItem(at: resource, to: destination)
            }
            for (name, data) in folder.bundleFiles.sorted(by: { $0.key < $1.key }) {
                try data.write(to: staging.appendingPathComponent(name))
            }
            try CoreDataModels.compile(folder.dataModels, into: staging, relativeTo: folder)
            try linkHost(into: staging)
            try FileManager.default.moveItem(at: staging, to: bundle)
        } catch  where FileManager.default.fileExists(atPath: library.path) {
            // Another nsesim finished the same build first: use it.
        } catch let error as ExtensionError {
            throw error
        } catch {
            throw .environment("cannot store the build in \(bundle.path): \(error.localizedDescription)")
        }
        return built(cacheHit: false)
    }

    /// The compiler and nsesim's libraries (every framework's library and module, and the
    /// runtime's), as one text for cache keys: their identity is path, size and time.
    func toolchainIdentity() -> String {
        let products = toolchain.productsDirectory
        let libraries = (FrameworkTable.allLibraries + ["NSESimRuntime"]).flatMap { library in
            [
                products.appendingPathComponent("lib\(library).so").path,
                products.appendingPathComponent("Modules/\(library).swiftmodule").path,
            ]
        }
        return ([toolchain.swiftc.path, toolchain.hostExecutable.path] + libraries).map(FileStamp.keyLine).joined(separator: "\n")
    }

    /// The host executable inside the bundle folder, hard-linked (copied across file
    /// systems), so that the extension process's main bundle is the extension's folder.
    private func linkHost(into folder: URL) throws {
        let destination = folder.appendingPathComponent("nsesim-extension-host")
        do {
            try FileManager.default.linkItem(at: toolchain.hostExecutable, to: destination)
        } catch {
            try FileManager.default.copyItem(at: toolchain.hostExecutable, to: destination)
        }
    }

    func cacheKey(for folder: ExtensionFolder, packages: [LocalPackage.Built] = []) throws(ExtensionError) -> String {
        var hash = SHA256()
        func add(_ text: String) { hash.update(data: Data("\(text)\u{0}".utf8)) }
        add(
            "nsesim extension build 8; protocol \(HostProtocol.version); swift \(swiftVersion); bare regex \(bareSlashRegex)\(Sanitizer.keyPart(sanitizer))"
        )
        if coverage { add(Self.coverageKey) }
        add(folder.moduleName)
        add(folder.info.principalClass)
        add(folder.info.point.identifier)
        hash.update(data: folder.info.expandedPlist)
        // The generated entry point as it will be written (it changes with nsesim, not the sources).
        add(
            folder.info.point.entrySource(
                principalClassName: folder.info.principalClassName, symbol: HostProtocol.entrySymbol,
                fromStoryboard: folder.info.mainStoryboard != nil))
        add(toolchainIdentity())
        // The build copies of rewritten sources (they change with nsesim's rewrites, not the files).
        for (url, copy) in folder.rewrites.sorted(by: { $0.key.path < $1.key.path }) { add("copy \(url.path)\n\(copy.text)") }
        for package in packages { add(package.identity) }
        for model in folder.dataModels {
            add("model \(folder.relativePath(of: model))")
            hash.update(data: CoreDataModels.identity(of: model))
        }
        add("conditions \(folder.compilationConditions.joined(separator: " "))")
        // What the scan of the sources decided to link (it changes with nsesim's rules, not the files).
        add("networking \(folder.usesNetworking) xml \(folder.usesXML)")
        for (name, data) in folder.bundleFiles.sorted(by: { $0.key < $1.key }) {
            add("bundle file \(name)")
            hash.update(data: data)
        }
        // The user's modules it imports: their sources are in their keys.
        for module in try plannedModules(
            importedBy: folder.imports.modules, searching: folder.moduleSearchFolders,
            project: folder.projectModules, packages: packages)
        {
            add("module \(module.name) \(module.key)")
        }
        for file in folder.sources + folder.resources + (folder.infoPlistFile.map { [$0] } ?? []) {
            add(folder.relativePath(of: file) + " → " + folder.bundlePath(of: file))
            // A resource may be a folder (an asset catalog, a .bundle): every file in it counts.
            for (name, path) in Self.filesForKey(file) {
                guard let data = try? Data(contentsOf: path) else {
                    throw .badInfoPlist(path: path.path, message: "cannot be read")
                }
                if !name.isEmpty { add("  " + name) }
                hash.update(data: data)
            }
        }
        return hash.finalize().map { String(format: "%02x", $0) }.joined().prefix(32).description
    }

    /// The files of `url` for the cache key: the file itself (an empty name), or every file
    /// below a folder, by relative path, in a stable order.
    static func filesForKey(_ url: URL) -> [(name: String, url: URL)] {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory), isDirectory.boolValue else {
            return [("", url)]
        }
        let names = (FileManager.default.subpaths(atPath: url.path) ?? []).sorted()
        return names.compactMap { name in
            let file = url.appendingPathComponent(name)
            var isFolder: ObjCBool = false
            _ = FileManager.default.fileExists(atPath: file.path, isDirectory: &isFolder)
            return isFolder.boolValue ? nil : (name, file)
        }
    }

    static let entryFileName = "__NSESimEntry.swift"
    /// Where in the staging folder copies of sources without Objective-C attributes go.
    package static let sourceCopiesFolder = "__NSESimSources"

    private func compile(
        _ folder: ExtensionFolder, into output: URL, staging: URL,
        linkNetworking: Bool, packages: [LocalPackage.Built]
    ) async throws(ExtensionError) {
        let entry = staging.appendingPathComponent(Self.entryFileName)
        do {
            let source = folder.info.point.entrySource(
                principalClassName: folder.info.principalClassName,
                symbol: HostProtocol.entrySymbol,
                fromStoryboard: folder.info.mainStoryboard != nil)
            try Data(source.utf8).write(to: entry)
        } catch {
            throw .environment("cannot write \(entry.path): \(error.localizedDescription)")
        }
        // The user's modules the sources import (Modules/ folders, --modules), built first.
        let modules = try await buildModules(
            importedBy: folder.imports.modules, searching: folder.moduleSearchFolders,
            project: folder.projectModules, packages: packages)
        var arguments = try commonArguments(moduleName: folder.moduleName, output: output)
        // nsesim's frameworks: those the sources import, and the extension point's own.
        let imports = folder.imports.modules.union([folder.info.point.framework])
        arguments += FrameworkTable.libraries(importing: imports).map { "-l\($0)" }
        arguments += FrameworkTable.aliasArguments(importing: imports)
        arguments += modules.flatMap(\.linkArguments)
        arguments += packages.flatMap(\.arguments)
        arguments += folder.compilationConditions.flatMap { ["-D", $0] }
        arguments += LinuxFoundationModules.arguments(networking: linkNetworking, xml: folder.usesXML)
        let copies = staging.appendingPathComponent(Self.sourceCopiesFolder)
        arguments += try sourcePaths(folder.sources, rewrites: folder.rewrites, root: folder.url, copies: copies)
        arguments += try supportSources(for: folder.rewrites, in: staging)
        arguments += try coreDataClasses(for: folder, imports: imports, in: staging)
        arguments.append(entry.path)
        if let failure = try await runSwiftc(arguments) {
            throw .buildFailed(
                folder: folder.url.path,
                diagnostics: Self.diagnostics(failure, folder: folder, entry: entry, copies: copies))
        }
    }

    /// The arguments every library nsesim builds shares: a dynamic library of module
    /// `moduleName` at `output`, against nsesim's products, every symbol resolved at link time.
    func commonArguments(moduleName: String, output: URL, swiftVersion own: String? = nil) throws(ExtensionError) -> [String] {
        let products = toolchain.productsDirectory.path
        let swiftVersion = own ?? swiftVersion
        var arguments = [
            "-emit-library", "-parse-as-library",
            "-module-name", moduleName,
            "-swift-version", swiftVersion,
            "-Onone",
            // Line tables (no types or variables: a few percent of build time), so that a crash's
            // and a hang's frames name the user's file and line (docs/crashes-and-hangs.md).
            "-gline-tables-only",
            "-module-cache-path", toolchain.cacheDirectory.appendingPathComponent("ModuleCache").path,
            "-I", "\(products)/Modules",
            "-L", products,
            "-Xlinker", "-rpath", "-Xlinker", products,
            // Every symbol must resolve at link time, so that a missing library is a build
            // error here rather than a load failure in the extension process.
            "-Xlinker", "-z", "-Xlinker", "defs",
            "-o", output.path,
        ]
        for map in try toolchain.moduleMapFiles() {
            arguments += ["-Xcc", "-fmodule-map-file=\(map.path)"]
        }
        arguments += coverage ? Self.coverageArguments : []
        // Swift 6 has bare regex literals always; earlier modes when the setting is on.
        if bareSlashRegex, swiftVersion != "6" { arguments.append("-enable-bare-slash-regex") }
        if let sanitizer {
            let folder = Sanitizer.runtimeFolder(swiftc: toolchain.swiftc)
            _ = try sanitizer.runtime(in: folder)
            arguments += sanitizer.swiftcArguments(runtimeFolder: folder)
        }
        return arguments
    }

    /// The paths to compile: a source with Objective-C attributes from a copy without them
    /// in `copies` (same lines and columns), the others where they are.
    func sourcePaths(
        _ sources: [URL], rewrites: [URL: (text: String, changes: [SourceRewrite])], root: URL,
        copies: URL
    ) throws(ExtensionError) -> [String] {
        var paths: [String] = []
        for source in sources {
            guard let copy = rewrites[source] else {
                paths.append(source.path)
                continue
            }
            let destination = copies.appendingPathComponent(String(source.path.dropFirst(root.path.count + 1)))
            do {
                try FileManager.default.createDirectory(at: destination.deletingLastPathComponent(), withIntermediateDirectories: true)
                try Data(copy.text.utf8).write(to: destination)
            } catch {
                throw .environment("cannot write \(destination.path): \(error.localizedDescription)")
            }
            paths.append(destination.path)
        }
        // The line tables of a build copy name the user's file: a crash in it is reported
        // where the developer's editor has it.
        if paths.contains(where: { $0.hasPrefix(copies.path + "/") }) {
            paths += ["-debug-prefix-map", "\(copies.path)=\(root.path)"]
            // And the coverage mapping's file names, which llvm-cov reports (docs/coverage.md).
            if coverage { paths += ["-coverage-prefix-map", "\(copies.path)=\(root.path)"] }
        }
        return paths
    }

    /// The files the build adds to a module for its rewritten sources: iOS's
    /// `suggestedFilename` (`SuggestedFilenameRewrite`) and the file protection members
    /// (`FileProtectionRewrite`), written into `folder`.
    func supportSources(for rewrites: [URL: (text: String, changes: [SourceRewrite])], in folder: URL) throws(ExtensionError) -> [String] {
        var files: [(name: String, source: String)] = []
        if SuggestedFilenameRewrite.isNeeded(by: rewrites) {
            files.append((SuggestedFilenameRewrite.supportFileName, SuggestedFilenameRewrite.supportSource))
        }
        if FileProtectionRewrite.isNeeded(by: rewrites) {
            files.append((FileProtectionRewrite.supportFileName, FileProtectionRewrite.supportSource))
        }
        var paths: [String] = []
        for (name, source) in files {
            let file = folder.appendingPathComponent(name)
            do {
                try Data(source.utf8).write(to: file)
            } catch {
                throw .environment("cannot write \(file.path): \(error.localizedDescription)")
            }
            paths.append(file.path)
        }
        return paths
    }

    /// The classes Xcode's codegen makes from the folder's Core Data models, written into
    /// `folder` (only when the sources import CoreData).
    func coreDataClasses(for folder: ExtensionFolder, imports: Set<String>, in staging: URL) throws(ExtensionError) -> [String] {
        guard imports.contains("CoreData"), let source = try CoreDataModels.generatedSource(for: folder.dataModels) else { return [] }
        let file = staging.appendingPathComponent(CoreDataModels.classesFileName)
        do {
            try Data(source.utf8).write(to: file)
        } catch {
            throw .environment("cannot write \(file.path): \(error.localizedDescription)")
        }
        return [file.path]
    }

    /// Runs swiftc; nil when it succeeded, else what it said.
    func runSwiftc(_ arguments: [String]) async throws(ExtensionError) -> String? {
        await swiftcObserver?(arguments)
        let result: ExecutionResult<Void, StringOutput<UTF8>, StringOutput<UTF8>>
        do {
            result = try await Subprocess.run(
                .path(FilePath(toolchain.swiftc.path)),
                arguments: Arguments(arguments),
                output: .string(limit: 4 * 1024 * 1024),
                error: .string(limit: 4 * 1024 * 1024)
            )
        } catch {
            throw .environment("cannot run \(toolchain.swiftc.path): \(error)")
        }
        guard case .exited(0) = result.terminationStatus else {
            return result.standardError + result.standardOutput
        }
        return nil
    }

    /// swiftc's errors as `File.swift:12:5: error: ...`, relative to the extension folder;
    /// errors in the generated entry point are said in terms of the Info.plist.
    static func diagnostics(_ output: String, folder: ExtensionFolder, entry: URL, copies: URL? = nil) -> [String] {
        var lines: [String] = []
        let className = folder.info.principalClassName
        let point = folder.info.point
        // Only swiftc's own diagnostic lines (`path:line:col: error: ...`), not the
        // annotated source excerpts that repeat them.
        for line in output.split(separator: "\n").map(String.init)
        where line.contains(": error: ") && !(line.first?.isWhitespace ?? true) {
            if line.hasPrefix(entry.path) {
                if let storyboard = folder.info.mainStoryboard {
                    // The class came from the storyboard's initial view controller.
                    lines.append(
                        "\(storyboard).storyboard: the initial view controller's custom class \(className): "
                            + (line.contains("cannot find '\(className)' in scope")
                                ? "the sources define no class \(className)"
                                : (line.components(separatedBy: "error: ").last ?? line))
                            + "; it must be a UIViewController subclass that adopts UNNotificationContentExtension")
                } else if line.contains("cannot find '\(className)' in scope") {
                    lines.append(
                        "Info.plist: NSExtensionPrincipalClass names \(folder.info.principalClass), "
                            + "but the sources define no class \(className)")
                } else if line.contains("cannot convert") || line.contains(point.principalBaseClass) {
                    lines.append(
                        "Info.plist: NSExtensionPrincipalClass \(className) is not a subclass of "
                            + point.principalBaseClass)
                } else {
                    lines.append(
                        "Info.plist: NSExtensionPrincipalClass \(className): "
                            + (line.components(separatedBy: "error: ").last ?? line))
                }
                continue
            }
            // A copy's line and column are the original's: name the user's file.
            let prefixes = [folder.url.path + "/"] + (copies.map { [$0.path + "/"] } ?? [])
            let relative = prefixes.first(where: line.hasPrefix).map { String(line.dropFirst($0.count)) } ?? line
            lines.append(MissingModule.explain(relative))
        }
        if lines.isEmpty {
            lines = output.split(separator: "\n").suffix(20).map(String.init)
        }
        var seen = Set<String>()
        return lines.filter { seen.insert($0).inserted }
    }
}

extension ExtensionError {
    /// A link failure for want of a library (FoundationNetworking, when the guess was wrong).
    var isUndefinedSymbol: Bool {
        guard case .buildFailed(_, let diagnostics) = self else { return false }
        return diagnostics.contains { $0.contains("undefined reference") || $0.contains("undefined symbol") }
    }
}
