import Foundation
@_spi(NSESim) import UIKit
import UserNotifications

/// What a content extension tells iOS through its view controller's `extensionContext`.
/// Each call is reported (the report's `contentExtension` section).
extension NSExtensionContext {
    /// The actions iOS shows under the interface: the category's at first; setting them
    /// replaces the buttons while the interface is shown (iOS 12).
    public var notificationActions: [UNNotificationAction] {
        get { _nsesimValue(forKey: ContextKey.actions) as? [UNNotificationAction] ?? [] }
        set { _nsesimSetValue(newValue, forKey: ContextKey.actions) }
    }

    /// Media the extension plays itself started: iOS shows the pause state of the button.
    public func mediaPlayingStarted() { _nsesimSetValue(true, forKey: ContextKey.playing) }

    /// Media the extension plays itself paused: iOS shows the play state of the button.
    public func mediaPlayingPaused() { _nsesimSetValue(false, forKey: ContextKey.playing) }

    /// Opens the app as a tap on the notification would: the response with
    /// `UNNotificationDefaultActionIdentifier` goes to the app's delegate (iOS 12).
    public func performNotificationDefaultAction() { _nsesimSetValue(true, forKey: ContextKey.defaultAction) }

    /// Closes the interface (iOS 12).
    public func dismissNotificationContentExtension() { _nsesimSetValue(true, forKey: ContextKey.dismiss) }
}

/// The keys of the context's values that nsesim reads.
enum ContextKey {
    static let actions = "UserNotificationsUI.notificationActions"
    static let playing = "UserNotificationsUI.mediaPlaying"
    static let defaultAction = "UserNotificationsUI.performNotificationDefaultAction"
    static let dismiss = "UserNotificationsUI.dismissNotificationContentExtension"
}
