import Foundation
import NSESimRuntime

/// Why an Xcode project cannot give an extension to run. Each message names the file, the
/// place in it when there is one, and what to change.
package enum XcodeProjectError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Nothing at the path given with `--project` (exit 66).
    case notFound(path: String)
    /// The path is not an `.xcodeproj`, or a folder holding exactly one (exit 66 when
    /// there is none, 65 when there are several).
    case notAProject(path: String, reason: String, missing: Bool)
    /// `project.pbxproj` is not a property list: line and column of the error (exit 65).
    case corrupt(path: String, line: Int, column: Int, message: String)
    /// The property list is one, but not an Xcode project's object graph (exit 65).
    case badGraph(path: String, message: String)
    /// `--target` names no target of the project (exit 65).
    case noSuchTarget(project: String, name: String, targets: [String])
    /// The target is not a notification service extension (exit 65).
    case notAnExtension(project: String, target: String, reason: String)
    /// Without `--target`: no service extension target, or several (exit 65).
    case ambiguousTarget(project: String, candidates: [String])
    /// `--configuration` names no configuration of the target (exit 65).
    case noSuchConfiguration(project: String, target: String, name: String, configurations: [String])
    /// A file the project names is not on disk (exit 66).
    case missingFile(project: String, target: String, named: String, resolved: String)
    /// An `.xcconfig` file cannot be read (exit 65; 66 when it is missing).
    case badXCConfig(path: String, line: Int, message: String, missing: Bool)
    /// The entitlements file is not a property list dictionary (exit 65).
    case badEntitlements(path: String, message: String)
    /// The target links a package product that no package reference of the project gives and
    /// no package folder of the project declares (exit 65).
    case unlocatedPackageProduct(project: String, target: String, product: String)
    /// A `Package.resolved` is not one (exit 65).
    case badPackageResolved(path: String, message: String)
    /// The target links a remote package that no `Package.resolved` of the project pins (exit 65).
    case missingPin(target: String, product: String, url: String, resolvedFiles: [String])
    /// A `Podfile.lock` is not one: line and column of the error (exit 65).
    case badPodfileLock(path: String, line: Int, column: Int, message: String)
    /// An XcodeGen spec (`project.yml`) is not YAML: line and column of the error (exit 65).
    case badProjectSpec(path: String, line: Int, column: Int, message: String)
    /// A file an XcodeGen spec includes is not on disk (exit 66).
    case missingInclude(spec: String, line: Int, named: String, resolved: String)
    /// An XcodeGen spec is YAML, but a value in it is not what XcodeGen takes (exit 65).
    case badSpecValue(path: String, place: String, message: String)

    /// Whether this is `noSuchConfiguration`.
    package var isNoSuchConfiguration: Bool {
        if case .noSuchConfiguration = self { true } else { false }
    }

    /// The process exit status (docs/behaviour.md#exit-codes): a missing file, else bad input.
    package var exitStatus: ExitStatus {
        switch self {
        case .notFound, .missingFile, .missingInclude: .missingFile
        case .notAProject(_, _, let missing), .badXCConfig(_, _, _, let missing): missing ? .missingFile : .badInput
        default: .badInput
        }
    }

    /// The message: the file, the place, the fix.
    package var description: String {
        switch self {
        case .notFound(let path):
            "\(path): no such file or folder; give --project the path of an .xcodeproj (or of the folder holding it)"
        case .notAProject(let path, let reason, _):
            "\(path): \(reason)"
        case .corrupt(let path, let line, let column, let message):
            "\(path):\(line):\(column): error: \(message); the file is not a valid project.pbxproj "
                + "(mend it, or restore it with git checkout)"
        case .badGraph(let path, let message):
            "\(path): \(message)"
        case .noSuchTarget(let project, let name, let targets):
            "\(project): no target named \"\(name)\"; its targets are \(targets.joined(separator: ", "))"
        case .notAnExtension(let project, let target, let reason):
            "\(project): target \"\(target)\" \(reason); give --target a notification service extension target "
                + "(nsesim targets --project \(project) lists them)"
        case .ambiguousTarget(let project, let candidates):
            candidates.isEmpty
                ? "\(project): no target is a notification service extension (an app extension whose Info.plist has "
                    + "NSExtensionPointIdentifier com.apple.usernotifications.service)"
                : "\(project): several notification service extension targets (\(candidates.joined(separator: ", "))); "
                    + "choose one with --target NAME"
        case .noSuchConfiguration(let project, let target, let name, let configurations):
            "\(project): target \"\(target)\" has no configuration \"\(name)\"; give --configuration one of "
                + configurations.joined(separator: ", ")
        case .missingFile(let project, let target, let named, let resolved):
            "\(project): target \"\(target)\" \(named.contains(" = ") ? "names" : "compiles") \(named), but \(resolved) does not "
                + "exist; restore the file or remove it from the target in Xcode"
        case .badXCConfig(let path, let line, let message, _):
            line > 0 ? "\(path):\(line): error: \(message)" : "\(path): \(message)"
        case .badEntitlements(let path, let message):
            "\(path): \(message); an entitlements file is a property list dictionary (CODE_SIGN_ENTITLEMENTS names it)"
        case .unlocatedPackageProduct(let project, let target, let product):
            "\(project): target \"\(target)\" links the package product \(product), but the project has no package reference "
                + "for it and none of its folders holds a package (Package.swift) that declares \(product); add the package "
                + "to the project in Xcode (a local package: drag its folder in), or give its folder with --package PATH"
        case .badPackageResolved(let path, let message):
            "\(path): \(message); restore it with git checkout, or let Xcode write it again (File > Packages > Resolve Package "
                + "Versions)"
        case .missingPin(let target, let product, let url, let files):
            "target \"\(target)\" links \(product) from the Swift package at \(url), which "
                + (files.isEmpty
                    ? "no Package.resolved pins (nsesim looked in the project's and its workspace's "
                        + "xcshareddata/swiftpm/Package.resolved, and found none)"
                    : "\(files.joined(separator: " and ")) does not pin")
                + "; resolve the packages in Xcode (File > Packages > Resolve Package Versions) and commit Package.resolved, "
                + "or give a clone of the package with --package PATH"
        case .badPodfileLock(let path, let line, let column, let message):
            "\(path):\(line):\(column): error: \(message); the file is not a valid Podfile.lock (restore it with git checkout, "
                + "or run pod install on a Mac to write it again)"
        case .badProjectSpec(let path, let line, let column, let message):
            "\(path):\(line):\(column): error: \(message); the file is not valid YAML (an XcodeGen spec)"
        case .missingInclude(let spec, let line, let named, let resolved):
            "\(spec):\(line): error: include: \(named), but \(resolved) does not exist; restore the file or remove it from include:"
        case .badSpecValue(let path, let place, let message):
            "\(path): \(place): \(message) (see XcodeGen's ProjectSpec.md)"
        }
    }
}
