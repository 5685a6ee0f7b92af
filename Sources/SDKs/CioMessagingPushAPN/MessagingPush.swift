import CioInternalCommon
import Foundation
import NSESimRuntime
import NSESimSDKSupport
import UserNotifications

/// Customer.io's push module, as an extension uses it: `initializeForExtension(withConfig:)`,
/// then `MessagingPush.shared.didReceive(_:withContentHandler:)` and
/// `serviceExtensionTimeWillExpire()`.
///
/// `@unchecked Sendable`: its state (the settings, the pushes in progress) is behind a lock.
public class MessagingPush: MessagingPushInstance, @unchecked Sendable {
    static let sdk = "CioMessagingPushAPN"

    /// The module, one per process.
    public static let shared = MessagingPush()

    private let lock = NSLock()
    private var config: MessagingPushConfigOptions?
    private var inProgress: [CioPushHandling] = []

    /// Configures the push module for a notification service extension.
    @discardableResult
    public static func initializeForExtension(withConfig config: MessagingPushConfigOptions) -> any MessagingPushInstance {
        shared.lock.withLock { shared.config = config }
        SDKActivity.record(
            sdk: sdk, api: "initializeForExtension(withConfig:)", "initialized for the extension",
            [
                "region": .string(config.region.rawValue), "logLevel": .string(config.logLevel.rawValue),
                "autoTrackPushEvents": .bool(config.autoTrackPushEvents), "cdpApiKeySet": .bool(!config.cdpApiKey.isEmpty),
            ])
        return shared
    }

    /// Handles a Customer.io push: without the module initialized, delivers the content as it
    /// came and returns false; a push without `CIO-Delivery-ID` and `CIO-Delivery-Token` is not
    /// Customer.io's: false, and `contentHandler` is *not* called (the extension must). Else
    /// records the `delivered` metric (kept pending in the app group, never sent), downloads
    /// `CIO.push.image` and attaches it as the only attachment, calls `contentHandler` once, true.
    @discardableResult
    public func didReceive(
        _ request: UNNotificationRequest,
        withContentHandler contentHandler: @escaping (UNNotificationContent) -> Void
    ) -> Bool {
        let api = "didReceive(_:withContentHandler:)"
        guard let config = lock.withLock({ config }) else {
            SDKActivity.record(sdk: Self.sdk, api: api, "not initialized (no initializeForExtension): content delivered as it came, false")
            contentHandler(request.content)
            return false
        }
        let userInfo = request.content.userInfo
        guard let deliveryId = userInfo["CIO-Delivery-ID"] as? String, let token = userInfo["CIO-Delivery-Token"] as? String else {
            SDKActivity.record(
                sdk: Self.sdk, api: api,
                "not a Customer.io push (no CIO-Delivery-ID and CIO-Delivery-Token): false, the content handler is the extension's")
            return false
        }
        let handling = CioPushHandling(
            request: request, config: config, deliveryId: deliveryId, deviceToken: token,
            contentHandler: contentHandler)
        lock.withLock { inProgress.append(handling) }
        handling.start(api: api)
        return true
    }

    /// Time is up: each push still being processed is delivered as it came (Customer.io keeps
    /// the original content unless the image was attached already).
    public func serviceExtensionTimeWillExpire() {
        let pending = lock.withLock { () -> [CioPushHandling] in
            defer { inProgress = [] }
            return inProgress
        }
        for handling in pending { handling.cancel() }
    }
}
