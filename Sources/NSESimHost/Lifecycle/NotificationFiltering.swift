import Foundation
import NSESimBuild
import NSESimRuntime

/// iOS's rule for an extension that hands an empty content (iOS 13.3 and later): with the
/// `com.apple.developer.usernotifications.filtering` entitlement the notification is
/// suppressed (SpringBoard: "Mutated notification request will not visibly alert the user,
/// will supress original content"); without it the original content is shown ("… will
/// deliver original content"). Empty is Apple's "will not visibly alert": no title, no
/// subtitle, no body. Pure: the entitlement is read by the caller (``isEntitled(bundle:)``).
package enum NotificationFiltering {
    /// The entitlement that lets an extension filter notifications.
    package static let entitlement = "com.apple.developer.usernotifications.filtering"

    /// True when `content` would not visibly alert: no title, subtitle or body (each absent
    /// or the empty string).
    package static func isEmpty(_ content: JSONValue) -> Bool {
        ["title", "subtitle", "body"].allSatisfy { (content[$0]?.stringValue ?? "").isEmpty }
    }

    /// Whether the extension built into `bundle` has the filtering entitlement: a `.entitlements`
    /// file in its bundle folder (the extension folder's own, or a project target's
    /// `CODE_SIGN_ENTITLEMENTS`, which the build writes there) grants it.
    package static func isEntitled(bundle: URL?) -> Bool {
        ExtensionEntitlements.isGranted(entitlement, bundle: bundle)
    }

    /// `result` after iOS's rule: unchanged unless the extension's content counts and is
    /// empty. Then, `entitled`: the outcome is ``Outcome/filtered`` and the timeline's
    /// `delivered` becomes `filtered`; not entitled: the original content is delivered
    /// (`deliveredContent`, so no attachment reaches the store) with the warning
    /// `empty-content-not-filtered`.
    package static func apply(to result: ExtensionRunResult, original: JSONValue, entitled: Bool) -> ExtensionRunResult {
        guard result.outcome.deliversExtensionContent, let handed = result.handedContent, isEmpty(handed) else { return result }
        var filtered = result
        let index = filtered.timeline.lastIndex { $0.event == .delivered }
        if entitled {
            filtered.outcome = .filtered
            let event = TimelineEvent(
                tMs: index.map { filtered.timeline[$0].tMs } ?? 0, event: .filtered,
                detail: "empty content and the filtering entitlement: nothing shown")
            if let index { filtered.timeline[index] = event } else { filtered.timeline.append(event) }
        } else {
            filtered.deliveredContent = original
            if let index {
                filtered.timeline[index] = TimelineEvent(
                    tMs: filtered.timeline[index].tMs, event: .delivered,
                    detail: "original content (the extension's was empty)")
            }
            filtered.warnings.append(
                RunWarning(
                    .emptyContentNotFiltered,
                    "the extension handed an empty content (no title, "
                        + "subtitle or body) but lacks the \(entitlement) entitlement: iOS delivers the original content instead of "
                        + "filtering the notification; add the entitlement (Apple grants it on request) to the extension's "
                        + ".entitlements file to suppress it"))
        }
        return filtered
    }
}
