import Foundation

/// Resolves a target of an Xcode project as Xcode does: file references through their
/// groups, synchronized folders with their membership exceptions, build settings layered
/// project → target with `.xcconfig` base configurations, the entitlements, the packages and
/// framework targets it links. ``ProjectResolver`` makes one.
struct ProjectTargetResolver: Sendable {
    /// The product type of app extensions.
    static let appExtensionType = "com.apple.product-type.app-extension"
    static let frameworkTypes: Set<String> = [
        "com.apple.product-type.framework", "com.apple.product-type.framework.static",
        "com.apple.product-type.library.static", "com.apple.product-type.library.dynamic",
    ]

    /// The project read.
    let project: XcodeProject
    /// What the project is resolved with: `--bundle-id`, `--setting`, `--package`, nsesim's modules.
    let context: ProjectResolver
    private let parents: [String: String]

    /// A resolver of `project`'s targets with `context`'s settings, packages and modules.
    init(project: XcodeProject, context: ProjectResolver) {
        self.project = project
        self.context = context
        parents = project.graph.parents
    }

    private var projectPath: String { project.url.path }

    // MARK: Choosing the target

    /// The target to run: `name`, or without one the only service extension target (other
    /// targets that cannot be resolved do not stand in the way).
    func resolve(target name: String?, configuration: String?) throws(XcodeProjectError) -> ProjectTarget {
        let target: PBXObjectGraph.Object
        if let name {
            target = try project.target(named: name)
        } else {
            let summaries = try extensionTargets(configuration: configuration)
            let services = summaries.filter { $0.kind == "service" }
            // A configuration no target has is the user's mistake, not the targets' problem.
            if services.isEmpty, let wrong = summaries.compactMap(\.problem).first(where: \.isNoSuchConfiguration) { throw wrong }
            guard services.count == 1 else { throw .ambiguousTarget(project: projectPath, candidates: services.map(\.name)) }
            target = try project.target(named: services[0].name)
        }
        let productType = target.string("productType") ?? ""
        guard productType == Self.appExtensionType else {
            throw .notAnExtension(
                project: projectPath, target: target.string("name") ?? target.id,
                reason: "is a \(productType.replacingOccurrences(of: "com.apple.product-type.", with: "")), "
                    + "not an app extension")
        }
        return try resolve(target, configuration: configuration)
    }

    /// The project's app extension targets whose Info.plist names a notification extension
    /// point, and those whose point cannot be told, each with its problem: one target that
    /// cannot be resolved does not stop the listing, nor the choice of the others.
    func extensionTargets(configuration: String? = nil) throws(XcodeProjectError) -> [ExtensionTargetSummary] {
        var summaries: [ExtensionTargetSummary] = []
        for object in project.targets where object.string("productType") == Self.appExtensionType {
            let name = object.string("name") ?? object.id
            // The extension point first, from the settings alone: other extensions (widgets, share
            // extensions) are not resolved, so a file they lack does not stop the listing.
            let settings: [String: String]
            do {
                settings = try self.settings(of: object, name: name, configuration: configuration).1
            } catch {
                summaries.append(.init(name: name, kind: "?", sourceCount: 0, infoPlist: "?", bundleIdentifier: "", problem: error))
                continue
            }
            let plistPath = settings["INFOPLIST_FILE"].flatMap { $0.isEmpty ? nil : $0 }
            guard let kind = ExtensionTargetSummary.kind(infoPlist: plistPath.map(url(forSetting:)), settings: settings) else { continue }
            do {
                let target = try resolve(object, configuration: configuration)
                summaries.append(
                    ExtensionTargetSummary(
                        name: target.name, kind: kind, sourceCount: target.sources.count,
                        infoPlist: target.infoPlist.map(target.relativePath) ?? "(generated)",
                        bundleIdentifier: target.bundleIdentifier ?? ""))
            } catch {
                summaries.append(
                    .init(
                        name: name, kind: kind, sourceCount: 0, infoPlist: plistPath ?? "(generated)",
                        bundleIdentifier: settings["PRODUCT_BUNDLE_IDENTIFIER"] ?? "", problem: error))
            }
        }
        return summaries
    }

    // MARK: Resolving

    func resolve(_ target: PBXObjectGraph.Object, configuration wanted: String?) throws(XcodeProjectError) -> ProjectTarget {
        let name = target.string("name") ?? target.id
        var warnings: [String] = []
        let (configuration, settings) = try settings(of: target, name: name, configuration: wanted, warnings: &warnings)
        let files = try sourcesAndResources(of: target, name: name, settings: settings)
        let entitlements = try settings["CODE_SIGN_ENTITLEMENTS"].flatMap { path throws(XcodeProjectError) -> ProjectEntitlements? in
            guard !path.isEmpty else { return nil }
            let file = url(forSetting: path)
            guard FileManager.default.fileExists(atPath: file.path) else {
                throw .missingFile(project: projectPath, target: name, named: "CODE_SIGN_ENTITLEMENTS = \(path)", resolved: file.path)
            }
            return try ProjectEntitlements(contentsOf: file, settings: settings)
        }
        var links = try packageProducts(of: target, name: name)
        let frameworks = try frameworks(linkedBy: target, configuration: configuration, links: &links, warnings: &warnings)
        let infoPlist = settings["INFOPLIST_FILE"].flatMap { $0.isEmpty ? nil : url(forSetting: $0) }
        if let infoPlist, !FileManager.default.fileExists(atPath: infoPlist.path) {
            throw .missingFile(
                project: projectPath, target: name, named: "INFOPLIST_FILE = \(settings["INFOPLIST_FILE"] ?? "")",
                resolved: infoPlist.path)
        }
        // A CocoaPods project: the pods of the target's Podfile block, those nsesim provides as stand-ins.
        let pods = try pods(of: name)
        for pod in pods?.pods ?? [] {
            guard let module = pod.standIn, !links.standIns.contains(where: { $0.product == module }) else { continue }
            links.standIns.append(.init(product: module, package: "pod \(pod.name)"))
        }
        var seen = Set<String>()
        var resolved = ProjectTarget(
            project: project, name: name, productType: target.string("productType") ?? "",
            configuration: configuration, sources: files.sources, skippedSources: files.skipped,
            resources: files.resources.filter { $0.url != infoPlist && $0.url != entitlements?.file },
            infoPlist: infoPlist, generatesInfoPlist: settings["GENERATE_INFOPLIST_FILE"] == "YES",
            settings: settings, entitlements: entitlements,
            packages: links.packages.filter { seen.insert($0.path).inserted },
            frameworks: frameworks + (pods?.localModules(outside: project.sourceRoot) ?? []),
            standIns: links.standIns, warnings: warnings.filter { seen.insert($0).inserted },
            remotePackages: links.remote)
        resolved.pods = pods
        var binaries: [URL] = []
        for object in [target] + linkedTargets(of: target) {
            for file in binaryFrameworks(of: object) where !binaries.contains(file) { binaries.append(file) }
        }
        resolved.binaryFrameworks = binaries
        return resolved
    }

    /// `text` with the source root's path left out of the paths in it, for messages.
    private func relativeToProject(_ text: String) -> String {
        text.replacingOccurrences(of: project.sourceRoot.path + "/", with: "")
    }

    /// A path a setting gives (`INFOPLIST_FILE`, `CODE_SIGN_ENTITLEMENTS`): relative to the source root.
    private func url(forSetting path: String) -> URL {
        (path.hasPrefix("/") ? URL(fileURLWithPath: path) : project.sourceRoot.appendingPathComponent(path)).standardizedFileURL
    }

    // MARK: Build settings

    /// The configuration's name and the settings, layered: Xcode's defaults, the project's
    /// base configuration file and settings, the target's, then `--setting`.
    func settings(
        of target: PBXObjectGraph.Object, name: String,
        configuration wanted: String?
    ) throws(XcodeProjectError) -> (String, [String: String]) {
        var warnings: [String] = []
        return try settings(of: target, name: name, configuration: wanted, warnings: &warnings)
    }

    /// The same, with a warning for each configuration file that is not there (a base
    /// configuration or an `#include`: Xcode warns and leaves its settings out).
    func settings(
        of target: PBXObjectGraph.Object, name: String, configuration wanted: String?,
        warnings: inout [String]
    ) throws(XcodeProjectError) -> (String, [String: String]) {
        let graph = project.graph
        let targetConfigurations =
            graph[target.string("buildConfigurationList") ?? ""]
            .map { graph.objects("buildConfigurations", of: $0) } ?? []
        let names = targetConfigurations.compactMap { $0.string("name") }
        let configuration =
            wanted
            ?? (names.contains("Debug") || names.isEmpty
                ? "Debug"
                : graph[target.string("buildConfigurationList") ?? ""]?.string("defaultConfigurationName") ?? names[0])
        let targetLevel = targetConfigurations.first { $0.string("name") == configuration }
        if targetLevel == nil && !names.isEmpty {
            throw .noSuchConfiguration(project: projectPath, target: name, name: configuration, configurations: names)
        }
        let projectLevel = graph[graph.root.string("buildConfigurationList") ?? ""]
            .map { graph.objects("buildConfigurations", of: $0) }?.first { $0.string("name") == configuration }
        var layers = BuildSettingsLayers(defaults: defaults(target: name, configuration: configuration))
        for level in [projectLevel, targetLevel].compactMap({ $0 }) {
            if let base = level.string("baseConfigurationReference"), let file = path(of: base) {
                if FileManager.default.fileExists(atPath: file.path) {
                    var found: [String] = []
                    layers.apply(try XCConfigFile.assignments(at: file, warnings: &found))
                    warnings += found.map(relativeToProject)
                } else {
                    let owner = level.id == targetLevel?.id ? "target \"\(name)\"" : "the project"
                    warnings.append(
                        XCConfigFile.missingWarning(
                            relativeToProject(file.path),
                            includedFrom: "\(project.url.lastPathComponent): the base configuration "
                                + "of \(owner) (\(configuration))"))
                }
            }
            layers.apply(BuildSettingsLayers.assignments(from: level.dictionary("buildSettings")))
        }
        for (setting, value) in context.settings.sorted(by: { $0.key < $1.key }) { layers.assign(setting, value) }
        // What code signing puts before an entitlement's keychain group: the team's identifier.
        let team = layers.expanding("$(DEVELOPMENT_TEAM)")
        for key in ["AppIdentifierPrefix", "TeamIdentifierPrefix"] where !team.isEmpty && layers.values[key] == nil {
            layers.assign(key, team + ".")
        }
        return (configuration, layers.expanded)
    }

    /// Xcode's defaults for a target, in Xcode's own terms (`PRODUCT_NAME = $(TARGET_NAME)`, …).
    private func defaults(target name: String, configuration: String) -> [String: String] {
        var values = XcodeSettings.defaults(
            targetName: name, appIdentifier: context.appIdentifier, sourceRoot: project.sourceRoot.path,
            projectName: project.name, configuration: configuration)
        values["PROJECT_FILE_PATH"] = project.url.path
        return values
    }

    // MARK: Files

    /// The absolute path of the file reference or group `id`: through its groups for
    /// `<group>`, from the source root for `SOURCE_ROOT`, as written for `<absolute>`; nil
    /// for build products and SDK files.
    func path(of id: String) -> URL? { path(of: id, depth: 0) }

    /// `depth` stops a project whose groups contain each other (a cycle no Xcode writes).
    private func path(of id: String, depth: Int) -> URL? {
        guard depth < 64, let object = project.graph[id] else { return nil }
        let path = object.string("path")
        switch object.string("sourceTree") ?? "<group>" {
        case "<absolute>":
            return path.map { URL(fileURLWithPath: $0).standardizedFileURL }
        case "SOURCE_ROOT", "SRCROOT", "PROJECT_DIR":
            return (path.map { project.sourceRoot.appendingPathComponent($0) } ?? project.sourceRoot).standardizedFileURL
        case "<group>":
            let base = parents[id].flatMap { self.path(of: $0, depth: depth + 1) } ?? project.sourceRoot
            return (path.map { $0.hasPrefix("/") ? URL(fileURLWithPath: $0) : base.appendingPathComponent($0) } ?? base).standardizedFileURL
        default:
            return nil
        }
    }

    /// The file references of the build phases of class `isa` of `target`.
    private func phaseFiles(_ isa: String, of target: PBXObjectGraph.Object) -> [PBXObjectGraph.Object] {
        let graph = project.graph
        return graph.objects("buildPhases", of: target).filter { $0.isa == isa }
            .flatMap { graph.objects("files", of: $0) }
            .compactMap { graph[$0.string("fileRef") ?? ""] }
    }

    private func sourcesAndResources(
        of target: PBXObjectGraph.Object, name: String, settings: [String: String]
    )
        throws(XcodeProjectError) -> (sources: [URL], skipped: [URL], resources: [ProjectTarget.Resource])
    {
        var sources: [URL] = []
        var resources: [ProjectTarget.Resource] = []
        for reference in phaseFiles("PBXSourcesBuildPhase", of: target) {
            guard let url = try existing(reference, target: name) else { continue }
            sources.append(url)
        }
        for reference in phaseFiles("PBXResourcesBuildPhase", of: target) {
            // A localized file is a variant group: one file per language, each in its .lproj.
            let members = reference.isa == "PBXVariantGroup" ? project.graph.objects("children", of: reference) : [reference]
            for member in members {
                guard let url = try existing(member, target: name) else { continue }
                let parent = url.deletingLastPathComponent().lastPathComponent
                resources.append(
                    .init(
                        url: url,
                        bundlePath: parent.hasSuffix(".lproj")
                            ? "\(parent)/\(url.lastPathComponent)"
                            : url.lastPathComponent))
            }
        }
        let listed = Set(target.strings("fileSystemSynchronizedGroups"))
        let groups = project.graph.objects.values.filter { $0.isa == "PBXFileSystemSynchronizedRootGroup" }.sorted { $0.id < $1.id }
        for group in groups {
            let synchronized = try synchronizedFiles(of: group, target: target, name: name, member: listed.contains(group.id))
            sources += synchronized.sources
            resources += synchronized.resources
        }
        let swift = Array(Set(sources.filter { $0.pathExtension == "swift" })).sorted { $0.path < $1.path }
        return (swift, sources.filter { $0.pathExtension != "swift" }, resources)
    }

    /// The path of a file reference, which must exist on disk; nil for build products.
    private func existing(_ reference: PBXObjectGraph.Object, target: String) throws(XcodeProjectError) -> URL? {
        guard let url = path(of: reference.id) else { return nil }
        guard FileManager.default.fileExists(atPath: url.path) else {
            throw .missingFile(
                project: projectPath, target: target, named: reference.string("path") ?? reference.string("name") ?? reference.id,
                resolved: url.path)
        }
        return url
    }

    /// The files of a synchronized folder (`PBXFileSystemSynchronizedRootGroup`, Xcode 16)
    /// that belong to `target`. The group's exception sets for the target list the files
    /// whose membership is the other way round: for a target that lists the group, every
    /// file below it but those; for another target, only those (a file of the app's folder
    /// added to the extension). Swift files are compiled, other sources listed, the rest
    /// copied (Info.plist, entitlements and configuration files are not).
    private func synchronizedFiles(
        of group: PBXObjectGraph.Object, target: PBXObjectGraph.Object, name: String,
        member: Bool
    ) throws(XcodeProjectError) -> (sources: [URL], resources: [ProjectTarget.Resource]) {
        let exceptions = Set(
            project.graph.objects("exceptions", of: group)
                .filter { $0.isa == "PBXFileSystemSynchronizedBuildFileExceptionSet" && $0.string("target") == target.id }
                .flatMap { $0.strings("membershipExceptions") })
        guard member || !exceptions.isEmpty, let folder = path(of: group.id) else { return ([], []) }
        guard FileManager.default.fileExists(atPath: folder.path) else {
            throw .missingFile(
                project: projectPath, target: name, named: "the synchronized folder \(group.string("path") ?? "")",
                resolved: folder.path)
        }
        let files = FolderFiles.files(in: folder)
        let relativePaths = files.map { String($0.path.dropFirst(folder.path.count + 1)) }
        if !member {
            for exception in exceptions.sorted() {
                // `/Localized/NAME` is every language's NAME (each `X.lproj/NAME` of the folder).
                let present =
                    exception.hasPrefix(Self.localizedPrefix)
                    ? relativePaths.contains { Self.localizedKey(of: $0) == exception }
                    : FileManager.default.fileExists(atPath: folder.appendingPathComponent(exception).path)
                guard !present else { continue }
                let resolved =
                    exception.hasPrefix(Self.localizedPrefix)
                    ? folder.appendingPathComponent("*.lproj").appendingPathComponent(
                        String(exception.dropFirst(Self.localizedPrefix.count))
                    ).path
                    : folder.appendingPathComponent(exception).path
                throw .missingFile(
                    project: projectPath, target: name, named: "\(group.string("path") ?? "")/\(exception)", resolved: resolved)
            }
        }
        // Explicit folders are copied whole, as folder references: nothing in them is compiled.
        let explicitFolders = group.strings("explicitFolders")
        var sources: [URL] = []
        var resources: [ProjectTarget.Resource] = []
        for (file, relative) in zip(files, relativePaths) {
            let localized = Self.localizedKey(of: relative)
            let listed = exceptions.contains { relative == $0 || relative.hasPrefix($0 + "/") || localized == $0 }
            if listed == member || relative.split(separator: "/").contains(where: { $0.hasSuffix(".xcassets") }) { continue }
            if let explicit = explicitFolders.first(where: { relative.hasPrefix($0 + "/") }) {
                let inside = relative.dropFirst(explicit.count)
                resources.append(.init(url: file, bundlePath: (explicit as NSString).lastPathComponent + inside))
                continue
            }
            switch file.pathExtension {
            case "swift", "m", "mm", "c", "cpp": sources.append(file)
            case "entitlements", "xcconfig", "md", "h": continue
            default:
                if file.lastPathComponent == "Info.plist" { continue }
                let parent = file.deletingLastPathComponent().lastPathComponent
                resources.append(
                    .init(
                        url: file,
                        bundlePath: parent.hasSuffix(".lproj")
                            ? "\(parent)/\(file.lastPathComponent)"
                            : file.lastPathComponent))
            }
        }
        return (sources, resources)
    }

    /// How Xcode 16 names a localized file in a synchronized folder's exceptions.
    static let localizedPrefix = "/Localized/"

    /// The name a synchronized folder's exception set gives the localized file at `relative`
    /// (`Resources/en.lproj/Core.strings` → `/Localized/Resources/Core.strings`, every language's
    /// copy alike); nil for a file in no `.lproj` folder.
    static func localizedKey(of relative: String) -> String? {
        let components = relative.split(separator: "/")
        guard components.dropLast().contains(where: { $0.hasSuffix(".lproj") }) else { return nil }
        return localizedPrefix + components.filter { !$0.hasSuffix(".lproj") }.joined(separator: "/")
    }

    // MARK: What the target links

    /// What the package product dependencies of targets give the build: local package
    /// folders to build, and the products nsesim stands in for.
    struct PackageLinks {
        /// The folders of local packages (their products are built with SwiftPM).
        var packages: [URL] = []
        /// Remote products whose module nsesim provides (`ProjectResolver.providedModules`), used instead.
        var standIns: [ProjectTarget.StandIn] = []
        /// Other remote products, at their pins: built with SwiftPM.
        var remote: [RemotePackage] = []

        /// Adds `product` of the remote package `package` (once per package).
        mutating func add(remote package: RemotePackage) {
            if let index = remote.firstIndex(where: { $0.url == package.url }) {
                for product in package.products where !remote[index].products.contains(product) { remote[index].products.append(product) }
            } else {
                remote.append(package)
            }
        }
    }

    /// The package products `target` links: a local package's folder (a package reference, or
    /// a folder of the project holding the package); a remote product nsesim stands in for
    /// (FirebaseMessaging, OneSignalExtension, …) is its stand-in, as with `--extension`;
    /// another remote one is an error unless a `--package` folder provides it.
    private func packageProducts(of target: PBXObjectGraph.Object, name: String) throws(XcodeProjectError) -> PackageLinks {
        let graph = project.graph
        var links = PackageLinks()
        for dependency in graph.objects("packageProductDependencies", of: target) {
            let product = dependency.string("productName") ?? "?"
            let providedByGiven = context.packages.contains { Self.package(at: $0, declares: product) }
            // No package reference: a local package added to the project as a folder, or listed
            // by the workspace beside the project; else, as Xcode finds a product by its name
            // among the packages it resolved, the project's package reference that declares it
            // (Home Assistant's SharedPush) or a remote one named as it (talk-ios's SwiftyRSA):
            // the dependency lost its `package` when the package was added again.
            let explicit = graph[dependency.string("package") ?? ""]
            if explicit == nil {
                if let folder = (localPackageFolders() + XcodeWorkspace.localPackageFolders(besides: project.url))
                    .first(where: { Self.package(at: $0, declares: product) })
                {
                    links.packages.append(folder)
                    continue
                }
                if context.standsIn(for: product) {
                    links.standIns.append(.init(product: product, package: nil))
                    continue
                }
                if providedByGiven { continue }
            }
            guard let reference = explicit ?? packageReference(providing: product) else {
                throw .unlocatedPackageProduct(project: projectPath, target: name, product: product)
            }
            switch reference.isa {
            case "XCLocalSwiftPackageReference":
                let path = reference.string("relativePath") ?? ""
                let folder = (path.hasPrefix("/") ? URL(fileURLWithPath: path) : project.sourceRoot.appendingPathComponent(path))
                    .standardizedFileURL
                if providedByGiven { continue }
                // A product nsesim stands in for, from a package that is not here (an absolute
                // path of another machine, Braze's example) or cannot build on Linux (a binary
                // target): the stand-in, as with `--extension`; its graph is not resolved.
                if context.standsIn(for: product), !Self.buildsOnLinux(packageAt: folder) {
                    links.standIns.append(.init(product: product, package: path))
                    continue
                }
                guard FileManager.default.fileExists(atPath: folder.appendingPathComponent("Package.swift").path) else {
                    throw .missingFile(
                        project: projectPath, target: name, named: "the local package \(path) (product \(product))",
                        resolved: folder.appendingPathComponent("Package.swift").path)
                }
                links.packages.append(folder)
            case "XCRemoteSwiftPackageReference":
                let url = reference.string("repositoryURL") ?? "?"
                if providedByGiven { continue }
                if context.standsIn(for: product) {
                    links.standIns.append(.init(product: product, package: url))
                    continue
                }
                links.add(remote: try pinned(url: url, product: product, target: name, reference: reference))
            default:
                continue
            }
        }
        return links
    }

    /// The remote package at `url` pinned by the project's (or its workspace's) `Package.resolved`;
    /// without a pin (no `Package.resolved` in git: `xcshareddata/` ignored), the package
    /// reference's own rule (`requirement`), which SwiftPM resolves against the remote's tags
    /// as Xcode does; an error only when the reference has no rule nsesim reads.
    private func pinned(
        url: String, product: String, target: String,
        reference: PBXObjectGraph.Object
    ) throws(XcodeProjectError) -> RemotePackage {
        let files = PackageResolved.files(for: project.url)
        var readable: URL?
        for file in files {
            let resolved = try PackageResolved(contentsOf: file)
            readable = readable ?? file
            if let pin = resolved.pin(for: url) {
                return RemotePackage(
                    url: url, products: [product], requirement: .revision(pin.revision), version: pin.version,
                    resolvedFile: file)
            }
        }
        if let requirement = Self.requirement(reference.dictionary("requirement")) {
            // The other packages' pins (a Package.resolved that lacks this one) still hold.
            return RemotePackage(url: url, products: [product], requirement: requirement, version: nil, resolvedFile: readable)
        }
        throw .missingPin(target: target, product: product, url: url, resolvedFiles: files.map { relativeToProject($0.path) })
    }

    /// An `XCRemoteSwiftPackageReference`'s rule, as Xcode writes it: `kind =
    /// upToNextMajorVersion` (or `upToNextMinorVersion`) with `minimumVersion`, `exactVersion`
    /// with `version`, `versionRange` with `minimumVersion` and `maximumVersion`, `branch` with
    /// `branch`, `revision` with `revision`; nil for another or an incomplete one.
    static func requirement(_ fields: [String: PlistValue]) -> RemotePackageRequirement? {
        let value = { (key: String) in fields[key]?.string.flatMap { $0.isEmpty ? nil : $0 } }
        switch value("kind") {
        case "upToNextMajorVersion": return value("minimumVersion").map(RemotePackageRequirement.from)
        case "upToNextMinorVersion": return value("minimumVersion").map(RemotePackageRequirement.upToNextMinor)
        case "exactVersion": return value("version").map(RemotePackageRequirement.exact)
        case "versionRange":
            guard let low = value("minimumVersion"), let high = value("maximumVersion") else { return nil }
            return .range(low, high)
        case "branch": return value("branch").map(RemotePackageRequirement.branch)
        case "revision": return value("revision").map(RemotePackageRequirement.revision)
        default: return nil
        }
    }

    /// Whether the package in `folder` is there and has no binary target (an xcframework).
    static func buildsOnLinux(packageAt folder: URL) -> Bool {
        guard let manifest = try? String(contentsOf: folder.appendingPathComponent("Package.swift"), encoding: .utf8) else { return false }
        return !manifest.contains(".binaryTarget(")
    }

    /// Whether the package in `folder` declares a product (or target) named `product`.
    private static func package(at folder: URL, declares product: String) -> Bool {
        guard let manifest = try? String(contentsOf: folder.appendingPathComponent("Package.swift"), encoding: .utf8) else { return false }
        return manifest.contains("\"\(product)\"")
    }

    /// The project's package reference that gives `product` when a product dependency names no
    /// package: a local one whose `Package.swift` declares it, else a remote one whose
    /// repository is named as it (letter case, a `.git` suffix and a `swift-` prefix aside).
    private func packageReference(providing product: String) -> PBXObjectGraph.Object? {
        let references = project.graph.objects("packageReferences", of: project.graph.root)
        if let local = references.first(where: { reference in
            guard reference.isa == "XCLocalSwiftPackageReference", let path = reference.string("relativePath") else { return false }
            let folder = path.hasPrefix("/") ? URL(fileURLWithPath: path) : project.sourceRoot.appendingPathComponent(path)
            return Self.package(at: folder, declares: product)
        }) {
            return local
        }
        func key(_ name: String) -> String {
            var name = name.lowercased()
            if name.hasSuffix(".git") { name.removeLast(4) }
            if name.hasPrefix("swift-") { name.removeFirst(6) }
            return name
        }
        return references.filter { $0.isa == "XCRemoteSwiftPackageReference" }.first { reference in
            let last = (reference.string("repositoryURL") ?? "").split(separator: "/").last.map(String.init) ?? ""
            return !last.isEmpty && key(last) == key(product)
        }
    }

    /// The folders of the project's groups and folder references that hold a `Package.swift`:
    /// local packages dragged into the project, which Xcode builds without a package reference.
    private func localPackageFolders() -> [URL] {
        project.graph.objects.values
            .filter { ["PBXFileReference", "PBXGroup", "PBXFileSystemSynchronizedRootGroup"].contains($0.isa) }
            .sorted { $0.id < $1.id }
            .compactMap { path(of: $0.id) }
            .filter { FileManager.default.fileExists(atPath: $0.appendingPathComponent("Package.swift").path) }
    }

    /// The vendored binary frameworks `object`'s Frameworks phase links: `.xcframework` and
    /// `.framework` files of the project (not a target's product, not the SDK's).
    private func binaryFrameworks(of object: PBXObjectGraph.Object) -> [URL] {
        let graph = project.graph
        return graph.objects("buildPhases", of: object).filter { $0.isa == "PBXFrameworksBuildPhase" }
            .flatMap { graph.objects("files", of: $0) }
            .compactMap { graph[$0.string("fileRef") ?? ""] }
            .compactMap { path(of: $0.id) }
            .filter { ["xcframework", "framework"].contains($0.pathExtension) }
    }

    /// The framework targets `object` links: its target dependencies, then the targets whose
    /// product its Frameworks phase links without one (Xcode's implicit dependencies).
    private func linkedTargets(of object: PBXObjectGraph.Object) -> [PBXObjectGraph.Object] {
        let graph = project.graph
        let explicit = graph.objects("dependencies", of: object).compactMap { graph[$0.string("target") ?? ""] }
        let products = graph.objects("buildPhases", of: object).filter { $0.isa == "PBXFrameworksBuildPhase" }
            .flatMap { graph.objects("files", of: $0) }
            .compactMap { graph[$0.string("fileRef") ?? ""] }
        let implicit = products.compactMap { product in
            let name = (product.string("path") ?? product.string("name")).map { ($0 as NSString).lastPathComponent }
            return project.targets.first { candidate in
                guard let reference = candidate.string("productReference") else { return false }
                let productName = graph[reference]?.string("path").map { ($0 as NSString).lastPathComponent }
                return reference == product.id || (name != nil && productName == name)
            }
        }
        var seen = Set<String>()
        return (explicit + implicit).filter { Self.frameworkTypes.contains($0.string("productType") ?? "") && seen.insert($0.id).inserted }
    }

    /// The framework targets `target` depends on, directly or through each other, each
    /// after those it depends on; their packages join `links`.
    private func frameworks(
        linkedBy target: PBXObjectGraph.Object, configuration: String, links: inout PackageLinks,
        warnings: inout [String]
    ) throws(XcodeProjectError) -> [ProjectTarget.Framework] {
        var ordered: [ProjectTarget.Framework] = []
        var done = Set<String>()
        var visiting = Set<String>()
        func visit(_ object: PBXObjectGraph.Object) throws(XcodeProjectError) {
            for linked in linkedTargets(of: object) {
                guard !done.contains(linked.id), visiting.insert(linked.id).inserted else { continue }
                try visit(linked)
                let name = linked.string("name") ?? linked.id
                let (_, settings) = try settings(of: linked, name: name, configuration: configuration, warnings: &warnings)
                let files = try sourcesAndResources(of: linked, name: name, settings: settings)
                let own = try packageProducts(of: linked, name: name)
                links.packages += own.packages
                links.standIns += own.standIns.filter { !links.standIns.contains($0) }
                for package in own.remote { links.add(remote: package) }
                ordered.append(
                    .init(
                        target: name, moduleName: settings["PRODUCT_MODULE_NAME"] ?? XcodeSettings.moduleName(for: name),
                        sources: files.sources))
                done.insert(linked.id)
            }
        }
        try visit(target)
        return ordered
    }
}
