/// A target of an Xcode project (or an XcodeGen spec, `project.yml`): `--project PATH [--target NAME]
/// [--configuration NAME] [--package-mirror URL=PATH] [--pod-specs DIR]`.
package struct ProjectSelection: Sendable, Equatable {
    /// The `.xcodeproj`, or a folder holding exactly one.
    package let path: String
    /// The target; nil for the project's only notification service extension.
    package let target: String?
    /// The build configuration; nil for Debug.
    package let configuration: String?
    /// Where SwiftPM fetches remote packages from instead of their URLs (`--package-mirror URL=PATH`).
    package let packageMirrors: [String: String]
    /// Where the specs of pods from CocoaPods' trunk are found (`--pod-specs DIR` or URL); nil:
    /// CocoaPods' local copy of the trunk, then its CDN.
    package let podSpecs: String?

    /// The target `target` (nil: the only service extension) of the project at `path`.
    package init(
        path: String, target: String? = nil, configuration: String? = nil, packageMirrors: [String: String] = [:],
        podSpecs: String? = nil
    ) {
        self.path = path
        self.target = target
        self.configuration = configuration
        self.packageMirrors = packageMirrors
        self.podSpecs = podSpecs
    }
}
