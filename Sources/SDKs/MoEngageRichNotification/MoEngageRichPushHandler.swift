import Foundation
import NSESimRuntime
import NSESimSDKSupport
import UserNotifications

/// What MoEngage's rich-notification helper does with a push, behind both of its class names.
enum MoEngageRichPushHandler {
    static let sdk = "MoEngageRichNotification"
    /// The event MoEngage's iOS SDK tracks when a push arrives (a notification impression).
    static let impressionEvent = "NOTIFICATION_RECEIVED_IOS_MOE"
    private static let appGroup = Locked<String?>(nil)

    static func record(api: String, _ summary: String, _ fields: [String: JSONValue] = [:]) {
        SDKActivity.record(sdk: sdk, api: api, summary, fields)
    }

    static func setAppGroup(_ identifier: String, api: String) {
        appGroup.value = identifier.isEmpty ? nil : identifier
        record(
            api: api, identifier.isEmpty ? "empty App Group ID: impressions will not be tracked" : "App Group \(identifier)",
            ["appGroup": .string(identifier)])
    }

    static func handle(_ request: UNNotificationRequest, api: String, contentHandler: @escaping (UNNotificationContent) -> Void) {
        guard let payload = MoEngagePushPayload(userInfo: request.content.userInfo) else {
            record(api: api, "not a MoEngage push (no moengage key): content delivered unchanged")
            contentHandler(request.content)
            return
        }
        guard let content = request.content.mutableCopy() as? UNMutableNotificationContent else {
            contentHandler(request.content)
            return
        }
        trackImpression(payload, api: api)
        if let template = payload.templateName {
            record(
                api: api, "push template \(template): drawn by the content extension (category \(content.categoryIdentifier))",
                ["template": .string(template), "category": .string(content.categoryIdentifier)])
        }
        let delivery = SDKContentDelivery(content: content, handler: contentHandler)
        guard let location = payload.mediaAttachment else {
            record(api: api, "no media-attachment: content delivered")
            delivery.deliver()
            return
        }
        guard let url = URL(string: location) else {
            record(api: api, "media-attachment is not a URL: content delivered without it", ["url": .string(location)])
            delivery.deliver()
            return
        }
        record(
            api: api, "downloading media-attachment",
            ["url": .string(location), "mediaType": payload.mediaType.map { .string($0) } ?? .null])
        let thread = Thread {
            switch MoEngageMedia.attachment(from: url) {
            case .success(let attachment):
                delivery.content.attachments = [attachment]
                record(
                    api: api, "attached media-attachment (\(attachment.type)); content delivered",
                    SDKMedia.fields(of: attachment).merging(["url": .string(location)]) { first, _ in first })
            case .failure(let failure):
                record(
                    api: api, "media-attachment failed: content delivered without it",
                    ["url": .string(location), "error": .string(failure.description)])
            }
            delivery.deliver()
        }
        thread.name = "nsesim.sdk.moengage.media"
        thread.start()
    }

    /// The impression MoEngage tracks for the push: kept for the app in the App Group (nsesim
    /// records it in the report, nothing is sent); none without an App Group.
    private static func trackImpression(_ payload: MoEngagePushPayload, api: String) {
        var fields: [String: JSONValue] = ["event": .string(impressionEvent)]
        fields["campaign"] = payload.campaignID.map { .string($0) } ?? .null
        fields["appID"] = payload.appID.map { .string($0) } ?? .null
        guard let group = appGroup.value else {
            record(api: api, "no App Group ID set (setAppGroupID): impression not tracked", fields)
            return
        }
        fields["appGroup"] = .string(group)
        record(
            api: api,
            "impression \(impressionEvent) tracked for campaign \(payload.campaignID ?? "(no cid)") in \(group) (recorded, not sent)",
            fields)
    }
}
