/// What caused a notification to be delivered.
open class UNNotificationTrigger: NSObject, NSCopying {
    /// Whether the trigger fires again.
    public let repeats: Bool

    init(repeats: Bool) {
        self.repeats = repeats
        super.init()
    }

    open func copy(with zone: NSZone? = nil) -> Any { self }
}

/// The trigger of a notification that came from Apple Push Notification service.
open class UNPushNotificationTrigger: UNNotificationTrigger {
    /// The trigger of a remote notification (nsesim builds it from a payload).
    @_spi(NSESim) public init() {
        super.init(repeats: false)
    }

    open override var description: String { "<UNPushNotificationTrigger: repeats: NO>" }
}
