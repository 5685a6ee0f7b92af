import Foundation
import UserNotifications

/// Pushwoosh's ready-made service extension (SDK 7.1): subclass it, or name it as the
/// principal class, and Pushwoosh records the message delivery event, counts the badge in
/// the app group, attaches the push's `attachment` and, when time is up, delivers what it has.
open class PushwooshNotificationServiceExtension: UNNotificationServiceExtension {
    private let lock = NSLock()
    private var processors: [PushwooshProcessor] = []

    /// Handles a push as Pushwoosh does: a push without `pw_msg` is delivered at once, as it
    /// came; a Pushwoosh push gets its badge, delivery event and attachment first.
    open override func didReceive(
        _ request: UNNotificationRequest,
        withContentHandler contentHandler: @escaping (UNNotificationContent) -> Void
    ) {
        var appGroupsName = pushwooshAppGroupsName() ?? ""
        if appGroupsName.isEmpty { appGroupsName = PushwooshProcessor.configuredAppGroupsName ?? "" }
        let processor = PushwooshProcessor(
            request: request, appGroupsName: appGroupsName.isEmpty ? nil : appGroupsName,
            api: "PushwooshNotificationServiceExtension.didReceive(_:withContentHandler:)",
            completion: contentHandler)
        lock.withLock { processors.append(processor) }
        pushwooshPrepare(for: request) { processor.process() }
    }

    /// Delivers each push still being processed with what it has (the badge, not the media
    /// still downloading).
    open override func serviceExtensionTimeWillExpire() {
        for processor in lock.withLock({ processors }) { processor.expireWithFallback() }
    }

    /// Runs before Pushwoosh processes the push; call `completion` once when done. Pushwoosh's
    /// default calls it at once.
    open func pushwooshPrepare(for request: UNNotificationRequest, completion: @escaping () -> Void) {
        completion()
    }

    /// The app group for the badge count; nil (Pushwoosh's default) reads `PW_APP_GROUPS_NAME`
    /// from the extension's Info.plist.
    open func pushwooshAppGroupsName() -> String? {
        nil
    }
}
