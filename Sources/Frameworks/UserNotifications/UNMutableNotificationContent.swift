/// Notification content that can be changed: what a service extension gets from
/// `request.content.mutableCopy() as? UNMutableNotificationContent`.
open class UNMutableNotificationContent: UNNotificationContent {
    open override var attachments: [UNNotificationAttachment] {
        get { fields.attachments }
        set { fields.attachments = newValue }
    }
    open override var badge: NSNumber? {
        get { fields.badge }
        set { fields.badge = newValue }
    }
    open override var body: String {
        get { fields.body }
        set { fields.body = newValue }
    }
    open override var categoryIdentifier: String {
        get { fields.categoryIdentifier }
        set { fields.categoryIdentifier = newValue }
    }
    open override var launchImageName: String {
        get { fields.launchImageName }
        set { fields.launchImageName = newValue }
    }
    open override var sound: UNNotificationSound? {
        get { fields.sound }
        set { fields.sound = newValue }
    }
    open override var subtitle: String {
        get { fields.subtitle }
        set { fields.subtitle = newValue }
    }
    open override var threadIdentifier: String {
        get { fields.threadIdentifier }
        set { fields.threadIdentifier = newValue }
    }
    open override var title: String {
        get { fields.title }
        set { fields.title = newValue }
    }
    open override var userInfo: [AnyHashable: Any] {
        get { fields.userInfo }
        set { fields.userInfo = newValue }
    }
    open override var summaryArgument: String {
        get { fields.summaryArgument }
        set { fields.summaryArgument = newValue }
    }
    open override var summaryArgumentCount: Int {
        get { fields.summaryArgumentCount }
        set { fields.summaryArgumentCount = newValue }
    }
    open override var targetContentIdentifier: String? {
        get { fields.targetContentIdentifier }
        set { fields.targetContentIdentifier = newValue }
    }
    open override var interruptionLevel: UNNotificationInterruptionLevel {
        get { fields.interruptionLevel }
        set { fields.interruptionLevel = newValue }
    }
    open override var relevanceScore: Double {
        get { fields.relevanceScore }
        set { fields.relevanceScore = newValue }
    }
    open override var filterCriteria: String? {
        get { fields.filterCriteria }
        set { fields.filterCriteria = newValue }
    }
}
