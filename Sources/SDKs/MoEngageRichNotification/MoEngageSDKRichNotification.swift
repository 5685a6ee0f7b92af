import Foundation
import UserNotifications

/// MoEngage's rich-notification helper (SDK 8 and later), as a notification service extension
/// calls it: `setAppGroupID(_:)`, then `handle(richNotificationRequest:withContentHandler:)`.
public final class MoEngageSDKRichNotification: NSObject {
    private override init() {}

    /// The App Group the app and its extensions share, where MoEngage keeps the notification
    /// impressions it tracks (without one, none is tracked).
    public static func setAppGroupID(_ appGroupID: String) {
        MoEngageRichPushHandler.setAppGroup(appGroupID, api: "setAppGroupID")
    }

    /// Handles a MoEngage push as MoEngage's SDK does: a push without the `moengage` key is
    /// not MoEngage's and its content is delivered unchanged; otherwise the impression
    /// (`NOTIFICATION_RECEIVED_MOE`) is tracked for the app group, `moengage.media-attachment`
    /// is downloaded (named from the server's Content-Type, else the URL's extension) and
    /// attached, and `contentHandler` is called once. A failed download delivers the content
    /// without the media.
    public static func handle(
        richNotificationRequest request: UNNotificationRequest,
        withContentHandler contentHandler: @escaping (UNNotificationContent) -> Void
    ) {
        MoEngageRichPushHandler.handle(request, api: "handle(richNotificationRequest:withContentHandler:)", contentHandler: contentHandler)
    }
}
