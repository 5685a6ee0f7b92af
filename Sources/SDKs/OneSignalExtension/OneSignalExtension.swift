import Foundation
import NSESimRuntime
import NSESimSDKSupport
import UserNotifications

/// OneSignal's notification service extension helper (OneSignal SDK 5, module
/// `OneSignalExtension`).
open class OneSignalExtension: NSObject {
    static let sdk = "OneSignalExtension"

    /// Processes a OneSignal notification as OneSignal's SDK does: increments the badge kept
    /// in the app group by the payload's `badge_inc`, registers the payload's `buttons` as
    /// the category `__onesignal__dynamic__<notification id>` (unless the request names a
    /// category), then downloads the media of `att` on this thread, attaches what
    /// downloaded, and calls `contentHandler` with the content. A medium that fails to
    /// download is left out.
    ///
    /// - Returns: the content, changed (`replacementContent`, or a copy of the request's).
    @discardableResult
    open class func didReceiveNotificationExtensionRequest(
        _ request: UNNotificationRequest, with replacementContent: UNMutableNotificationContent?,
        withContentHandler contentHandler: ((UNNotificationContent) -> Void)!
    ) -> UNMutableNotificationContent! {
        let api = "didReceiveNotificationExtensionRequest"
        let content = replacementContent ?? (request.content.mutableCopy() as! UNMutableNotificationContent)
        let payload = OSNotificationPayload(userInfo: content.userInfo)
        if payload.notificationId == nil {
            SDKActivity.record(sdk: sdk, api: api, "not a OneSignal notification (no custom.i or os_data.i)")
        }
        OneSignalBadge.apply(payload, to: content, api: api)
        addActionButtons(payload, request: request, content: content, api: api)
        OneSignalMedia.attach(payload, to: content, api: api)
        if let contentHandler {
            contentHandler(content)
            SDKActivity.record(sdk: sdk, api: api, "content delivered", ["attachments": .integer(Int64(content.attachments.count))])
        }
        return content
    }

    /// The form without a content handler (deprecated by OneSignal): everything above but
    /// the handler call, which is the caller's.
    @available(*, deprecated, message: "Please use didReceiveNotificationExtensionRequest(_:with:withContentHandler:) instead.")
    @discardableResult
    open class func didReceiveNotificationExtensionRequest(
        _ request: UNNotificationRequest, with replacementContent: UNMutableNotificationContent?
    ) -> UNMutableNotificationContent! {
        didReceiveNotificationExtensionRequest(request, with: replacementContent, withContentHandler: nil)
    }

    /// What OneSignal does when time is up: the action buttons again (they may not be
    /// registered yet), no media; returns the content for the caller to deliver.
    @discardableResult
    open class func serviceExtensionTimeWillExpireRequest(
        _ request: UNNotificationRequest, with replacementContent: UNMutableNotificationContent?
    ) -> UNMutableNotificationContent! {
        let api = "serviceExtensionTimeWillExpireRequest"
        let content = replacementContent ?? (request.content.mutableCopy() as! UNMutableNotificationContent)
        let payload = OSNotificationPayload(userInfo: request.content.userInfo)
        addActionButtons(payload, request: request, content: content, api: api)
        SDKActivity.record(
            sdk: sdk, api: api, "best attempt returned without the media still downloading",
            ["attachments": .integer(Int64(content.attachments.count))])
        return content
    }

    /// Registers the buttons as a category and names it in `content`, unless the request
    /// already names a category (OneSignal keeps the developer's).
    static func addActionButtons(
        _ payload: OSNotificationPayload, request: UNNotificationRequest,
        content: UNMutableNotificationContent, api: String
    ) {
        guard request.content.categoryIdentifier.isEmpty, !payload.buttons.isEmpty else { return }
        let identifier = "__onesignal__dynamic__\(payload.notificationId ?? "")"
        var actions = payload.buttons.map { button in
            UNNotificationAction(identifier: button.identifier, title: button.title, options: [.foreground])
        }
        if actions.count == 2 { actions.reverse() }  // as OneSignal does, for iOS's layout of two
        SDKCategories.register(
            UNNotificationCategory(
                identifier: identifier, actions: actions, intentIdentifiers: [],
                options: [.customDismissAction]))
        content.categoryIdentifier = identifier
        SDKActivity.record(
            sdk: sdk, api: api, "registered \(actions.count) action buttons as category \(identifier)",
            ["category": .string(identifier), "actions": .array(actions.map { .string($0.identifier) })])
    }
}
