import Foundation

/// Reads a project and resolves one of its targets into what a build takes
/// (``ProjectTarget``: its sources, resources, Info.plist, settings, entitlements, the
/// framework targets, packages and pods it links, the modules nsesim stands in for): the one
/// entry of this module. An Xcode project (`.xcodeproj`, `project.pbxproj`) or an XcodeGen
/// spec (`project.yml`), with CocoaPods' Podfile and Podfile.lock beside it and SwiftPM's
/// `Package.resolved` for its remote packages.
package struct ProjectResolver: Sendable {
    /// The app's bundle identifier when the project says nothing (`--bundle-id`).
    package let appIdentifier: String
    /// Settings given by hand (`--setting`), over the project's.
    package let settings: [String: String]
    /// Local packages given with `--package`: they may provide the project's remote products.
    package let packages: [URL]
    /// The modules nsesim provides to extensions (the build's framework table): a package
    /// product or pod that gives one of them is stood in for, not fetched.
    package let providedModules: Set<String>

    /// A resolver with what nsesim's command line and the build give.
    package init(appIdentifier: String, settings: [String: String] = [:], packages: [URL] = [], providedModules: Set<String>) {
        self.appIdentifier = appIdentifier
        self.settings = settings
        self.packages = packages
        self.providedModules = providedModules
    }

    /// The target `selection` names (without a name, the project's only notification service
    /// extension), resolved for its configuration.
    package func resolve(_ selection: ProjectSelection) throws(XcodeProjectError) -> ProjectTarget {
        if let spec = XcodeGenSpec.locate(selection.path) {
            return try XcodeGenTargetResolver(spec: try XcodeGenSpec(contentsOf: spec), context: self)
                .resolve(target: selection.target, configuration: selection.configuration)
        }
        return try ProjectTargetResolver(project: try XcodeProject(path: selection.path), context: self)
            .resolve(target: selection.target, configuration: selection.configuration)
    }

    /// `nsesim targets`: the path of the project at `path` (the `.xcodeproj` or the spec file)
    /// and its notification extension targets, each resolved or with its problem.
    package func extensionTargets(
        path: String, configuration: String? = nil
    )
        throws(XcodeProjectError) -> (project: String, targets: [ExtensionTargetSummary])
    {
        if let file = XcodeGenSpec.locate(path) {
            let resolver = XcodeGenTargetResolver(spec: try XcodeGenSpec(contentsOf: file), context: self)
            return (file.path, try resolver.extensionTargets(configuration: configuration))
        }
        let resolver = ProjectTargetResolver(project: try XcodeProject(path: path), context: self)
        return (resolver.project.url.path, try resolver.extensionTargets(configuration: configuration))
    }

    /// Every module the stand-in tables (pods, SwiftPM products named otherwise than their
    /// module) give: each must be among the build's `providedModules`.
    package static var standInModules: Set<String> {
        Set(PodStandIns.modules.values.joined()).union(SwiftPMStandIns.modules.values.joined())
    }
}
