import Foundation
import NSESimCenter

/// What caused a notification to be delivered.
open class UNNotificationTrigger: NSObject, NSCopying {
    /// Whether the trigger fires again.
    public let repeats: Bool

    /// A trigger that fires once or again (for the subclasses, here and in CoreLocation's
    /// `UNLocationNotificationTrigger`).
    @_spi(NSESim) public init(repeats: Bool) {
        self.repeats = repeats
        super.init()
    }

    open func copy(with zone: NSZone? = nil) -> Any { self }

    /// The trigger in the center's form, which `nsesim center advance` and `move` fire; nil
    /// for a push trigger.
    @_spi(NSESim) open var centerTrigger: CenterTrigger? { nil }
}

/// The trigger of a notification that came from Apple Push Notification service.
open class UNPushNotificationTrigger: UNNotificationTrigger {
    /// The trigger of a remote notification (nsesim builds it from a payload).
    @_spi(NSESim) public init() {
        super.init(repeats: false)
    }

    open override var description: String { "<UNPushNotificationTrigger: repeats: NO>" }
}
