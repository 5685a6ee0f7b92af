import Foundation

/// The app object. Extensions cannot reach it on iOS: `UIApplication.shared` is marked
/// unavailable to application extensions, so using it is a build error with iOS's advice.
open class UIApplication: NSObject, @unchecked Sendable {
    private override init() {}

    /// Unavailable in extensions, as on iOS.
    @available(
        *, unavailable,
        message:
            "Use view controller based solutions where appropriate instead. (UIApplication.shared is unavailable in application extensions for iOS; set the badge with UNUserNotificationCenter.setBadgeCount or the content's badge, open URLs from the app.)"
    )
    public class var shared: UIApplication { fatalError("UIApplication.shared is unavailable in application extensions") }

    // What apps do with it, declared so that the one error is the unavailability of `shared`.
    open var applicationIconBadgeNumber: Int = 0
    open var applicationState: State { .background }
    open var isRegisteredForRemoteNotifications: Bool { true }
    open func registerForRemoteNotifications() {}
    open func unregisterForRemoteNotifications() {}
    open func canOpenURL(_ url: URL) -> Bool { false }
    open func open(_ url: URL, options: [OpenExternalURLOptionsKey: Any] = [:], completionHandler completion: ((Bool) -> Void)? = nil) {
        completion?(false)
    }
    open func beginBackgroundTask(expirationHandler handler: (() -> Void)? = nil) -> UIBackgroundTaskIdentifier { .invalid }
    open func beginBackgroundTask(withName taskName: String?, expirationHandler handler: (() -> Void)? = nil) -> UIBackgroundTaskIdentifier
    {
        .invalid
    }
    open func endBackgroundTask(_ identifier: UIBackgroundTaskIdentifier) {}

    /// Posted when the app gets a memory warning (never in an extension's process, as on iOS:
    /// an extension over its limit is killed without one).
    public static let didReceiveMemoryWarningNotification = Notification.Name("UIApplicationDidReceiveMemoryWarningNotification")
    /// Posted before the app terminates (not in an extension).
    public static let willTerminateNotification = Notification.Name("UIApplicationWillTerminateNotification")
    /// Posted when the app enters the background (not in an extension).
    public static let didEnterBackgroundNotification = Notification.Name("UIApplicationDidEnterBackgroundNotification")
    /// Posted when the app is about to enter the foreground (not in an extension).
    public static let willEnterForegroundNotification = Notification.Name("UIApplicationWillEnterForegroundNotification")
    /// Posted when the app became active (not in an extension).
    public static let didBecomeActiveNotification = Notification.Name("UIApplicationDidBecomeActiveNotification")
    /// Posted when the app is about to become inactive (not in an extension).
    public static let willResignActiveNotification = Notification.Name("UIApplicationWillResignActiveNotification")

    /// Options for `open(_:options:completionHandler:)`.
    public struct OpenExternalURLOptionsKey: RawRepresentable, Hashable, Sendable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public static let universalLinksOnly = OpenExternalURLOptionsKey(rawValue: "UIApplicationOpenURLOptionUniversalLinksOnly")
    }

    /// The URL that opens the app's page in Settings.
    public static let openSettingsURLString = "app-settings:"

    /// The app's state.
    public enum State: Int, Sendable {
        case active, inactive, background
    }
}

/// A background task's identifier.
public struct UIBackgroundTaskIdentifier: RawRepresentable, Hashable, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    public static let invalid = UIBackgroundTaskIdentifier(rawValue: 0)
}
