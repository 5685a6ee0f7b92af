import Foundation
import OneSignalExtension
import UserNotifications

/// OneSignal's SDK class before version 5 (`import OneSignal`): the notification service
/// extension calls of its header (`OneSignal.h`), which do what `OneSignalExtension`'s do.
/// The rest of the class (initialization, subscriptions, in-app messages) is the app's, not
/// an extension's, and is not here.
open class OneSignal: NSObject {
    /// Processes a OneSignal notification and calls `contentHandler` with the content:
    /// `OneSignalExtension.didReceiveNotificationExtensionRequest(_:with:withContentHandler:)`.
    @discardableResult
    open class func didReceiveNotificationExtensionRequest(
        _ request: UNNotificationRequest, with replacementContent: UNMutableNotificationContent?,
        withContentHandler contentHandler: ((UNNotificationContent) -> Void)!
    ) -> UNMutableNotificationContent! {
        OneSignalExtension.didReceiveNotificationExtensionRequest(
            request, with: replacementContent,
            withContentHandler: contentHandler)
    }

    /// The form without a content handler (deprecated by OneSignal in 3.5): everything above
    /// but the handler call, which is the caller's.
    @available(
        *, deprecated,
        message: "Please use didReceiveNotificationExtensionRequest:withMutableNotificationContent:withContentHandler: instead."
    )
    @discardableResult
    open class func didReceiveNotificationExtensionRequest(
        _ request: UNNotificationRequest, with replacementContent: UNMutableNotificationContent?
    ) -> UNMutableNotificationContent! {
        OneSignalExtension.didReceiveNotificationExtensionRequest(request, with: replacementContent, withContentHandler: nil)
    }

    /// What OneSignal does when time is up: `OneSignalExtension.serviceExtensionTimeWillExpireRequest(_:with:)`.
    @discardableResult
    open class func serviceExtensionTimeWillExpireRequest(
        _ request: UNNotificationRequest, with replacementContent: UNMutableNotificationContent?
    ) -> UNMutableNotificationContent! {
        OneSignalExtension.serviceExtensionTimeWillExpireRequest(request, with: replacementContent)
    }

    /// The SDK's log levels (OneSignal's samples turn them up in the extension); nsesim's
    /// report shows what the SDK did whatever the level.
    open class func setLogLevel(_ logLevel: ONE_S_LOG_LEVEL, visualLevel: ONE_S_LOG_LEVEL) {}
}
