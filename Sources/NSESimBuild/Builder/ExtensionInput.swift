import Foundation
import NSESimProject

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
