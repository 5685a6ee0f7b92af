import Foundation
import NSESimProject

/// `nsesim targets`: the notification extension targets of what `--project` names, an
/// Xcode project or an XcodeGen spec.
package enum ProjectTargetListing {
    /// The project's path (the `.xcodeproj` or the spec file) and its extension targets.
    package static func extensionTargets(path: String, configuration: String? = nil)
        throws(XcodeProjectError) -> (project: String, targets: [ProjectTargetResolver.ExtensionTargetSummary]) {
        if let file = XcodeGenSpec.locate(path) {
            let resolver = XcodeGenTargetResolver(spec: try XcodeGenSpec(contentsOf: file))
            return (file.path, try resolver.extensionTargets(configuration: configuration))
        }
        let resolver = ProjectTargetResolver(project: try XcodeProject(path: path))
        return (resolver.project.url.path, try resolver.extensionTargets(configuration: configuration))
    }
}
