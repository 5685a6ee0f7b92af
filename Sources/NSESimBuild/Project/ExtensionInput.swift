import Foundation

/// What `--extension` or `--project` names: an extension folder or library, or a target of
/// an Xcode project.
package enum ExtensionInput: Sendable, Equatable {
    /// An extension folder (Swift sources and an Info.plist) or a library built by nsesim.
    case path(String)
    /// A target of an Xcode project.
    case project(ProjectSelection)

    /// How the input is named in reports: the path, or `App.xcodeproj (target NAME)`.
    package var name: String {
        switch self {
        case .path(let path): path
        case .project(let selection): selection.path + (selection.target.map { " (target \($0))" } ?? "")
        }
    }
}

/// A target of an Xcode project (or an XcodeGen spec, `project.yml`): `--project PATH [--target NAME]
/// [--configuration NAME] [--package-mirror URL=PATH]`.
package struct ProjectSelection: Sendable, Equatable {
    /// The `.xcodeproj`, or a folder holding exactly one.
    package let path: String
    /// The target; nil for the project's only notification service extension.
    package let target: String?
    /// The build configuration; nil for Debug.
    package let configuration: String?
    /// Where SwiftPM fetches remote packages from instead of their URLs (`--package-mirror URL=PATH`).
    package let packageMirrors: [String: String]

    /// The target `target` (nil: the only service extension) of the project at `path`.
    package init(path: String, target: String? = nil, configuration: String? = nil, packageMirrors: [String: String] = [:]) {
        self.path = path
        self.target = target
        self.configuration = configuration
        self.packageMirrors = packageMirrors
    }
}
