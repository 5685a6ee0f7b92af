import Foundation

/// A type of notification the app handles: its actions (the buttons iOS shows when the
/// notification is expanded) and options. The app or an extension registers categories with
/// ``UNUserNotificationCenter/setNotificationCategories(_:)``; a notification names its
/// category with `categoryIdentifier` (`aps.category`).
open class UNNotificationCategory: NSObject, NSCopying, @unchecked Sendable {
    /// The identifier notifications name.
    open private(set) var identifier: String
    /// The actions, in the order iOS shows them.
    open private(set) var actions: [UNNotificationAction]
    /// The intents (`INSendMessageIntent`, ...) the category stands for.
    open private(set) var intentIdentifiers: [String]
    /// How its notifications are handled.
    open private(set) var options: UNNotificationCategoryOptions
    /// What stands in for the body when previews are hidden.
    open private(set) var hiddenPreviewsBodyPlaceholder: String
    /// The summary of a group of this category's notifications, e.g. "%u more messages".
    open private(set) var categorySummaryFormat: String

    /// A category with its actions and options.
    public convenience init(
        identifier: String, actions: [UNNotificationAction], intentIdentifiers: [String],
        options: UNNotificationCategoryOptions = []
    ) {
        self.init(
            identifier: identifier, actions: actions, intentIdentifiers: intentIdentifiers,
            hiddenPreviewsBodyPlaceholder: "", categorySummaryFormat: "", options: options)
    }

    /// A category with a placeholder for hidden previews.
    public convenience init(
        identifier: String, actions: [UNNotificationAction], intentIdentifiers: [String],
        hiddenPreviewsBodyPlaceholder: String, options: UNNotificationCategoryOptions = []
    ) {
        self.init(
            identifier: identifier, actions: actions, intentIdentifiers: intentIdentifiers,
            hiddenPreviewsBodyPlaceholder: hiddenPreviewsBodyPlaceholder, categorySummaryFormat: "", options: options)
    }

    /// A category with a placeholder for hidden previews and a summary format.
    public init(
        identifier: String, actions: [UNNotificationAction], intentIdentifiers: [String],
        hiddenPreviewsBodyPlaceholder: String?, categorySummaryFormat: String?,
        options: UNNotificationCategoryOptions = []
    ) {
        self.identifier = identifier
        self.actions = actions
        self.intentIdentifiers = intentIdentifiers
        self.options = options
        self.hiddenPreviewsBodyPlaceholder = hiddenPreviewsBodyPlaceholder ?? ""
        self.categorySummaryFormat = categorySummaryFormat ?? ""
        super.init()
    }

    open func copy(with zone: NSZone? = nil) -> Any { self }

    open override func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? UNNotificationCategory else { return false }
        return jsonValue == other.jsonValue
    }

    open override var hash: Int { identifier.hashValue }

    open override var description: String {
        "<UNNotificationCategory: identifier: \(identifier), actions: \(actions.map(\.identifier)), options: \(options.names)>"
    }
}
