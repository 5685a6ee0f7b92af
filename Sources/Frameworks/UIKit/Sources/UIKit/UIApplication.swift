import Foundation

/// The app object. Extensions cannot reach it on iOS: `UIApplication.shared` is marked
/// unavailable to application extensions, so using it is a build error with iOS's advice.
open class UIApplication: NSObject, @unchecked Sendable {
    private override init() {}

    /// Unavailable in extensions, as on iOS.
    @available(*, unavailable, message: "Use view controller based solutions where appropriate instead. (UIApplication.shared is unavailable in application extensions for iOS; set the badge with UNUserNotificationCenter.setBadgeCount or the content's badge, open URLs from the app.)")
    public class var shared: UIApplication { fatalError("UIApplication.shared is unavailable in application extensions") }

    /// The URL that opens the app's page in Settings.
    public static let openSettingsURLString = "app-settings:"

    /// The app's state.
    public enum State: Int, Sendable {
        case active, inactive, background
    }
}
