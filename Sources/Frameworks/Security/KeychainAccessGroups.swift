import NSESimRuntime

/// iOS's rule for `kSecAttrAccessGroup`: an extension may name only a group its entitlements
/// grant (`keychain-access-groups`, or an app group of `com.apple.security.application-groups`,
/// which iOS also accepts as a keychain group); any other is errSecMissingEntitlement. An
/// entitlement written with Xcode's `$(AppIdentifierPrefix)` (or `$(TeamIdentifierPrefix)`)
/// grants the group under any team prefix. Without an entitlements file in the bundle nsesim
/// cannot know, and allows every group (as for app groups).
struct KeychainAccessGroups: Equatable {
    /// The groups granted, as the entitlements write them; nil when no file says.
    var entitled: [String]?

    /// The groups of the running extension's entitlements.
    static var current: KeychainAccessGroups {
        let keychain = BundleEntitlements.strings("keychain-access-groups")
        let appGroups = BundleEntitlements.strings("com.apple.security.application-groups")
        guard keychain != nil || appGroups != nil else { return KeychainAccessGroups(entitled: nil) }
        return KeychainAccessGroups(entitled: (keychain ?? []) + (appGroups ?? []))
    }

    /// Whether `group` may be used.
    func allows(_ group: String) -> Bool {
        guard let entitled else { return true }
        return entitled.contains { granted in
            if granted == group { return true }
            for variable in ["$(AppIdentifierPrefix)", "$(TeamIdentifierPrefix)"] where granted.hasPrefix(variable) {
                let rest = granted.dropFirst(variable.count)
                guard group.hasSuffix(rest) else { continue }
                let prefix = group.dropLast(rest.count)
                // A team prefix: letters and digits, then a dot.
                if prefix.last == ".", prefix.dropLast().allSatisfy({ $0.isLetter || $0.isNumber }), prefix.count > 1 { return true }
            }
            return false
        }
    }

    /// Why `group` is refused, for the report.
    func refusal(_ group: String) -> String {
        "the access group \(group) is not in the extension's entitlements (keychain-access-groups, "
            + "com.apple.security.application-groups: \((entitled ?? []).joined(separator: ", ")))"
    }
}
