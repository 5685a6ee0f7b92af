import Foundation
import NSESimRuntime
import NSESimSDKSupport
import UserNotifications

/// The Marketing Cloud extension SDK's service extension, the class an extension's principal
/// class inherits from. It implements `didReceive` and `serviceExtensionTimeWillExpire`
/// itself (the guide says not to override them): it reads `sfmcProvideConfig()`, records the
/// push's delivery receipt for the app in the App Group of the Info.plist's
/// `SF_MARKETINGCLOUD_APP_GROUP_KEY` (a Marketing Cloud push: `_sid` is `SFMC`; recorded in
/// the report, not sent), hands the push to `sfmcDidReceive(_:mutableContent:withContentHandler:)`
/// for the app's own work, adds the keys the app returns to `userInfo`, and delivers once;
/// when time is up, it delivers the content as it is.
open class SFMCNotificationService: UNNotificationServiceExtension {
    private let pending = SDKPendingDelivery()

    /// The configuration: by default no logs and the carousel thumbnail shown. Override it to
    /// change them.
    open func sfmcProvideConfig() -> SFNotificationServiceConfig {
        SFNotificationServiceConfig()
    }

    /// The app's own work on the push (media, custom keys); call `contentHandler` once, with
    /// the keys to add to `userInfo` or nil. The default calls it with nil at once.
    open func sfmcDidReceive(
        _ request: UNNotificationRequest, mutableContent: UNMutableNotificationContent,
        withContentHandler contentHandler: @escaping ([AnyHashable: Any]?) -> Void
    ) {
        contentHandler(nil)
    }

    /// The SDK's handling of a push (see the class).
    open override func didReceive(
        _ request: UNNotificationRequest, withContentHandler contentHandler: @escaping (UNNotificationContent) -> Void
    ) {
        let api = "SFMCNotificationService.didReceive"
        let config = sfmcProvideConfig()
        SFMCDeliveryReceipt.record(for: request.content.userInfo, config: config, api: api)
        guard let mutableContent = request.content.mutableCopy() as? UNMutableNotificationContent else {
            contentHandler(request.content)
            return
        }
        let delivery = SDKContentDelivery(content: mutableContent, handler: contentHandler)
        pending.begin(delivery)
        sfmcDidReceive(request, mutableContent: mutableContent) { custom in
            let keys = custom ?? [:]
            if !keys.isEmpty {
                mutableContent.userInfo = mutableContent.userInfo.merging(keys) { _, new in new }
            }
            guard !delivery.isDelivered else {
                SFMCReport.record(api: "sfmcDidReceive", "the handler was called after the content was delivered: ignored")
                return
            }
            SFMCReport.record(
                api: "sfmcDidReceive",
                "handler called with \(keys.count) custom key\(keys.count == 1 ? "" : "s"); content delivered",
                [
                    "customKeys": .array(keys.keys.map { .string(String(describing: $0)) }.sorted { "\($0)" < "\($1)" }),
                    "attachments": .integer(Int64(mutableContent.attachments.count)),
                ])
            delivery.deliver()
        }
    }

    /// Time is up: the content as the app's work has left it is delivered.
    open override func serviceExtensionTimeWillExpire() {
        pending.expire(
            sdk: SFMCReport.sdk, api: "SFMCNotificationService.serviceExtensionTimeWillExpire",
            "time is up: best attempt delivered")
    }
}
