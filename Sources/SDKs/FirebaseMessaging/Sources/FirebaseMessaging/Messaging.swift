import Foundation

/// Firebase Cloud Messaging. In a notification service extension only its extension
/// helper is used: `Messaging.serviceExtension()`.
open class Messaging: NSObject, @unchecked Sendable {
    private static let helper = MessagingExtensionHelper()

    /// The extension helper, one per process (FIRMessaging's `extensionHelper`).
    open class func serviceExtension() -> MessagingExtensionHelper { helper }
}
