import Foundation

/// What a target's entitlements file (`CODE_SIGN_ENTITLEMENTS`) grants, as far as a
/// notification service extension uses it.
package struct ProjectEntitlements: Sendable, Equatable {
    /// The entitlements nsesim reads.
    package static let appGroupsKey = "com.apple.security.application-groups"
    package static let keychainGroupsKey = "keychain-access-groups"
    package static let communicationKey = "com.apple.developer.usernotifications.communication"
    package static let filteringKey = "com.apple.developer.usernotifications.filtering"

    /// The file.
    package let file: URL
    /// The app groups the extension may open (`containerURL(forSecurityApplicationGroupIdentifier:)`).
    package let appGroups: [String]
    /// The keychain access groups.
    package let keychainGroups: [String]
    /// Communication notifications (`updating(from:)` with an intent).
    package let communication: Bool
    /// Notification filtering (a VoIP push without reporting a call).
    package let filtering: Bool

    /// Reads the file at `url`; `settings` expand `$(NAME)` in its values, as Xcode does.
    package init(contentsOf url: URL, settings: [String: String]) throws(XcodeProjectError) {
        file = url
        guard let data = FileManager.default.contents(atPath: url.path) else {
            throw .badEntitlements(path: url.path, message: "the file does not exist (CODE_SIGN_ENTITLEMENTS names it)")
        }
        guard let plist = try? PropertyListSerialization.propertyList(from: data, format: nil) as? [String: Any] else {
            throw .badEntitlements(path: url.path, message: "not a property list dictionary")
        }
        let layers = BuildSettingsLayers(defaults: settings)
        let expanded = Self.expand(plist, with: layers) as? [String: Any] ?? plist
        do {
            expandedPlist = try PropertyListSerialization.data(fromPropertyList: expanded, format: .xml, options: 0)
        } catch {
            throw .badEntitlements(path: url.path, message: "cannot be written back: \(error.localizedDescription)")
        }
        func list(_ key: String) -> [String] { ((expanded[key] as? [Any]) ?? []).compactMap { $0 as? String } }
        appGroups = list(Self.appGroupsKey)
        keychainGroups = list(Self.keychainGroupsKey)
        communication = plist[Self.communicationKey] as? Bool == true
        filtering = plist[Self.filteringKey] as? Bool == true
    }

    /// The entitlements with build settings expanded, as an XML property list: what the
    /// extension's bundle holds (CallKit and app groups read it there).
    package let expandedPlist: Data

    private static func expand(_ value: Any, with layers: BuildSettingsLayers) -> Any {
        switch value {
        case let text as String: layers.expanding(text)
        case let array as [Any]: array.map { expand($0, with: layers) }
        case let dictionary as [String: Any]: dictionary.mapValues { expand($0, with: layers) }
        default: value
        }
    }

    /// The entitlements as the report shows them.
    package var summary: [String: [String]] {
        var flags: [String] = []
        if communication { flags.append(Self.communicationKey) }
        if filtering { flags.append(Self.filteringKey) }
        return ["appGroups": appGroups, "keychainGroups": keychainGroups, "capabilities": flags]
    }
}
