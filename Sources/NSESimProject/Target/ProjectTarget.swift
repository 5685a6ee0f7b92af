import Foundation

/// A target of an Xcode project resolved as Xcode builds it: the files its build phases
/// name (paths through their groups, synchronized folders with their exceptions), its build
/// settings for one configuration, its entitlements, and what it links.
package struct ProjectTarget: Sendable {
    /// A file copied into the product's bundle (Copy Bundle Resources).
    package struct Resource: Sendable, Equatable {
        /// Where it is.
        package let url: URL
        /// Where it goes in the bundle: its name (inside its `.lproj` folder for a localized file).
        package let bundlePath: String
    }

    /// A framework target of the same project the target links, built as a module.
    package struct Framework: Sendable, Equatable {
        /// The target's name.
        package let target: String
        /// Its module name (`PRODUCT_MODULE_NAME`).
        package let moduleName: String
        /// Its Swift sources.
        package let sources: [URL]
    }

    /// A package product the target links whose module nsesim provides (a push SDK's
    /// extension helper): the stand-in is linked when the sources import it.
    package struct StandIn: Sendable, Equatable {
        /// The product (and module) name: `FirebaseMessaging`.
        package let product: String
        /// The package's repository URL; nil for a product without a package reference.
        package let package: String?
    }

    /// The project.
    package let project: XcodeProject
    /// The target's name.
    package let name: String
    /// Its product type (`com.apple.product-type.app-extension`).
    package let productType: String
    /// The configuration whose settings were used.
    package let configuration: String
    /// The Swift files of the Sources phase (and of its synchronized folders), sorted by path.
    package let sources: [URL]
    /// Files of the Sources phase that are not Swift: not compiled on Linux.
    package let skippedSources: [URL]
    /// The Resources phase.
    package let resources: [Resource]
    /// `INFOPLIST_FILE`, when the target names one.
    package let infoPlist: URL?
    /// `GENERATE_INFOPLIST_FILE = YES`: Xcode writes the Info.plist from the settings
    /// (`INFOPLIST_KEY_*`), merged with `infoPlist` when there is one.
    package let generatesInfoPlist: Bool
    /// The build settings, merged and expanded.
    package let settings: [String: String]
    /// What `CODE_SIGN_ENTITLEMENTS` grants; nil when the target names no entitlements file.
    package let entitlements: ProjectEntitlements?
    /// The local Swift packages whose products the target links (with its frameworks').
    package let packages: [URL]
    /// The framework targets it links, in the order they must be built.
    package let frameworks: [Framework]
    /// The package products nsesim stands in for, instead of fetching them.
    package let standIns: [StandIn]
    /// What Xcode would warn about and nsesim leaves out (a missing configuration file).
    package let warnings: [String]
    /// The remote Swift packages it links, at their pins: built with SwiftPM (`RemotePackageBuild`).
    package internal(set) var remotePackages: [RemotePackage] = []
    /// The vendored binary frameworks (`.xcframework`, `.framework`) its Frameworks phase (or
    /// its framework targets') links: built for Apple's platforms, they cannot link on Linux.
    package internal(set) var binaryFrameworks: [URL] = []
    /// The CocoaPods pods of the target (its Podfile's block), when the project uses CocoaPods.
    package internal(set) var pods: PodfileTarget? = nil

    /// The Swift language mode of `SWIFT_VERSION` as swiftc takes it (`SwiftLanguageMode`:
    /// `5.5` as `5`, `6.2` as `6`, as Xcode maps it); nil when the project sets none.
    package var swiftVersion: String? {
        guard let version = settings["SWIFT_VERSION"], !version.isEmpty else { return nil }
        return SwiftLanguageMode.swiftcVersion(for: version)
    }

    /// The conditions `#if` sees: `SWIFT_ACTIVE_COMPILATION_CONDITIONS` and the `-D` of
    /// `OTHER_SWIFT_FLAGS`.
    package var compilationConditions: [String] {
        var conditions = BuildSettingsLayers.words(settings["SWIFT_ACTIVE_COMPILATION_CONDITIONS"])
        let flags = BuildSettingsLayers.words(settings["OTHER_SWIFT_FLAGS"])
        for (index, flag) in flags.enumerated() {
            if flag == "-D", index + 1 < flags.count {
                conditions.append(flags[index + 1])
            } else if flag.hasPrefix("-D"), flag.count > 2 {
                conditions.append(String(flag.dropFirst(2)))
            }
        }
        var seen = Set<String>()
        return conditions.filter { seen.insert($0).inserted }
    }

    /// `PRODUCT_BUNDLE_IDENTIFIER`.
    package var bundleIdentifier: String? { settings["PRODUCT_BUNDLE_IDENTIFIER"].flatMap { $0.isEmpty ? nil : $0 } }

    /// The app the extension belongs to: the bundle identifier without its last component.
    package var appIdentifier: String? { ProjectOrigin(self).appIdentifier }

    /// `url`'s path relative to the project's source root (absolute when outside it).
    package func relativePath(of url: URL) -> String {
        let root = project.sourceRoot.path + "/"
        return url.path.hasPrefix(root) ? String(url.path.dropFirst(root.count)) : url.path
    }
}
