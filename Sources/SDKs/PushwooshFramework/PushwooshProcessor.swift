import Foundation
import NSESimRuntime
import NSESimSDKSupport
import UserNotifications

/// One push as Pushwoosh's service processor handles it: a push without `pw_msg` is
/// delivered as it came; a Pushwoosh push gets its badge (`aps.pw_badge`), its message
/// delivery event (recorded, never sent) and its `attachment` (downloaded through nsesim's
/// downloader, appended), then is delivered once, or by `expireWithFallback` with what it has.
///
/// `@unchecked Sendable`: the content and the completion are not Sendable; the delivery
/// (`SDKContentDelivery`) hands the content over once under its lock, and only the download
/// thread changes the content before then.
final class PushwooshProcessor: @unchecked Sendable {
    static let sdk = "PushwooshFramework"

    /// The Info.plist's `PW_APP_GROUPS_NAME`, trimmed, if any.
    static var configuredAppGroupsName: String? {
        let name = (Bundle.main.object(forInfoDictionaryKey: "PW_APP_GROUPS_NAME") as? String)?.trimmingCharacters(
            in: .whitespacesAndNewlines)
        return name?.isEmpty == false ? name : nil
    }

    private let request: UNNotificationRequest
    private let appGroupsName: String?
    private let api: String
    private let delivery: SDKContentDelivery
    private let pending = SDKPendingDelivery()

    init(request: UNNotificationRequest, appGroupsName: String?, api: String, completion: @escaping (UNNotificationContent) -> Void) {
        self.request = request
        self.appGroupsName = appGroupsName
        self.api = api
        delivery = SDKContentDelivery(content: request.content.mutableCopy() as! UNMutableNotificationContent, handler: completion)
        pending.begin(delivery)
    }

    /// Processes the push (see the type's summary).
    func process() {
        let userInfo = request.content.userInfo
        guard userInfo["pw_msg"] != nil else {
            SDKActivity.record(sdk: Self.sdk, api: api, "not a Pushwoosh message (no pw_msg): delivered as it came")
            delivery.deliver()
            return
        }
        PushwooshBadge.apply(userInfo, to: delivery.content, appGroupsName: appGroupsName, api: api)
        PushwooshDeliveryEvent.record(userInfo, api: api)
        guard let location = userInfo["attachment"] as? String, let url = URL(string: location) else {
            SDKActivity.record(sdk: Self.sdk, api: api, "no attachment: content delivered")
            delivery.deliver()
            return
        }
        SDKActivity.record(sdk: Self.sdk, api: api, "downloading attachment", ["url": .string(location)])
        let delivery = delivery
        let api = api
        let thread = Thread {
            let identifier = UUID().uuidString + Self.sanitizedFileNameComponent(url.lastPathComponent)
            switch SDKMedia.attachment(from: url, identifier: identifier) {
            case .success(let attachment):
                delivery.content.attachments = delivery.content.attachments + [attachment]
                SDKActivity.record(
                    sdk: Self.sdk, api: api, "attached the attachment (\(attachment.type)); content delivered",
                    SDKMedia.fields(of: attachment).merging(["url": .string(location)]) { first, _ in first })
            case .failure(let failure):
                SDKActivity.record(
                    sdk: Self.sdk, api: api, "attachment failed: content delivered without it",
                    ["url": .string(location), "error": .string(failure.description)])
            }
            delivery.deliver()
        }
        thread.name = "nsesim.sdk.pushwoosh"
        thread.start()
    }

    /// Time is up: delivers the best attempt (the badge set, the media still downloading left out).
    func expireWithFallback() {
        pending.expire(
            sdk: Self.sdk, api: "PushwooshNotificationServiceExtension.serviceExtensionTimeWillExpire()",
            "time is up: best attempt delivered without the media still downloading")
    }

    /// Pushwoosh before 7.1's `handle(_:withAppGroups:)`: the badge count and the delivery event.
    static func updateBadgeOnly(request: UNNotificationRequest, appGroupsName: String?, api: String) {
        guard request.content.userInfo["pw_msg"] != nil else {
            SDKActivity.record(sdk: sdk, api: api, "not a Pushwoosh message (no pw_msg): nothing done")
            return
        }
        let scratch = request.content.mutableCopy() as! UNMutableNotificationContent
        PushwooshBadge.apply(request.content.userInfo, to: scratch, appGroupsName: appGroupsName, api: api)
        PushwooshDeliveryEvent.record(request.content.userInfo, api: api)
    }

    /// The server's file name made safe for an identifier, as Pushwoosh does: its last path
    /// component, with `/` and `..` replaced by `_`.
    static func sanitizedFileNameComponent(_ name: String) -> String {
        guard !name.isEmpty, name != "/" else { return "" }
        return (name as NSString).lastPathComponent.replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: "..", with: "_")
    }
}
