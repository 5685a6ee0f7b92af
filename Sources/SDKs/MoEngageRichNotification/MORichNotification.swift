import Foundation
import UserNotifications

/// MoEngage's rich-notification helper before SDK 8 (`MORichNotification`, in the modules
/// `MORichNotification` and, from SDK 7, `MoEngageRichNotification`): the same handling as
/// `MoEngageSDKRichNotification` under the Objective-C names
/// (`+handleRichNotificationRequest:withContentHandler:`, `+setAppGroupID:`, `+enableDebugging:`).
public final class MORichNotification: NSObject {
    private override init() {}

    /// The App Group where MoEngage keeps the notification impressions it tracks.
    public static func setAppGroupID(_ appGroupID: String) {
        MoEngageRichPushHandler.setAppGroup(appGroupID, api: "MORichNotification.setAppGroupID")
    }

    /// What `MoEngageSDKRichNotification.handle(richNotificationRequest:withContentHandler:)` does.
    public static func handle(
        _ request: UNNotificationRequest,
        withContentHandler contentHandler: @escaping (UNNotificationContent) -> Void
    ) {
        MoEngageRichPushHandler.handle(request, api: "MORichNotification.handle(_:withContentHandler:)", contentHandler: contentHandler)
    }

    /// Turns MoEngage's debug logs on or off; nsesim reports the call.
    public static func enableDebugging(_ shouldEnableDebug: Bool) {
        MoEngageRichPushHandler.record(api: "MORichNotification.enableDebugging", "debug logs \(shouldEnableDebug ? "on" : "off")")
    }
}
