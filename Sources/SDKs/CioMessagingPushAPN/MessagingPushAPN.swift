import Foundation
import UserNotifications

/// Customer.io's APN push module (`CioMessagingPushAPN`): in an extension,
/// `MessagingPushAPN.initializeForExtension(withConfig:)`, then `MessagingPush.shared`.
public class MessagingPushAPN {
    /// Configures the push module for a notification service extension.
    @discardableResult
    public static func initializeForExtension(withConfig config: MessagingPushConfigOptions) -> any MessagingPushInstance {
        MessagingPush.initializeForExtension(withConfig: config)
    }

    /// `MessagingPush.shared.didReceive(_:withContentHandler:)`.
    @discardableResult
    public func didReceive(
        _ request: UNNotificationRequest,
        withContentHandler contentHandler: @escaping (UNNotificationContent) -> Void
    ) -> Bool {
        MessagingPush.shared.didReceive(request, withContentHandler: contentHandler)
    }

    /// `MessagingPush.shared.serviceExtensionTimeWillExpire()`.
    public func serviceExtensionTimeWillExpire() {
        MessagingPush.shared.serviceExtensionTimeWillExpire()
    }
}
