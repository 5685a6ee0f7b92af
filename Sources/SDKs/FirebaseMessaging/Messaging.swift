import Foundation

/// Firebase Cloud Messaging. In a notification service extension only its extension
/// helper is used: `Messaging.serviceExtension()`.
open class Messaging: NSObject, @unchecked Sendable {
    private static let helper = FIRMessagingExtensionHelper()

    /// The extension helper, one per process (FIRMessaging's `extensionHelper`).
    open class func serviceExtension() -> FIRMessagingExtensionHelper { helper }
}

/// nsesim's earlier name of the helper. Firebase's Swift API has none but
/// `FIRMessagingExtensionHelper`, so code that names this does not build on iOS.
@available(
    *, deprecated, renamed: "FIRMessagingExtensionHelper",
    message: "Firebase names the helper FIRMessagingExtensionHelper in Swift; this name does not build on iOS"
)
public typealias MessagingExtensionHelper = FIRMessagingExtensionHelper
