import Foundation
import NSESimProject

extension ExtensionFolder {
    /// The sources of a project's target as a build takes them: the files its phases name,
    /// its Info.plist (written, generated from `INFOPLIST_KEY_*` settings, or both) expanded
    /// with its settings, its entitlements into the bundle, its packages and framework
    /// targets. `modules` are `--modules` folders.
    package init(target: ProjectTarget, modules: [URL] = []) throws(ExtensionError) {
        url = target.project.sourceRoot
        settings = BuildSettings(values: target.settings)
        moduleSearchFolders = [url.appendingPathComponent(FolderFiles.modulesFolderName)] + modules
        infoPlistFile = target.infoPlist
        let plistPath = target.infoPlist?.path ?? "\(target.project.url.path) (target \(target.name), generated Info.plist)"
        var written: [String: Any] = target.generatesInfoPlist ? Self.generatedInfoPlist(target.settings) : [:]
        if let file = target.infoPlist {
            let fromFile = try ExtensionInfo.written(at: file)
            for (key, value) in fromFile where !(target.generatesInfoPlist && Self.isGenerated(key, target.settings)) {
                written[key] = value
            }
        } else if !target.generatesInfoPlist {
            throw .badInfoPlist(
                path: target.project.url.path,
                message: "target \(target.name) names no Info.plist (INFOPLIST_FILE) "
                    + "and does not generate one (GENERATE_INFOPLIST_FILE); set INFOPLIST_FILE in its build settings")
        }
        info = try ExtensionInfo(written: written, path: plistPath, settings: settings)
        sources = target.sources
        guard !sources.isEmpty else {
            throw .noSources(folder: "\(target.project.url.path) (target \(target.name): its Sources phase names no .swift file)")
        }
        let split = CoreDataModels.split(target.resources.map(\.url))
        resources = split.others
        // A model is in the Sources phase in Xcode (it compiles it into the bundle's .momd).
        let sourceModels = target.skippedSources.filter { ["xcdatamodeld", "xcdatamodel"].contains($0.pathExtension) }
        dataModels = split.models + sourceModels.filter { !split.models.contains($0) }
        resourceBundlePaths = Dictionary(target.resources.map { ($0.url, $0.bundlePath) }, uniquingKeysWith: { first, _ in first })
        if let entitlements = target.entitlements {
            bundleFiles[entitlements.file.lastPathComponent] = entitlements.expandedPlist
        }
        (imports, usesNetworking, usesXML, rewrites) = Self.scan(sources, in: url, outlets: info.point == .content)
        moduleName = target.settings["PRODUCT_MODULE_NAME"] ?? XcodeSettings.moduleName(for: target.name)
        swiftVersion = target.swiftVersion
        compilationConditions = target.compilationConditions
        packages = target.packages
        projectModules = Dictionary(
            target.frameworks.map { framework in
                (framework.moduleName, UserModule(name: framework.moduleName, folder: url, sources: framework.sources))
            }, uniquingKeysWith: { first, _ in first })
        origin = ProjectOrigin(target)
        omissions =
            target.warnings
            + target.skippedSources.filter { !sourceModels.contains($0) }.map { source in
                "\(target.relativePath(of: source)): in the target's Sources phase but not Swift: not compiled (nsesim builds Swift sources)"
            }
        omissions += [BridgingHeader.warning(setting: target.settings["SWIFT_OBJC_BRIDGING_HEADER"], root: url)].compactMap { $0 }
        try compileStoryboard()
    }

    /// The keys Xcode writes into a generated Info.plist: the bundle's identity in terms of
    /// build settings, and each `INFOPLIST_KEY_NAME` setting as `NAME`.
    static func generatedInfoPlist(_ settings: [String: String]) -> [String: Any] {
        var plist: [String: Any] = [
            "CFBundleDevelopmentRegion": "$(DEVELOPMENT_LANGUAGE)",
            "CFBundleExecutable": "$(EXECUTABLE_NAME)",
            "CFBundleIdentifier": "$(PRODUCT_BUNDLE_IDENTIFIER)",
            "CFBundleInfoDictionaryVersion": "6.0",
            "CFBundleName": "$(PRODUCT_NAME)",
            "CFBundlePackageType": "$(PRODUCT_BUNDLE_PACKAGE_TYPE)",
            "CFBundleShortVersionString": "$(MARKETING_VERSION)",
            "CFBundleVersion": "$(CURRENT_PROJECT_VERSION)",
        ]
        for (name, value) in settings where name.hasPrefix(infoPlistKeyPrefix) {
            plist[String(name.dropFirst(infoPlistKeyPrefix.count))] = value
        }
        return plist
    }

    private static let infoPlistKeyPrefix = "INFOPLIST_KEY_"

    /// Whether an `INFOPLIST_KEY_` setting gives `key`: it wins over the written file's.
    private static func isGenerated(_ key: String, _ settings: [String: String]) -> Bool {
        settings[infoPlistKeyPrefix + key] != nil
    }
}
