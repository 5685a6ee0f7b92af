import Foundation
import UserNotifications

/// Pushwoosh's extension manager, as Swift sees `PWNotificationExtensionManager.h`
/// (`PWNotificationExtensionManager.shared().handle(request, contentHandler:)`): the same
/// processing as `PushwooshNotificationServiceExtension`, without the timeout fallback
/// (the extension delivers its own best attempt). Deprecated by Pushwoosh in 7.1.
@available(*, deprecated, message: "Since 7.1.0: subclass PushwooshNotificationServiceExtension instead.")
open class PWNotificationExtensionManager: NSObject, @unchecked Sendable {
    private static let manager = PWNotificationExtensionManager()

    /// The manager, one per process.
    @available(*, deprecated, message: "Since 7.1.0: subclass PushwooshNotificationServiceExtension instead.")
    open class func shared() -> PWNotificationExtensionManager { manager }

    /// Records the message delivery event, sets the badge (the app group of the Info.plist's
    /// `PW_APP_GROUPS_NAME`), downloads the media attachment, then calls `contentHandler`.
    @available(*, deprecated, message: "Since 7.1.0: subclass PushwooshNotificationServiceExtension instead.")
    open func handle(_ request: UNNotificationRequest, contentHandler: @escaping (UNNotificationContent) -> Void) {
        PushwooshProcessor(
            request: request, appGroupsName: PushwooshProcessor.configuredAppGroupsName,
            api: "PWNotificationExtensionManager.handle(_:contentHandler:)", completion: contentHandler
        ).process()
    }

    /// `handle(_:contentHandler:)` with the app group named here.
    @available(*, deprecated, message: "Since 7.1.0: subclass PushwooshNotificationServiceExtension instead.")
    open func handle(
        _ request: UNNotificationRequest, withAppGroups appGroupsName: String,
        contentHandler: @escaping (UNNotificationContent) -> Void
    ) {
        PushwooshProcessor(
            request: request, appGroupsName: appGroupsName,
            api: "PWNotificationExtensionManager.handle(_:withAppGroups:contentHandler:)", completion: contentHandler
        ).process()
    }

    /// Pushwoosh before 7.1: the badge only (and the delivery event), no content handler; the
    /// extension delivers its own content, which carries no badge Pushwoosh set.
    @available(*, deprecated, message: "Since 7.1.0: subclass PushwooshNotificationServiceExtension instead.")
    open func handle(_ request: UNNotificationRequest, withAppGroups appGroupsName: String?) {
        PushwooshProcessor.updateBadgeOnly(
            request: request, appGroupsName: appGroupsName,
            api: "PWNotificationExtensionManager.handle(_:withAppGroups:)")
    }
}
