import Foundation

/// One line of `nsesim targets`: an app extension target of a project whose Info.plist names
/// a notification extension point, resolved or with the reason it cannot be.
package struct ExtensionTargetSummary: Sendable, Equatable {
    /// The target's name.
    package let name: String
    /// `service`, `content`, the extension point's identifier, or `?` when its Info.plist
    /// cannot be read.
    package let kind: String
    /// How many Swift files it compiles.
    package let sourceCount: Int
    /// Its Info.plist, relative to the project's folder, or `(generated)`.
    package let infoPlist: String
    /// `PRODUCT_BUNDLE_IDENTIFIER`.
    package let bundleIdentifier: String
    /// Why the target cannot be resolved (it is listed, not built); nil when it can.
    package var problem: XcodeProjectError? = nil

    /// The kind of a target from the extension point its Info.plist (`file`, nil when it names
    /// none) or its `INFOPLIST_KEY_NSExtensionPointIdentifier` setting names: `service`,
    /// `content`, or the identifier of another notification extension point; nil when the
    /// target is no notification extension (a widget, a share extension).
    static func kind(infoPlist file: URL?, settings: [String: String]) -> String? {
        let plist = file.flatMap { FileManager.default.contents(atPath: $0.path) }
            .flatMap { try? PropertyListSerialization.propertyList(from: $0, format: nil) as? [String: Any] }
        let point =
            (plist?["NSExtension"] as? [String: Any])?["NSExtensionPointIdentifier"] as? String
            ?? settings["INFOPLIST_KEY_NSExtensionPointIdentifier"] ?? ""
        guard point.hasPrefix("com.apple.usernotifications.") else { return nil }
        return NotificationExtensionPoint(rawValue: point).map { "\($0)" } ?? point
    }
}
