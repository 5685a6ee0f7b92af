import CioInternalCommon
import Foundation
import NSESimRuntime
import NSESimSDKSupport
import UserNotifications

/// One Customer.io push in an extension, as Customer.io's NSE coordinator handles it: the
/// `delivered` metric (kept pending in the app group first, then the request that nsesim
/// records and never sends, so it stays pending) and the rich push image, then the content
/// handler once; on expiry, the best attempt.
///
/// `@unchecked Sendable`: the request and handler are not Sendable; the delivery
/// (`SDKContentDelivery`) hands the content over once under its lock.
final class CioPushHandling: @unchecked Sendable {
    private let request: UNNotificationRequest
    private let config: MessagingPushConfigOptions
    private let deliveryId: String
    private let deviceToken: String
    private let delivery: SDKContentDelivery

    init(
        request: UNNotificationRequest, config: MessagingPushConfigOptions, deliveryId: String, deviceToken: String,
        contentHandler: @escaping (UNNotificationContent) -> Void
    ) {
        self.request = request
        self.config = config
        self.deliveryId = deliveryId
        self.deviceToken = deviceToken
        delivery = SDKContentDelivery(content: request.content.mutableCopy() as! UNMutableNotificationContent, handler: contentHandler)
    }

    func start(api: String) {
        let sdk = MessagingPush.sdk
        if config.autoTrackPushEvents {
            CioDeliveryMetric.record(deliveryId: deliveryId, deviceToken: deviceToken, config: config, api: api)
        } else {
            SDKActivity.record(sdk: sdk, api: api, "autoTrackPushEvents is false: no delivered metric")
        }
        let push = (request.content.userInfo["CIO"] as? [AnyHashable: Any])?["push"] as? [AnyHashable: Any]
        guard let image = push?["image"] as? String, !image.isEmpty, let url = URL(string: image) else {
            SDKActivity.record(sdk: sdk, api: api, "no CIO.push.image: content delivered")
            delivery.deliver()
            return
        }
        SDKActivity.record(sdk: sdk, api: api, "downloading CIO.push.image", ["url": .string(image)])
        let delivery = delivery
        let thread = Thread {
            let identifier = "cio_sdk_" + CioPushHandling.randomSuffix()
            switch SDKMedia.attachment(from: url, identifier: identifier) {
            case .success(let attachment):
                delivery.content.attachments = [attachment]
                SDKActivity.record(
                    sdk: sdk, api: api, "attached CIO.push.image (\(attachment.type)); content delivered",
                    SDKMedia.fields(of: attachment).merging(["url": .string(image)]) { first, _ in first })
            case .failure(let failure):
                SDKActivity.record(
                    sdk: sdk, api: api, "CIO.push.image left out: \(failure.description); content delivered",
                    ["url": .string(image), "error": .string(failure.description)])
            }
            delivery.deliver()
        }
        thread.name = "nsesim.sdk.customerio"
        thread.start()
    }

    /// Delivers the content as it is now (the image left out if still downloading).
    func cancel() {
        guard !delivery.isDelivered else { return }
        SDKActivity.record(
            sdk: MessagingPush.sdk, api: "serviceExtensionTimeWillExpire()",
            "time is up: downloads stopped, best attempt delivered (deliveryId \(deliveryId))")
        delivery.deliver()
    }

    /// Ten random letters and digits, as Customer.io's `String.random`.
    static func randomSuffix() -> String {
        let characters = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789")
        return String((0..<10).map { _ in characters.randomElement()! })
    }
}
