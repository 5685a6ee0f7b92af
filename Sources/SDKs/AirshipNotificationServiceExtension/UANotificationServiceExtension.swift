import Foundation
import NSESimRuntime
import NSESimSDKSupport
import UserNotifications

/// Airship's notification service extension: subclass it (`class NotificationService:
/// UANotificationServiceExtension {}`). For a push with `com.urbanairship.media_attachment`
/// it downloads every medium in parallel, attaches those that arrive (with the payload's
/// thumbnail options), replaces the text with the payload's `content`, and delivers; any
/// other push is delivered unchanged. When time is up it delivers what has arrived.
open class UANotificationServiceExtension: UNNotificationServiceExtension {
    static let sdk = "AirshipNotificationServiceExtension"
    private let pending = SDKPendingDelivery()

    /// Downloads and attaches the push's media, sets its text, delivers.
    open override func didReceive(
        _ request: UNNotificationRequest,
        withContentHandler contentHandler: @escaping (UNNotificationContent) -> Void
    ) {
        let api = "UANotificationServiceExtension.didReceive"
        let source = request.content.userInfo["com.urbanairship.media_attachment"] ?? request.content.userInfo["a4sid"]
        guard let dictionary = source as? [AnyHashable: Any] else {
            SDKActivity.record(sdk: Self.sdk, api: api, "no com.urbanairship.media_attachment: content delivered as it is")
            contentHandler(request.content)
            return
        }
        guard let payload = MediaAttachmentPayload(dictionary) else {
            SDKActivity.record(sdk: Self.sdk, api: api, "unable to parse the media attachment: content delivered as it is")
            contentHandler(request.content)
            return
        }
        let delivery = SDKContentDelivery(content: request.content.mutableCopy() as! UNMutableNotificationContent, handler: contentHandler)
        pending.begin(delivery)
        SDKActivity.record(
            sdk: Self.sdk, api: api, "downloading \(payload.media.count) media",
            ["urls": .array(payload.media.map { .string($0.url.absoluteString) })])
        let thread = Thread {
            Self.load(payload, into: delivery, api: api)
        }
        thread.name = "nsesim.sdk.airship"
        thread.start()
    }

    /// Delivers the content with the media arrived so far.
    open override func serviceExtensionTimeWillExpire() {
        pending.expire(
            sdk: Self.sdk, api: "UANotificationServiceExtension.serviceExtensionTimeWillExpire",
            "time is up: delivered with the media arrived so far")
    }

    /// Downloads every medium in parallel, attaches each as it arrives, then sets the text
    /// and delivers.
    private static func load(_ payload: MediaAttachmentPayload, into delivery: SDKContentDelivery, api: String) {
        let results = Locked<[Int: UNNotificationAttachment]>([:])
        DispatchQueue.concurrentPerform(iterations: payload.media.count) { index in
            let media = payload.media[index]
            let hide = payload.thumbnailID != nil && payload.thumbnailID != media.identifier
            let options = payload.options.attachmentOptions(hideThumbnail: hide)
            switch SDKMedia.attachment(from: media.url, identifier: media.identifier, options: options) {
            case .success(let attachment):
                results.mutate { $0[index] = attachment }
                SDKActivity.record(
                    sdk: sdk, api: api, "attached \(media.url.lastPathComponent) (\(attachment.type))",
                    SDKMedia.fields(of: attachment).merging(["url": .string(media.url.absoluteString)]) { first, _ in first })
            case .failure(let failure):
                SDKActivity.record(
                    sdk: sdk, api: api, "failed to download \(media.url.absoluteString): left out",
                    ["url": .string(media.url.absoluteString), "error": .string(failure.description)])
            }
        }
        guard !delivery.isDelivered else { return }
        let content = delivery.content
        content.attachments = results.value.sorted { $0.key < $1.key }.map(\.value)
        if let body = payload.body { content.body = body }
        if let title = payload.title { content.title = title }
        if let subtitle = payload.subtitle { content.subtitle = subtitle }
        SDKActivity.record(
            sdk: sdk, api: api,
            "content delivered with \(content.attachments.count) of \(payload.media.count) media"
                + (payload.title ?? payload.subtitle ?? payload.body != nil ? ", text from the payload's content" : ""))
        delivery.deliver()
    }
}
