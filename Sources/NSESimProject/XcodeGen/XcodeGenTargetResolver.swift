import Crypto
import Foundation

/// Resolves a target of an XcodeGen spec into the target the pbxproj reader produces
/// (``ProjectTarget``): its sources (paths, excludes, includes), settings (project then target:
/// config files, `base`, `configs`, `groups`), Info.plist (`info:` or `INFOPLIST_FILE`),
/// entitlements, and dependencies (framework targets, local and remote packages).
/// ``ProjectResolver`` makes one.
struct XcodeGenTargetResolver: Sendable {
    /// The spec.
    let spec: XcodeGenSpec
    /// What the spec is resolved with: `--bundle-id`, `--setting`, `--package`, nsesim's modules.
    let context: ProjectResolver
    /// The spec as the project resolved targets refer to.
    let project: XcodeProject

    /// A resolver of `spec`'s targets with `context`'s settings, packages and modules.
    init(spec: XcodeGenSpec, context: ProjectResolver) {
        self.spec = spec
        self.context = context
        project = XcodeProject(spec: spec)
    }

    private var path: String { spec.file.path }

    /// The targets, in the spec's order, each with its `templates:` (`targetTemplates:`) applied.
    /// A target for several platforms (`platform: [iOS, tvOS]`) is one target per platform,
    /// `NAME_iOS`, … with `${platform}` replaced, as XcodeGen generates them.
    var targets: [(name: String, value: SpecValue)] {
        (spec.root["targets"]?.mapping ?? []).flatMap { name, value -> [(name: String, value: SpecValue)] in
            let platforms = value["platform"]?.sequence?.compactMap(\.text) ?? []
            guard !platforms.isEmpty else { return [(name, applyingTemplates(to: value, name: name))] }
            return platforms.map { platform in
                let entries = (value.mapping ?? []).map { entry in
                    entry.key == "platform" ? (entry.key, SpecValue(.string(platform), line: entry.value.line)) : entry
                }
                let single = SpecValue(.mapping(entries), line: value.line)
                return (
                    "\(name)_\(platform)",
                    applyingTemplates(to: single, name: "\(name)_\(platform)").replacing("${platform}", with: platform)
                )
            }
        }
    }

    /// `value` over the templates it names (theirs first, in order; `${target_name}` replaced), as XcodeGen merges them.
    private func applyingTemplates(to value: SpecValue, name: String, depth: Int = 0) -> SpecValue {
        guard let names = value["templates"]?.sequence?.compactMap(\.text), !names.isEmpty, depth < 8 else { return value }
        var merged = SpecValue(.mapping([]), line: value.line)
        for template in names {
            guard let templateValue = spec.root["targetTemplates"]?[template] else { continue }
            merged = merged.merged(
                with: applyingTemplates(to: templateValue, name: name, depth: depth + 1).replacing("${target_name}", with: name))
        }
        let own = SpecValue(.mapping((value.mapping ?? []).filter { $0.key != "templates" }), line: value.line)
        return merged.merged(with: own)
    }

    /// XcodeGen's `type:` as Xcode's product type.
    static func productType(_ type: String) -> String {
        switch type {
        case "application": "com.apple.product-type.application"
        case "app-extension": ProjectTargetResolver.appExtensionType
        default: "com.apple.product-type.\(type)"
        }
    }

    // MARK: Choosing the target

    /// The target to run: `name`, or without one the only service extension.
    func resolve(target name: String?, configuration: String?) throws(XcodeProjectError) -> ProjectTarget {
        let chosen: String
        if let name {
            chosen = name
        } else {
            let summaries = try extensionTargets(configuration: configuration)
            let services = summaries.filter { $0.kind == "service" }
            if services.isEmpty, let wrong = summaries.compactMap(\.problem).first(where: \.isNoSuchConfiguration) { throw wrong }
            guard services.count == 1 else { throw .ambiguousTarget(project: path, candidates: services.map(\.name)) }
            chosen = services[0].name
        }
        guard let target = targets.first(where: { $0.name == chosen }) else {
            throw .noSuchTarget(project: path, name: chosen, targets: targets.map(\.name))
        }
        let type = target.value["type"]?.text ?? ""
        guard Self.productType(type) == ProjectTargetResolver.appExtensionType else {
            let article = type.first.map { "aeiou".contains($0) } == true ? "an" : "a"
            throw .notAnExtension(
                project: path, target: chosen,
                reason: "is \(type.isEmpty ? "a target without type:" : "\(article) \(type)"), not an app extension")
        }
        return try resolve(chosen, target.value, configuration: configuration)
    }

    /// The spec's app extension targets whose Info.plist names a notification extension point.
    func extensionTargets(configuration: String? = nil) throws(XcodeProjectError) -> [ExtensionTargetSummary] {
        var summaries: [ExtensionTargetSummary] = []
        for (name, value) in targets where value["type"]?.text == "app-extension" {
            let settings: [String: String]
            do {
                var warnings: [String] = []
                settings = try self.settings(of: name, value, configuration: configuration, warnings: &warnings).1
            } catch {
                summaries.append(.init(name: name, kind: "?", sourceCount: 0, infoPlist: "?", bundleIdentifier: "", problem: error))
                continue
            }
            let plist = (try? infoPlist(of: name, value, settings: settings)).flatMap { $0 }
            guard let kind = ExtensionTargetSummary.kind(infoPlist: plist, settings: settings) else { continue }
            do {
                let target = try resolve(name, value, configuration: configuration)
                summaries.append(
                    .init(
                        name: name, kind: kind, sourceCount: target.sources.count,
                        infoPlist: value["info"]?["path"]?.text ?? target.infoPlist.map(target.relativePath) ?? "(generated)",
                        bundleIdentifier: target.bundleIdentifier ?? ""))
            } catch {
                summaries.append(
                    .init(
                        name: name, kind: kind, sourceCount: 0, infoPlist: settings["INFOPLIST_FILE"] ?? "(generated)",
                        bundleIdentifier: settings["PRODUCT_BUNDLE_IDENTIFIER"] ?? "", problem: error))
            }
        }
        return summaries
    }

    // MARK: Resolving

    private func resolve(_ name: String, _ value: SpecValue, configuration wanted: String?) throws(XcodeProjectError) -> ProjectTarget {
        var warnings: [String] = []
        let (configuration, settings) = try self.settings(of: name, value, configuration: wanted, warnings: &warnings)
        let infoPlist = try infoPlist(of: name, value, settings: settings)
        let entitlementsFile = try entitlements(of: name, value, settings: settings)
        let entitlements = try entitlementsFile.map { file throws(XcodeProjectError) in
            try ProjectEntitlements(contentsOf: file, settings: settings)
        }
        let files = try sources(of: name, value)
        var links = ProjectTargetResolver.PackageLinks()
        var frameworks: [ProjectTarget.Framework] = []
        var done = Set<String>()
        try collect(name, value, configuration: configuration, links: &links, frameworks: &frameworks, done: &done, warnings: &warnings)
        // CocoaPods beside the spec, as beside an .xcodeproj.
        let pods = try ProjectTargetResolver(project: project, context: context).pods(of: name)
        for pod in pods?.pods ?? [] {
            guard let module = pod.standIn, !links.standIns.contains(where: { $0.product == module }) else { continue }
            links.standIns.append(.init(product: module, package: "pod \(pod.name)"))
        }
        let excluded = Set([infoPlist, entitlementsFile].compactMap { $0?.path })
        var target = ProjectTarget(
            project: project, name: name, productType: ProjectTargetResolver.appExtensionType,
            configuration: configuration, sources: files.sources, skippedSources: files.skipped,
            resources: files.resources.filter { !excluded.contains($0.url.path) }, infoPlist: infoPlist,
            generatesInfoPlist: settings["GENERATE_INFOPLIST_FILE"] == "YES", settings: settings,
            entitlements: entitlements, packages: links.packages, frameworks: frameworks + (pods?.localModules(outside: spec.folder) ?? []),
            standIns: links.standIns, warnings: warnings, remotePackages: links.remote)
        target.pods = pods
        return target
    }

    /// The framework targets `value` depends on (each after its own), and the packages of
    /// all of them.
    private func collect(
        _ name: String, _ value: SpecValue, configuration: String, links: inout ProjectTargetResolver.PackageLinks,
        frameworks: inout [ProjectTarget.Framework], done: inout Set<String>,
        warnings: inout [String]
    ) throws(XcodeProjectError) {
        for (index, dependency) in (value["dependencies"]?.sequence ?? []).enumerated() {
            let place = "targets.\(name).dependencies[\(index)] (line \(dependency.line))"
            if let other = dependency["target"]?.text {
                let targetName = other.split(separator: "/").last.map(String.init) ?? other
                guard let linked = targets.first(where: { $0.name == targetName }) else {
                    throw .badSpecValue(
                        path: path, place: place,
                        message: "target: \(other) names no target of the spec "
                            + "(its targets are \(targets.map(\.name).joined(separator: ", ")))")
                }
                let type = Self.productType(linked.value["type"]?.text ?? "")
                guard ProjectTargetResolver.frameworkTypes.contains(type), done.insert(targetName).inserted else { continue }
                try collect(
                    targetName, linked.value, configuration: configuration, links: &links, frameworks: &frameworks, done: &done,
                    warnings: &warnings)
                let settings = try self.settings(of: targetName, linked.value, configuration: configuration, warnings: &warnings).1
                frameworks.append(
                    .init(
                        target: targetName,
                        moduleName: settings["PRODUCT_MODULE_NAME"] ?? XcodeSettings.moduleName(for: targetName),
                        sources: try sources(of: targetName, linked.value).sources))
            } else if let package = dependency["package"]?.text {
                let products = (dependency["products"]?.sequence?.compactMap(\.text)) ?? [dependency["product"]?.text ?? package]
                for product in products {
                    try link(package: package, product: product, target: name, place: place, links: &links)
                }
            }
            // framework:, sdk:, carthage: and bundle: dependencies are Apple's or prebuilt: nothing to build.
        }
    }

    /// A `package:` dependency's product: a local package's folder, a stand-in, or a remote
    /// package at its pin (or the spec's requirement when nothing pins it).
    private func link(
        package name: String, product: String, target: String, place: String,
        links: inout ProjectTargetResolver.PackageLinks
    ) throws(XcodeProjectError) {
        guard let package = spec.root["packages"]?[name] else {
            throw .badSpecValue(
                path: path, place: place,
                message: "package: \(name) is not among the spec's packages: "
                    + "(\((spec.root["packages"]?.mapping ?? []).map(\.key).joined(separator: ", ")))")
        }
        if let local = package["path"]?.text {
            let folder = url(local)
            if context.standsIn(for: product), !ProjectTargetResolver.buildsOnLinux(packageAt: folder) {
                links.standIns.append(.init(product: product, package: local))
                return
            }
            guard FileManager.default.fileExists(atPath: folder.appendingPathComponent("Package.swift").path) else {
                throw .missingFile(
                    project: path, target: target, named: "the local package \(local) (product \(product))",
                    resolved: folder.appendingPathComponent("Package.swift").path)
            }
            links.packages.append(folder)
            return
        }
        guard let repository = package["url"]?.text ?? package["github"]?.text.map({ "https://github.com/\($0)" }) else {
            throw .badSpecValue(
                path: path, place: "packages.\(name) (line \(package.line))", message: "a package has url: (or github:) or path:")
        }
        if context.packages.contains(where: { Self.package(at: $0, declares: product) }) { return }
        if context.standsIn(for: product) {
            links.standIns.append(.init(product: product, package: repository))
            return
        }
        let resolvedFiles = PackageResolved.files(for: spec.folder.appendingPathComponent("\(spec.name).xcodeproj"))
        for file in resolvedFiles {
            if let pin = try PackageResolved(contentsOf: file).pin(for: repository) {
                links.add(
                    remote: RemotePackage(
                        url: repository, products: [product], requirement: .revision(pin.revision),
                        version: pin.version, resolvedFile: file))
                return
            }
        }
        guard let requirement = Self.requirement(package) else {
            throw .badSpecValue(
                path: path, place: "packages.\(name) (line \(package.line))",
                message: "a remote package gives a version: "
                    + "from:, majorVersion:, minorVersion:, exactVersion:, minVersion: with maxVersion:, branch: or revision:")
        }
        links.add(remote: RemotePackage(url: repository, products: [product], requirement: requirement, version: nil, resolvedFile: nil))
    }

    /// The version a remote package of the spec asks for.
    static func requirement(_ package: SpecValue) -> RemotePackageRequirement? {
        if let revision = package["revision"]?.text { return .revision(revision) }
        if let version = package["exactVersion"]?.text ?? package["version"]?.text { return .exact(version) }
        if let branch = package["branch"]?.text { return .branch(branch) }
        if let version = package["from"]?.text ?? package["majorVersion"]?.text { return .from(version) }
        if let version = package["minorVersion"]?.text { return .upToNextMinor(version) }
        if let low = package["minVersion"]?.text, let high = package["maxVersion"]?.text { return .range(low, high) }
        return nil
    }

    private static func package(at folder: URL, declares product: String) -> Bool {
        (try? String(contentsOf: folder.appendingPathComponent("Package.swift"), encoding: .utf8))?.contains("\"\(product)\"") == true
    }

    /// A path of the spec: from its folder.
    func url(_ path: String) -> URL {
        (path.hasPrefix("/") ? URL(fileURLWithPath: path) : spec.folder.appendingPathComponent(path)).standardizedFileURL
    }
}
