import Foundation
import NSESimRuntime

/// Where an extension built from an Xcode project came from, for the report: the project,
/// the target, the configuration, the files compiled and what the entitlements grant.
package struct ProjectOrigin: Sendable, Equatable {
    /// The `.xcodeproj`.
    package let project: String
    /// The target's name.
    package let target: String
    /// The configuration whose settings were used.
    package let configuration: String
    /// The Swift files compiled, relative to the project's folder.
    package let files: [String]
    /// `PRODUCT_BUNDLE_IDENTIFIER`.
    package let bundleIdentifier: String?
    /// The entitlements file, relative to the project's folder.
    package let entitlementsFile: String?
    /// The app groups the entitlements grant: the only ones the extension may open.
    package let appGroups: [String]
    /// The framework targets built as modules.
    package let frameworks: [String]
    /// The local packages linked.
    package let packages: [String]
    /// The package products nsesim stood in for (`FirebaseMessaging`).
    package let standIns: [String]
    /// The remote Swift packages built with SwiftPM: `URL@revision` (or the rule, before fetching).
    package var remotePackages: [String]
    /// What SwiftPM resolved for packages no `Package.resolved` pinned, from the project's
    /// rules (`TinyFormat from https://… (from 1.2.0): 1.2.0 at 1a2b3c4d5e6f`), set by the build.
    package var resolvedWithoutPins: [String] = []
    /// The CocoaPods pods of the target: `Name version`.
    package let pods: [String]
    /// Per pod built from source: where its spec and source came from and the module built, set by the build.
    package var podBuilds: [String] = []

    /// Where `target`'s build came from.
    package init(_ target: ProjectTarget) {
        project = target.project.url.path
        self.target = target.name
        configuration = target.configuration
        files = target.sources.map(target.relativePath)
        bundleIdentifier = target.bundleIdentifier
        // An XcodeGen target's entitlements: properties are written to a temporary file: the spec's path names it.
        entitlementsFile = target.entitlements.map { entitlements in
            let path = target.relativePath(of: entitlements.file)
            return path.hasPrefix("/") ? target.settings["CODE_SIGN_ENTITLEMENTS"] ?? path : path
        }
        appGroups = target.entitlements?.appGroups ?? []
        frameworks = target.frameworks.map(\.moduleName)
        packages = target.packages.map(target.relativePath)
        standIns = target.standIns.map(\.product)
        remotePackages = target.remotePackages.map { package in
            if case .revision(let revision) = package.requirement { return "\(package.url)@\(revision)" }
            return "\(package.url) \(package.requirement.description)"
        }
        pods = (target.pods?.pods ?? []).map { "\($0.name)\($0.version.map { " \($0)" } ?? "")" }.reduce(into: []) { names, pod in
            if !names.contains(pod) { names.append(pod) }
        }
    }

    /// The app the extension belongs to: the bundle identifier without its last component.
    package var appIdentifier: String? {
        guard let parts = bundleIdentifier?.split(separator: "."), parts.count >= 2 else { return nil }
        return parts.dropLast().joined(separator: ".")
    }

    /// The report's `extension.project` object.
    package var jsonValue: JSONValue {
        .object([
            "path": .string(project),
            "target": .string(target),
            "configuration": .string(configuration),
            "files": .array(files.map(JSONValue.string)),
            "bundleIdentifier": bundleIdentifier.map(JSONValue.string) ?? .null,
            "entitlements": entitlementsFile.map(JSONValue.string) ?? .null,
            "appGroups": .array(appGroups.map(JSONValue.string)),
            "frameworks": .array(frameworks.map(JSONValue.string)),
            "packages": .array(packages.map(JSONValue.string)),
            "standIns": .array(standIns.map(JSONValue.string)),
            "remotePackages": .array(remotePackages.map(JSONValue.string)),
            "pods": .array(pods.map(JSONValue.string)),
        ])
    }

    /// The report's text line.
    package var text: String {
        "target \(target) of \(project) (\(configuration)), \(files.count) file(s)"
            + (appGroups.isEmpty ? "" : ", app groups \(appGroups.joined(separator: ", "))")
    }
}
