import NSESimRuntime

/// iOS's rule for the interruption levels that break through Focus and silence
/// (`UNNotificationInterruptionLevel`): `timeSensitive` needs the Time Sensitive Notifications
/// capability (`com.apple.developer.usernotifications.time-sensitive`), `critical` the Critical
/// Alerts entitlement Apple grants on request (`com.apple.developer.usernotifications.critical-alerts`).
/// Without it iOS shows the notification at the `active` level. Pure: the caller reads the
/// entitlements (``ExtensionEntitlements``).
package enum InterruptionLevelRule {
    /// The entitlement each level needs, by the level's name in nsesim's JSON.
    package static let entitlements = [
        "timeSensitive": "com.apple.developer.usernotifications.time-sensitive",
        "critical": "com.apple.developer.usernotifications.critical-alerts",
    ]

    /// `content` as iOS shows it, and the warning when its level was lowered to `active`.
    /// `isGranted` answers whether an entitlement is granted.
    package static func apply(to content: JSONValue, isGranted: (String) -> Bool) -> (content: JSONValue, warning: RunWarning?) {
        guard case .object(var fields) = content, let level = fields["interruptionLevel"]?.stringValue,
            let entitlement = entitlements[level], !isGranted(entitlement)
        else { return (content, nil) }
        fields["interruptionLevel"] = .string("active")
        let warning = RunWarning(
            .interruptionLevelNotEntitled,
            "the content asks for the \(level) interruption level, but the "
                + "extension lacks the \(entitlement) entitlement: iOS shows it as active (no breakthrough of Focus or silence); add the "
                + "capability to the target's entitlements file")
        return (.object(fields), warning)
    }

    /// `result` with its delivered content after the rule (when the extension's content counts).
    package static func apply(to result: ExtensionRunResult, isGranted: (String) -> Bool) -> ExtensionRunResult {
        guard result.outcome.deliversExtensionContent, let content = result.deliveredContent ?? result.handedContent else { return result }
        let (shown, warning) = apply(to: content, isGranted: isGranted)
        guard let warning else { return result }
        var lowered = result
        lowered.deliveredContent = shown
        lowered.warnings.append(warning)
        return lowered
    }
}
