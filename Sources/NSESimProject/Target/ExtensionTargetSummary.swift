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

    /// The kind of a target whose Info.plist names the extension point `identifier`.
    static func kind(ofPoint identifier: String) -> String {
        NotificationExtensionPoint(rawValue: identifier).map { "\($0)" } ?? identifier
    }
}
