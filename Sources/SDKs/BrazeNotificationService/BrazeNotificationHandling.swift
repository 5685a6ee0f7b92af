import Foundation
import NSESimRuntime
import NSESimSDKSupport
import UserNotifications

/// What `brazeHandle` keeps for `brazeTimeWillExpire`: the delivery in progress of each
/// extension instance.
enum BrazeNotificationHandling {
    static let sdk = "BrazeNotificationService"
    private static let lock = NSLock()
    nonisolated(unsafe) private static var pending: [ObjectIdentifier: SDKPendingDelivery] = [:]

    /// The delivery in progress of `service` (the extension instance).
    private static func pending(of service: AnyObject) -> SDKPendingDelivery {
        lock.withLock {
            if let existing = pending[ObjectIdentifier(service)] { return existing }
            let created = SDKPendingDelivery()
            pending[ObjectIdentifier(service)] = created
            return created
        }
    }

    /// Handles a request whose userInfo has Braze's `ab` key: downloads `ab.att.url` (with
    /// `ab.att.type` as the file's extension when given), attaches it and delivers; without
    /// media, or when the download fails, delivers the content as it is. False when the
    /// notification is not Braze's.
    static func handle(
        _ request: UNNotificationRequest, service: AnyObject,
        contentHandler: @escaping (UNNotificationContent) -> Void
    ) -> Bool {
        let api = "brazeHandle(request:contentHandler:)"
        guard let braze = request.content.userInfo["ab"] as? [AnyHashable: Any] else {
            SDKActivity.record(sdk: sdk, api: api, "not a Braze notification (no \"ab\" key): left to the app")
            return false
        }
        let content = request.content.mutableCopy() as! UNMutableNotificationContent
        let delivery = SDKContentDelivery(content: content, handler: contentHandler)
        let attachment = braze["att"] as? [AnyHashable: Any]
        guard let location = attachment?["url"] as? String, let url = URL(string: location) else {
            SDKActivity.record(sdk: sdk, api: api, "no media in ab.att: content delivered as it is")
            delivery.deliver()
            return true
        }
        pending(of: service).begin(delivery)
        delivery.attachThenDeliver(
            url, identifier: "", fileExtension: attachment?["type"] as? String,
            sdk: sdk, api: api, media: "ab.att")
        return true
    }

    /// Delivers the content of a Braze notification still downloading, without its media.
    static func timeWillExpire(service: AnyObject) -> Bool {
        pending(of: service).expire(
            sdk: sdk, api: "brazeTimeWillExpire()",
            "time is up: content delivered without the media still downloading")
    }
}
