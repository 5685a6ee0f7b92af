import Foundation
import NSESimRuntime
import NSESimSDKSupport
import UserNotifications

/// Klaviyo's notification service extension helper.
public enum KlaviyoExtensionSDK {
    static let sdk = "KlaviyoSwiftExtension"

    /// Handles a Klaviyo push as Klaviyo's SDK does: the badge from `badge_config`
    /// (`increment_one`, `set_count`/`set_property` with `badge_value`) kept in the app
    /// group of the Info.plist's `klaviyo_app_group`; `body.action_buttons` registered as
    /// the category `com.klaviyo.dynamic.<body._k>` (unless the push names a category); then
    /// `rich-media` downloaded (named with `rich-media-type`, else `fallbackMediaType`),
    /// attached, and `contentHandler` called. Without media, or when it fails, the content
    /// is delivered without it.
    public static func handleNotificationServiceDidReceivedRequest(
        request: UNNotificationRequest,
        bestAttemptContent: UNMutableNotificationContent,
        contentHandler: @escaping (UNNotificationContent) -> Void,
        fallbackMediaType: String = "jpg"
    ) {
        let api = "handleNotificationServiceDidReceivedRequest"
        KlaviyoBadge.apply(to: bestAttemptContent, api: api)
        KlaviyoActionButtons.register(request: request, content: bestAttemptContent, api: api)
        let delivery = SDKContentDelivery(content: bestAttemptContent, handler: contentHandler)
        guard let location = bestAttemptContent.userInfo["rich-media"] as? String else {
            delivery.deliver()
            return
        }
        guard let url = URL(string: location) else {
            SDKActivity.record(sdk: sdk, api: api, "rich-media is not a URL: content delivered without it", ["url": .string(location)])
            delivery.deliver()
            return
        }
        let type = bestAttemptContent.userInfo["rich-media-type"] as? String ?? fallbackMediaType
        delivery.attachThenDeliver(url, identifier: "", fileExtension: type, sdk: sdk, api: api, media: "rich-media")
    }

    /// What Klaviyo does when time is up: registers the action buttons if it can still, and
    /// calls `contentHandler` with the best attempt (without the media still downloading).
    public static func handleNotificationServiceExtensionTimeWillExpireRequest(
        request: UNNotificationRequest,
        bestAttemptContent: UNMutableNotificationContent,
        contentHandler: @escaping (UNNotificationContent) -> Void
    ) {
        let api = "handleNotificationServiceExtensionTimeWillExpireRequest"
        KlaviyoActionButtons.register(request: request, content: bestAttemptContent, api: api)
        SDKActivity.record(sdk: sdk, api: api, "time is up: best attempt delivered")
        contentHandler(bestAttemptContent)
    }
}
