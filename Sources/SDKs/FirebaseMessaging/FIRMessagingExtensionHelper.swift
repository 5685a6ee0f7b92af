import Foundation
import NSESimRuntime
import NSESimSDKSupport
import UserNotifications

/// What Firebase Cloud Messaging does in a notification service extension: attach the image
/// named by the payload's `fcm_options.image` and deliver, and export delivery metrics.
///
/// Named as Swift sees Firebase's class: its header (`FIRMessagingExtensionHelper.h`) gives
/// it no Swift name, so apps and Firebase's samples write `FIRMessagingExtensionHelper`.
///
/// `@unchecked Sendable`: it keeps no state; each call carries its own content.
open class FIRMessagingExtensionHelper: NSObject, @unchecked Sendable {
    static let sdk = "FirebaseMessaging"

    /// Downloads the image of `content.userInfo["fcm_options"]["image"]`, attaches it
    /// (identifier "", the type from the server's file name) and calls `contentHandler`
    /// with `content`. Without that key, or with a URL that does not parse, the content is
    /// delivered at once; when the download or the attachment fails, it is delivered
    /// without the image. The download runs on a background thread and this method
    /// returns at once, as Firebase's does.
    open func populateNotificationContent(
        _ content: UNMutableNotificationContent,
        withContentHandler contentHandler: @escaping (UNNotificationContent) -> Void
    ) {
        let api = "populateNotificationContent"
        let delivery = SDKContentDelivery(content: content, handler: contentHandler)
        let options = content.userInfo["fcm_options"] as? [AnyHashable: Any]
        guard let imageURL = options?["image"] as? String else {
            SDKActivity.record(sdk: Self.sdk, api: api, "no fcm_options.image: content delivered as it is")
            delivery.deliver()
            return
        }
        guard let url = URL(string: imageURL) else {
            SDKActivity.record(
                sdk: Self.sdk, api: api, "the image URL provided is invalid: content delivered without an image",
                ["url": .string(imageURL)])
            delivery.deliver()
            return
        }
        delivery.attachThenDeliver(url, identifier: "", sdk: Self.sdk, api: api, media: "fcm_options.image")
    }

    /// Records the delivery metrics Firebase would send to BigQuery for `info` (the
    /// notification's userInfo): project number, message id, campaign and composer label.
    /// nsesim sends nothing; the report shows what would have been sent.
    open func exportDeliveryMetricsToBigQuery(withMessageInfo info: [AnyHashable: Any]) {
        var fields: [String: JSONValue] = [:]
        for (key, name) in [
            ("google.c.sender.id", "projectNumber"), ("gcm.message_id", "messageId"),
            ("campaign_id.c_id", "campaignId"), ("google.c.a.c_l", "composerLabel"),
        ] {
            if let value = info[key] { fields[name] = .string("\(value)") }
        }
        fields["event"] = .string("MESSAGE_DELIVERED")
        SDKActivity.record(
            sdk: Self.sdk, api: "exportDeliveryMetricsToBigQuery",
            "delivery metrics recorded (not sent)", fields)
    }
}
