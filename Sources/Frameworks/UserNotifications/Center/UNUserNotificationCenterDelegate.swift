import Foundation

/// The app's handler of notification events: what to show while the app is in the
/// foreground, and the user's response to a notification (a tapped action). nsesim keeps the
/// delegate as iOS does; the extension process never calls it (iOS calls it in the app).
public protocol UNUserNotificationCenterDelegate: AnyObject {
    func userNotificationCenter(
        _ center: UNUserNotificationCenter, willPresent notification: UNNotification,
        withCompletionHandler completionHandler: @escaping (UNNotificationPresentationOptions) -> Void)
    func userNotificationCenter(
        _ center: UNUserNotificationCenter, didReceive response: UNNotificationResponse,
        withCompletionHandler completionHandler: @escaping () -> Void)
    func userNotificationCenter(_ center: UNUserNotificationCenter, openSettingsFor notification: UNNotification?)
}

extension UNUserNotificationCenterDelegate {
    public func userNotificationCenter(
        _ center: UNUserNotificationCenter, willPresent notification: UNNotification,
        withCompletionHandler completionHandler: @escaping (UNNotificationPresentationOptions) -> Void
    ) {
        completionHandler([])
    }

    public func userNotificationCenter(
        _ center: UNUserNotificationCenter, didReceive response: UNNotificationResponse,
        withCompletionHandler completionHandler: @escaping () -> Void
    ) {
        completionHandler()
    }

    public func userNotificationCenter(_ center: UNUserNotificationCenter, openSettingsFor notification: UNNotification?) {}
}

/// How a notification is shown while the app is in the foreground.
public struct UNNotificationPresentationOptions: OptionSet, Sendable, Hashable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }

    public static let badge = UNNotificationPresentationOptions(rawValue: 1 << 0)
    public static let sound = UNNotificationPresentationOptions(rawValue: 1 << 1)
    public static let alert = UNNotificationPresentationOptions(rawValue: 1 << 2)
    public static let list = UNNotificationPresentationOptions(rawValue: 1 << 3)
    public static let banner = UNNotificationPresentationOptions(rawValue: 1 << 4)
}

/// The user's response to a notification: which action, on which notification.
open class UNNotificationResponse: NSObject, NSCopying, @unchecked Sendable {
    /// The notification responded to.
    open private(set) var notification: UNNotification
    /// The action's identifier, or ``UNNotificationDefaultActionIdentifier`` /
    /// ``UNNotificationDismissActionIdentifier``.
    open private(set) var actionIdentifier: String

    /// The user's choice of `actionIdentifier` (nsesim's; iOS makes them).
    @_spi(NSESim) public init(notification: UNNotification, actionIdentifier: String) {
        self.notification = notification
        self.actionIdentifier = actionIdentifier
        super.init()
    }

    open func copy(with zone: NSZone? = nil) -> Any { self }
}

/// A response carrying the text the user typed into a text-input action.
open class UNTextInputNotificationResponse: UNNotificationResponse, @unchecked Sendable {
    /// What the user typed.
    open private(set) var userText: String

    /// The user's text for the text-input action `actionIdentifier` (nsesim's; iOS makes them).
    @_spi(NSESim) public init(notification: UNNotification, actionIdentifier: String, userText: String) {
        self.userText = userText
        super.init(notification: notification, actionIdentifier: actionIdentifier)
    }
}

/// The action identifier of a tap on the notification itself.
public let UNNotificationDefaultActionIdentifier = "com.apple.UNNotificationDefaultActionIdentifier"
/// The action identifier of a dismissal (with `.customDismissAction`).
public let UNNotificationDismissActionIdentifier = "com.apple.UNNotificationDismissActionIdentifier"
