import NSESimProject
import NSESimRuntime

/// Why an extension cannot be built or started. Each message names the file and says
/// what to change.
package enum ExtensionError: Error, Sendable, Equatable, CustomStringConvertible {
    /// No folder or library at the path given with `--extension` (exit 66).
    case notFound(path: String)
    /// The folder has no Info.plist (exit 66).
    case missingInfoPlist(folder: String)
    /// The Info.plist cannot be read or lacks a key, or a key has the wrong value (exit 65).
    case badInfoPlist(path: String, message: String)
    /// The folder holds no Swift source (exit 65).
    case noSources(folder: String)
    /// The sources do not compile: swiftc's diagnostics, with file and line (exit 65).
    case buildFailed(folder: String, diagnostics: [String])
    /// A module of the user's (`Modules/NAME/`, `--modules DIR`) cannot be built (exit 65).
    case badModule(folder: String, message: String)
    /// The Info.plist's extension point or principal class uses a build setting nsesim does
    /// not know, or a modifier (exit 65); elsewhere an undefined setting is empty, as in Xcode.
    case unknownBuildSetting(name: String, place: String)
    /// The toolchain or nsesim's own build products are missing (exit 70).
    case environment(String)
    /// An Xcode project cannot give the extension (exit 65, or 66 for a missing file).
    case project(XcodeProjectError)
    /// A content extension's main storyboard is missing (exit 66) or cannot be read (exit 65).
    case storyboard(message: String, missing: Bool)
    /// A project's remote Swift packages cannot be fetched or built (exit 65).
    case remotePackage(RemotePackageError)
    /// Dependencies of the target that cannot build on Linux, every one named before
    /// compiling, each with its way in (exit 65, as a module nsesim does not provide).
    case notBuildableOnLinux(target: String, obstacles: [LinuxObstacle])
    /// Pods of the target whose spec nsesim cannot find, each with where it looked (exit 65).
    case podSpecsNotFound(target: String, pods: [String])
    /// A pod's source cannot be fetched with git at its version (exit 65).
    case podFetchFailed(pod: String, url: String, reference: String, diagnostics: [String])
    /// The project's SWIFT_VERSION is no language mode swiftc has (Swift 3) (exit 65).
    case unsupportedSwiftVersion(String)
    /// The extension serves another extension point than the command runs (exit 65).
    case wrongExtensionPoint(path: String, found: String, expected: String, fix: String)

    /// The process exit status for this error (docs/behaviour.md#exit-codes).
    package var exitStatus: ExitStatus {
        switch self {
        case .notFound, .missingInfoPlist: .missingFile
        case .storyboard(_, let missing): missing ? .missingFile : .badInput
        case .environment: .internalError
        case .project(let error): error.exitStatus
        default: .badInput
        }
    }

    package var description: String {
        switch self {
        case .notFound(let path):
            "\(path): no extension folder or shared library there"
        case .missingInfoPlist(let folder):
            "\(folder) has no Info.plist; an extension folder holds its Swift sources and the Info.plist "
                + "with NSExtension > NSExtensionPointIdentifier and NSExtensionPrincipalClass"
        case .badInfoPlist(let path, let message):
            "\(path): \(message)"
        case .noSources(let folder):
            "\(folder) holds no .swift file"
        case .buildFailed(let folder, let diagnostics):
            "the extension in \(folder) does not build:\n" + diagnostics.map { "  \($0)" }.joined(separator: "\n")
        case .badModule(let folder, let message):
            "\(folder): \(message)"
        case .unknownBuildSetting(let name, let place) where name.contains(":"):
            "\(place): $(\(name)) uses a modifier nsesim does not know (it knows rfc1034identifier, c99extidentifier, "
                + "identifier, lower, upper); write the value without it"
        case .unknownBuildSetting(let name, let place):
            "\(place): $(\(name)) is not a build setting nsesim knows, and the extension needs this value to run (an undefined "
                + "setting elsewhere is empty, as in Xcode); give it with --setting \(name)=VALUE (a replay case: \"settings\" "
                + "in its options)"
        case .environment(let message):
            message
        case .project(let error):
            error.description
        case .remotePackage(let error):
            error.description
        case .notBuildableOnLinux(let target, let obstacles):
            "target \"\(target)\" depends on \(obstacles.count == 1 ? "a dependency" : "\(obstacles.count) dependencies") that cannot "
                + "build on Linux, all named before compiling:\n" + obstacles.map { "  \($0)" }.joined(separator: "\n")
                + "\n(Modules/NAME/ beside the project, or DIR/NAME/ with --modules DIR; a module nsesim stands in for needs neither)"
        case .podSpecsNotFound(let target, let pods):
            "target \"\(target)\" links \(pods.count == 1 ? "a pod" : "\(pods.count) pods") whose spec nsesim cannot find:\n"
                + pods.map { "  \($0)" }.joined(separator: "\n")
                + "\n(give CocoaPods' specs with --pod-specs DIR, a folder laid out as CocoaPods' CDN: "
                + "DIR/Specs/X/Y/Z/NAME/VERSION/NAME.podspec.json, X/Y/Z the first three hex digits of md5(NAME); "
                + "or the pod's Swift sources in Modules/MODULE/)"
        case .podFetchFailed(let pod, let url, let reference, let diagnostics):
            "pod \(pod): git cannot fetch \(url) at \(reference):\n" + diagnostics.map { "  \($0)" }.joined(separator: "\n")
                + "\n(without the network, point it at a local clone with --package-mirror \(url)=PATH, or git's own url.PATH.insteadOf)"
        case .storyboard(let message, _):
            message
        case .wrongExtensionPoint(let path, let found, let expected, let fix):
            "\(path) is a \(found), not a \(expected): \(fix)"
        case .unsupportedSwiftVersion(let version):
            "SWIFT_VERSION = \(version) (the target's build settings): Swift's compiler, like current Xcode, has no such "
                + "language mode (it has 4, 4.2, 5 and 6); port the sources, or try --swift-version 4 (the closest: it keeps the Swift 3 "
                + "names Swift 4.2 renamed, such as UIImagePNGRepresentation), else --swift-version 5 (a replay case: "
                + "\"swiftVersion\" in its options)"
        }
    }
}
