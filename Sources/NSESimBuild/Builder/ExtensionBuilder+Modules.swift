import Crypto
import Foundation

extension ExtensionBuilder {
    /// Builds (or takes from the cache) the user's modules that `imports` needs, found in
    /// `folders`, each after the modules it imports.
    /// `project` are modules of a project's framework targets: they come first. `packages` are
    /// the packages the extension links: a module that imports one of their modules (a
    /// framework target linking RxSwift, Alamofire) is compiled and linked with it, as Xcode
    /// builds a framework target with its package products.
    func buildModules(
        importedBy imports: Set<String>, searching folders: [URL], project: [String: UserModule] = [:],
        packages: [LocalPackage.Built] = []
    ) async throws(ExtensionError) -> [BuiltModule] {
        let available = UserModule.find(in: folders).merging(project) { _, framework in framework }
        let plan = try plannedModules(importedBy: imports, available: available, packages: packages)
        let byName = Dictionary(plan.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        for planned in plan {
            guard let module = available[planned.name] else { continue }
            try await build(
                module, as: planned, dependencies: module.imports.modules.sorted().compactMap { byName[$0] },
                packages: Self.packages(packages, importedBy: module))
        }
        return plan
    }

    /// The packages among `packages` that provide a module `module` imports.
    static func packages(_ packages: [LocalPackage.Built], importedBy module: UserModule) -> [LocalPackage.Built] {
        packages.filter { !$0.moduleNames.isDisjoint(with: module.imports.modules) }
    }

    /// The user's modules that `imports` needs, in build order, with their cache keys and
    /// where their builds go (nothing is built).
    func plannedModules(
        importedBy imports: Set<String>, searching folders: [URL], project: [String: UserModule] = [:],
        packages: [LocalPackage.Built] = []
    ) throws(ExtensionError) -> [BuiltModule] {
        try plannedModules(
            importedBy: imports, available: UserModule.find(in: folders).merging(project) { _, framework in framework },
            packages: packages)
    }

    /// The plan, from modules already found.
    private func plannedModules(
        importedBy imports: Set<String>, available: [String: UserModule],
        packages: [LocalPackage.Built]
    ) throws(ExtensionError) -> [BuiltModule] {
        guard !available.isEmpty else { return [] }
        var planned: [String: BuiltModule] = [:]
        var order: [BuiltModule] = []
        for module in try UserModule.needed(by: imports, available: available) {
            let dependencies = module.imports.modules.sorted().compactMap { planned[$0] }
            let key = try moduleKey(module, dependencies: dependencies, packages: Self.packages(packages, importedBy: module))
            let built = BuiltModule(
                name: module.name,
                directory: toolchain.cacheDirectory.appendingPathComponent("modules").appendingPathComponent(key),
                key: key)
            planned[module.name] = built
            order.append(built)
        }
        return order
    }

    private func build(
        _ module: UserModule, as result: BuiltModule, dependencies: [BuiltModule],
        packages: [LocalPackage.Built]
    ) async throws(ExtensionError) {
        let directory = result.directory
        let library = directory.appendingPathComponent("lib\(module.name).so")
        if FileManager.default.fileExists(atPath: library.path) { return }
        // swiftc would say only "no input files".
        guard !module.sources.isEmpty else {
            throw .badModule(
                folder: module.folder.path,
                message: "the sources import \(module.name), whose module has no Swift source to build "
                    + "(a framework target whose Sources phase names none, or a development pod whose folder or podspec source_files hold "
                    + "no .swift file: an Objective-C pod); give the module's Swift sources in Modules/\(module.name)/ or its package with --package"
            )
        }

        let staging = directory.deletingLastPathComponent().appendingPathComponent(".staging-\(UUID().uuidString)")
        do {
            try FileManager.default.createDirectory(at: staging, withIntermediateDirectories: true)
        } catch {
            throw .environment("cannot create the build folder \(staging.path): \(error.localizedDescription)")
        }
        defer { try? FileManager.default.removeItem(at: staging) }
        var arguments = try commonArguments(
            moduleName: module.name, output: staging.appendingPathComponent(library.lastPathComponent), swiftVersion: module.swiftVersion)
        arguments += module.compilationConditions.flatMap { ["-D", $0] }
        arguments += ["-emit-module", "-emit-module-path", staging.appendingPathComponent("\(module.name).swiftmodule").path]
        let frameworks = module.imports.modules.filter { FrameworkTable.framework(named: $0) != nil }
        arguments += FrameworkTable.libraries(importing: frameworks).map { "-l\($0)" }
        arguments += FrameworkTable.aliasArguments(importing: frameworks)
        arguments += dependencies.flatMap(\.linkArguments)
        arguments += packages.flatMap(\.arguments)
        arguments += LinuxFoundationModules.arguments(networking: module.usesNetworking, xml: module.usesXML)
        let copies = staging.appendingPathComponent(Self.sourceCopiesFolder)
        arguments += try sourcePaths(module.sources, rewrites: module.rewrites, root: module.folder, copies: copies)
        arguments += try supportSources(for: module.rewrites, in: staging)
        if let failure = try await runSwiftc(arguments) {
            let prefixes = [module.folder.path + "/", copies.path + "/"]
            let lines = failure.split(separator: "\n").map(String.init)
                .filter { $0.contains(": error: ") && !($0.first?.isWhitespace ?? true) }
                .map { line in
                    let relative = prefixes.first(where: line.hasPrefix).map { String(line.dropFirst($0.count)) } ?? line
                    return MissingModule.explain(relative.hasPrefix("/") ? relative : "\(module.name)/\(relative)")
                }
            let origin = module.origin.map { origin in
                [
                    "note: \(module.name) is \(origin); its Swift does not build here as it is: give the module's sources, "
                        + "made to build, in Modules/\(module.name)/, or a Swift package of it with --package PATH"
                ]
            }
            throw .buildFailed(
                folder: module.folder.path, diagnostics: (lines.isEmpty ? [String(failure.suffix(2000))] : lines) + (origin ?? []))
        }
        do {
            try FileManager.default.createDirectory(at: directory.deletingLastPathComponent(), withIntermediateDirectories: true)
            try FileManager.default.moveItem(at: staging, to: directory)
        } catch  where FileManager.default.fileExists(atPath: library.path) {
            // Another nsesim built the same module first.
        } catch {
            throw .environment("cannot store the module build in \(directory.path): \(error.localizedDescription)")
        }
    }

    /// A module's build depends on its sources, the modules it imports, the language mode
    /// and the toolchain's identity (the same parts as an extension's).
    private func moduleKey(
        _ module: UserModule, dependencies: [BuiltModule], packages: [LocalPackage.Built]
    ) throws(ExtensionError) -> String {
        var hash = SHA256()
        func add(_ text: String) { hash.update(data: Data("\(text)\u{0}".utf8)) }
        add("nsesim module build 4; swift \(module.swiftVersion ?? swiftVersion); bare regex \(bareSlashRegex); \(module.name)")
        if !module.compilationConditions.isEmpty { add("conditions \(module.compilationConditions.joined(separator: " "))") }
        for package in packages { add(package.identity) }
        for dependency in dependencies { add("\(dependency.name) \(dependency.key)") }
        add(toolchainIdentity())
        for (url, copy) in module.rewrites.sorted(by: { $0.key.path < $1.key.path }) { add("copy \(url.path)\n\(copy.text)") }
        for source in module.sources {
            guard let data = try? Data(contentsOf: source) else {
                throw .badModule(folder: module.folder.path, message: "\(source.lastPathComponent) cannot be read")
            }
            add(String(source.path.dropFirst(module.folder.path.count)))
            hash.update(data: data)
        }
        return hash.finalize().map { String(format: "%02x", $0) }.joined().prefix(32).description
    }
}
