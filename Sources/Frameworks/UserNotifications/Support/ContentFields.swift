/// The stored properties of a notification's content, kept as one value so that a copy
/// is one assignment and a mutable copy cannot share state with its original.
struct ContentFields {
    var attachments: [UNNotificationAttachment] = []
    var badge: NSNumber?
    var body = ""
    var categoryIdentifier = ""
    var launchImageName = ""
    var sound: UNNotificationSound?
    var subtitle = ""
    var threadIdentifier = ""
    var title = ""
    var userInfo: [AnyHashable: Any] = [:]
    var summaryArgument = ""
    var summaryArgumentCount = 0
    var targetContentIdentifier: String?
    var interruptionLevel: UNNotificationInterruptionLevel = .active
    var relevanceScore: Double = 0
    var filterCriteria: String?
    /// Set by `updating(from:)`: the communication an intent provided.
    var communication: [String: String]?
}
