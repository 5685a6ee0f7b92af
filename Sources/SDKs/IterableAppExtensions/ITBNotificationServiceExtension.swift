import Foundation
import NSESimRuntime
import NSESimSDKSupport
import UserNotifications

/// Iterable's notification service extension: subclass it (`class NotificationService:
/// ITBNotificationServiceExtension {}`). It registers `itbl.actionButtons` as a category
/// named after `itbl.messageId` (unless the push names a category), downloads
/// `itbl.attachment-url` and attaches it, then delivers; a failed download delivers the
/// content without it, and `serviceExtensionTimeWillExpire` delivers the best attempt.
open class ITBNotificationServiceExtension: UNNotificationServiceExtension {
    static let sdk = "IterableAppExtensions"
    private let pending = SDKPendingDelivery()

    /// Registers the buttons, downloads and attaches the attachment, delivers.
    open override func didReceive(
        _ request: UNNotificationRequest,
        withContentHandler contentHandler: @escaping (UNNotificationContent) -> Void
    ) {
        let api = "ITBNotificationServiceExtension.didReceive"
        let delivery = SDKContentDelivery(content: request.content.mutableCopy() as! UNMutableNotificationContent, handler: contentHandler)
        pending.begin(delivery)
        let itbl = request.content.userInfo["itbl"] as? [AnyHashable: Any]
        if itbl == nil {
            SDKActivity.record(sdk: Self.sdk, api: api, "no itbl key: not an Iterable push")
        }
        setCategory(itbl, content: delivery.content, api: api)
        guard let location = itbl?["attachment-url"] as? String, let url = URL(string: location) else {
            delivery.deliver()
            return
        }
        delivery.attachThenDeliver(
            url, identifier: UUID().uuidString + url.lastPathComponent, appending: true,
            sdk: Self.sdk, api: api, media: "itbl.attachment-url")
    }

    /// Delivers the best attempt, without the attachment still downloading.
    open override func serviceExtensionTimeWillExpire() {
        pending.expire(
            sdk: Self.sdk, api: "ITBNotificationServiceExtension.serviceExtensionTimeWillExpire",
            "time is up: best attempt delivered without the attachment still downloading")
    }

    /// The category: the push's own when it names one; else one named after the message id
    /// with the action buttons, registered beside the app's; else none.
    private func setCategory(_ itbl: [AnyHashable: Any]?, content: UNMutableNotificationContent, api: String) {
        guard content.categoryIdentifier.isEmpty else { return }
        guard let itbl, let messageId = itbl["messageId"] as? String else {
            content.categoryIdentifier = ""
            return
        }
        let buttons = (itbl["actionButtons"] as? [[AnyHashable: Any]] ?? []).compactMap(ITBActionButton.action(from:))
        SDKCategories.register(UNNotificationCategory(identifier: messageId, actions: buttons, intentIdentifiers: [], options: []))
        content.categoryIdentifier = messageId
        SDKActivity.record(
            sdk: Self.sdk, api: api, "registered category \(messageId) with \(buttons.count) action buttons",
            ["category": .string(messageId), "actions": .array(buttons.map { .string($0.identifier) })])
    }
}
