import Foundation
import NSESimRuntime
import NSESimSDKSupport
import UserNotifications

/// What `brazeHandle` keeps for `brazeTimeWillExpire`: the delivery in progress of each
/// extension instance.
enum BrazeNotificationHandling {
    static let sdk = "BrazeNotificationService"
    private static let lock = NSLock()
    nonisolated(unsafe) private static var pending: [ObjectIdentifier: SDKContentDelivery] = [:]

    static func begin(_ delivery: SDKContentDelivery, for service: AnyObject) {
        lock.withLock { pending[ObjectIdentifier(service)] = delivery }
    }

    static func end(for service: AnyObject) -> SDKContentDelivery? {
        lock.withLock { pending.removeValue(forKey: ObjectIdentifier(service)) }
    }

    /// Handles a request whose userInfo has Braze's `ab` key: downloads `ab.att.url` (with
    /// `ab.att.type` as the file's extension when given), attaches it and delivers; without
    /// media, or when the download fails, delivers the content as it is. False when the
    /// notification is not Braze's.
    static func handle(_ request: UNNotificationRequest, service: AnyObject,
                       contentHandler: @escaping (UNNotificationContent) -> Void) -> Bool {
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
        begin(delivery, for: service)
        let type = attachment?["type"] as? String
        SDKActivity.record(sdk: sdk, api: api, "downloading ab.att.url", ["url": .string(location), "fileType": type.map { .string($0) } ?? .null])
        let identifier = ObjectIdentifier(service)
        SDKMedia.attachment(from: url, identifier: "", fileExtension: type) { result in
            switch result {
            case .success(let attachment):
                delivery.content.attachments = [attachment]
                SDKActivity.record(sdk: sdk, api: api, "attached the media (\(attachment.type)); content delivered",
                                   SDKMedia.fields(of: attachment).merging(["url": .string(location)]) { first, _ in first })
            case .failure(let failure):
                SDKActivity.record(sdk: sdk, api: api, "media failed: content delivered without it",
                                   ["url": .string(location), "error": .string(failure.description)])
            }
            lock.withLock { _ = pending.removeValue(forKey: identifier) }
            delivery.deliver()
        }
        return true
    }

    /// Delivers the content of a Braze notification still downloading, without its media.
    static func timeWillExpire(service: AnyObject) -> Bool {
        guard let delivery = end(for: service), !delivery.isDelivered else { return false }
        SDKActivity.record(sdk: sdk, api: "brazeTimeWillExpire()", "time is up: content delivered without the media still downloading")
        delivery.deliver()
        return true
    }
}
