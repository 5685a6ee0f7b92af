import Foundation
import NSESimDownloads
import NSESimRuntime
import NSESimSDKSupport
import UserNotifications

/// CleverTap's rich push service extension (`CTNotificationService`): subclass it and the
/// push's `ct_mediaUrl` (or `mediaUrlKey`) is downloaded through nsesim's downloader, named
/// after `ct_mediaType` (or `mediaTypeKey`: image → .jpg, video → .mp4, audio → .mp3, else the
/// server's MIME type: image/jpeg, image/png, image/gif) and attached as the only attachment;
/// when time is up, the best attempt is delivered. Every step is in the report.
open class CTNotificationServiceExtension: UNNotificationServiceExtension {
    static let sdk = "CTNotificationService"

    /// The payload key of the media URL; nil means `ct_mediaUrl`.
    open var mediaUrlKey: String?
    /// The payload key of the media type; nil means `ct_mediaType`.
    open var mediaTypeKey: String?

    private let pending = SDKPendingDelivery()

    /// Attaches the push's media and calls `contentHandler`; without both keys, or when the
    /// download or the attachment fails, the content is delivered as it came.
    open override func didReceive(
        _ request: UNNotificationRequest,
        withContentHandler contentHandler: @escaping (UNNotificationContent) -> Void
    ) {
        let api = "didReceive(_:withContentHandler:)"
        let delivery = SDKContentDelivery(content: request.content.mutableCopy() as! UNMutableNotificationContent, handler: contentHandler)
        pending.begin(delivery)
        let urlKey = mediaUrlKey ?? "ct_mediaUrl"
        let typeKey = mediaTypeKey ?? "ct_mediaType"
        let userInfo = request.content.userInfo
        guard let mediaUrl = userInfo[urlKey] as? String, let mediaType = userInfo[typeKey] as? String else {
            let missing = [userInfo[urlKey] is String ? nil : urlKey, userInfo[typeKey] is String ? nil : typeKey].compactMap { $0 }
            SDKActivity.record(
                sdk: Self.sdk, api: api,
                "unable to add attachment: \(missing.joined(separator: " and ")) missing; content delivered as it came")
            delivery.deliver()
            return
        }
        guard let url = URL(string: mediaUrl) else {
            SDKActivity.record(
                sdk: Self.sdk, api: api, "unable to add attachment: \(urlKey) is not a URL; content delivered as it came",
                ["url": .string(mediaUrl)])
            delivery.deliver()
            return
        }
        SDKActivity.record(
            sdk: Self.sdk, api: api, "downloading \(urlKey) (\(typeKey) \(mediaType))",
            ["url": .string(mediaUrl), "mediaType": .string(mediaType)])
        let thread = Thread {
            switch CTMediaAttachment.load(url, mediaType: mediaType) {
            case .success(let attachment):
                delivery.content.attachments = [attachment]
                SDKActivity.record(
                    sdk: CTNotificationServiceExtension.sdk, api: api, "attached \(urlKey) (\(attachment.type)); content delivered",
                    SDKMedia.fields(of: attachment).merging(["url": .string(mediaUrl)]) { first, _ in first })
            case .failure(let failure):
                SDKActivity.record(
                    sdk: CTNotificationServiceExtension.sdk, api: api,
                    "unable to add attachment: \(failure.description); content delivered without it",
                    ["url": .string(mediaUrl), "error": .string(failure.description)])
            }
            delivery.deliver()
        }
        thread.name = "nsesim.sdk.clevertap"
        thread.start()
    }

    /// Delivers the best attempt: the content without the media still downloading.
    open override func serviceExtensionTimeWillExpire() {
        pending.expire(sdk: Self.sdk, api: "serviceExtensionTimeWillExpire()", "time is up: best attempt delivered without the media")
    }
}
