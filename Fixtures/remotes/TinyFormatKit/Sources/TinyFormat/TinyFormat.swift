import UIKit
import UserNotifications

/// Formats a notification the way an iOS app's own package would: with UIKit's device and
/// UserNotifications' content types.
public enum TinyFormat {
    public static let version = "1.2.0"

    /// The text in capitals, tagged with the system the device runs.
    public static func shout(_ text: String) -> String {
        "[TinyFormat \(version) on \(UIDevice.current.systemName)] " + text.uppercased()
    }

    /// A mutable copy of `content` with the badge the app shows for a new message.
    public static func badged(_ content: UNNotificationContent) -> UNMutableNotificationContent {
        let copy = content.mutableCopy() as! UNMutableNotificationContent
        copy.badge = NSNumber(value: BadgeCounter().count)
        copy.threadIdentifier = "tinyformat"
        return copy
    }
}

/// Marked for Objective-C, as iOS packages mark their classes: Linux's compiler has no
/// Objective-C runtime, so nsesim takes the attributes out of the fetched copy.
@objc(TFBadgeCounter)
@objcMembers
public class BadgeCounter: NSObject {
    public dynamic var count = 7
}
