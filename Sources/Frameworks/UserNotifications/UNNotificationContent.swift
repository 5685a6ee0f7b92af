import NSESimRuntime

/// The content of a notification: what iOS shows, and the payload in `userInfo`.
///
/// Immutable, as on iOS; `mutableCopy()` gives an independent
/// ``UNMutableNotificationContent`` that an extension may change.
open class UNNotificationContent: NSObject, NSCopying, NSMutableCopying {
    var fields: ContentFields

    init(fields: ContentFields) {
        self.fields = fields
        super.init()
    }

    /// Empty content.
    public override convenience init() {
        self.init(fields: ContentFields())
    }

    /// The media to show with the notification.
    open var attachments: [UNNotificationAttachment] { fields.attachments }
    /// The number to show on the app icon; 0 clears it, nil leaves it.
    open var badge: NSNumber? { fields.badge }
    /// The message.
    open var body: String { fields.body }
    /// The notification category that picks the actions and the content extension.
    open var categoryIdentifier: String { fields.categoryIdentifier }
    /// The launch image for when the app opens from the notification.
    open var launchImageName: String { fields.launchImageName }
    /// The sound to play.
    open var sound: UNNotificationSound? { fields.sound }
    /// The line under the title.
    open var subtitle: String { fields.subtitle }
    /// Groups notifications into threads.
    open var threadIdentifier: String { fields.threadIdentifier }
    /// The headline.
    open var title: String { fields.title }
    /// The whole payload, `aps` included.
    open var userInfo: [AnyHashable: Any] { fields.userInfo }
    /// The argument for the group summary (deprecated on iOS 15, still readable).
    open var summaryArgument: String { fields.summaryArgument }
    /// How many items the notification stands for in the group summary.
    open var summaryArgumentCount: Int { fields.summaryArgumentCount }
    /// The identifier of the app window to bring forward.
    open var targetContentIdentifier: String? { fields.targetContentIdentifier }
    /// How urgently the notification asks for attention.
    open var interruptionLevel: UNNotificationInterruptionLevel { fields.interruptionLevel }
    /// The order among the app's notifications in a summary, 0...1.
    open var relevanceScore: Double { fields.relevanceScore }
    /// The Focus filter criteria.
    open var filterCriteria: String? { fields.filterCriteria }

    open func copy(with zone: NSZone? = nil) -> Any {
        UNNotificationContent(fields: fields)
    }

    open func mutableCopy(with zone: NSZone? = nil) -> Any {
        UNMutableNotificationContent(fields: fields)
    }

    open override func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? UNNotificationContent else { return false }
        return jsonValue == other.jsonValue
    }

    open override var hash: Int { jsonValue.hashValue }

    open override var description: String {
        var parts = ["title: \(title)", "subtitle: \(subtitle)", "body: \(body)"]
        parts.append("categoryIdentifier: \(categoryIdentifier)")
        parts.append("threadIdentifier: \(threadIdentifier)")
        parts.append("badge: \(badge.map { "\($0)" } ?? "nil")")
        parts.append("sound: \(sound.map { "\($0)" } ?? "nil")")
        parts.append("attachments: \(attachments)")
        return "<\(type(of: self)): \(parts.joined(separator: ", "))>"
    }
}
