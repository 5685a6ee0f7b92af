/// A notification waiting to be delivered: its identifier, content and trigger.
open class UNNotificationRequest: NSObject, NSCopying {
    /// The identifier: the `apns-collapse-id` header if given, else a generated UUID.
    public let identifier: String
    /// The content, immutable.
    public let content: UNNotificationContent
    /// The trigger; a ``UNPushNotificationTrigger`` for a remote notification.
    public let trigger: UNNotificationTrigger?

    /// A request with the given identifier, a copy of the content, and a trigger.
    public init(identifier: String, content: UNNotificationContent, trigger: UNNotificationTrigger?) {
        self.identifier = identifier
        // iOS keeps its own immutable copy of the content.
        self.content = UNNotificationContent(fields: content.fields)
        self.trigger = trigger
        super.init()
    }

    open func copy(with zone: NSZone? = nil) -> Any { self }

    open override var description: String {
        "<UNNotificationRequest: identifier: \(identifier), content: \(content), trigger: \(trigger.map { "\($0)" } ?? "nil")>"
    }
}
