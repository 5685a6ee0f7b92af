import Foundation
import UIKit
import UserNotifications

/// The protocol of a Notification Content Extension's principal view controller: iOS calls
/// ``didReceive(_:)`` with the notification to draw, and ``didReceive(_:completionHandler:)``
/// when the user taps one of the notification's actions.
@preconcurrency @MainActor public protocol UNNotificationContentExtension: NSObjectProtocol {
    /// Draw `notification` (called after `viewDidLoad`, and again when a notification of the
    /// same thread arrives while the interface is shown).
    func didReceive(_ notification: UNNotification)

    /// Handle a tapped action, then say whether the interface stays, closes, or closes and
    /// forwards the response to the app. Optional: without it iOS closes the interface and
    /// forwards every action to the app.
    func didReceive(
        _ response: UNNotificationResponse,
        completionHandler completion: @escaping (UNNotificationContentExtensionResponseOption) -> Void)

    /// The play/pause button iOS draws (optional; default none).
    var mediaPlayPauseButtonType: UNNotificationContentExtensionMediaPlayPauseButtonType { get }
    /// Where the button goes, in the interface's coordinates (optional).
    var mediaPlayPauseButtonFrame: CGRect { get }
    /// The button's tint (optional).
    var mediaPlayPauseButtonTintColor: UIColor { get }

    /// The user tapped play (optional).
    func mediaPlay()
    /// The user tapped pause (optional).
    func mediaPause()
}

extension UNNotificationContentExtension {
    /// Not implemented: iOS closes the interface and forwards the response to the app.
    public func didReceive(
        _ response: UNNotificationResponse,
        completionHandler completion: @escaping (UNNotificationContentExtensionResponseOption) -> Void
    ) {
        ResponseHandling.markDefault()
        completion(.dismissAndForwardAction)
    }

    public var mediaPlayPauseButtonType: UNNotificationContentExtensionMediaPlayPauseButtonType { .none }
    public var mediaPlayPauseButtonFrame: CGRect { .zero }
    public var mediaPlayPauseButtonTintColor: UIColor { .white }
    public func mediaPlay() {}
    public func mediaPause() {}
}

/// Tells nsesim whether the extension left `didReceive(_:completionHandler:)` to the default
/// (the report says that iOS forwarded the action because the method is not there).
enum ResponseHandling {
    private static let lock = NSLock()
    nonisolated(unsafe) private static var usedDefault = false

    static func markDefault() { lock.withLock { usedDefault = true } }

    /// Whether the default ran since the last call.
    static func takeDefault() -> Bool {
        lock.withLock {
            defer { usedDefault = false }
            return usedDefault
        }
    }
}
