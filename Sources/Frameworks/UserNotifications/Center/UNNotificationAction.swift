import Foundation

/// A button of a notification: the app's delegate (or a content extension) hears which was
/// tapped. Actions belong to a ``UNNotificationCategory``.
open class UNNotificationAction: NSObject, NSCopying, @unchecked Sendable {
    /// The identifier the app's response handler receives.
    open private(set) var identifier: String
    /// The button's title.
    open private(set) var title: String
    /// How it behaves.
    open private(set) var options: UNNotificationActionOptions
    /// The image beside the title (iOS 15).
    open private(set) var icon: UNNotificationActionIcon?

    /// An action with a title and options.
    public init(identifier: String, title: String, options: UNNotificationActionOptions = []) {
        self.identifier = identifier
        self.title = title
        self.options = options
        self.icon = nil
        super.init()
    }

    /// An action with a title, options and an icon.
    public init(identifier: String, title: String, options: UNNotificationActionOptions = [], icon: UNNotificationActionIcon?) {
        self.identifier = identifier
        self.title = title
        self.options = options
        self.icon = icon
        super.init()
    }

    open func copy(with zone: NSZone? = nil) -> Any { self }

    open override func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? UNNotificationAction else { return false }
        return jsonValue == other.jsonValue
    }

    open override var hash: Int { identifier.hashValue }

    open override var description: String {
        "<\(type(of: self)): identifier: \(identifier), title: \(title), options: \(options.names)>"
    }
}

/// An action whose button opens a text field; the response carries the typed text.
open class UNTextInputNotificationAction: UNNotificationAction, @unchecked Sendable {
    /// The send button's title.
    open private(set) var textInputButtonTitle: String
    /// The placeholder of the text field.
    open private(set) var textInputPlaceholder: String

    /// A text-input action.
    public init(
        identifier: String, title: String, options: UNNotificationActionOptions = [],
        textInputButtonTitle: String, textInputPlaceholder: String
    ) {
        self.textInputButtonTitle = textInputButtonTitle
        self.textInputPlaceholder = textInputPlaceholder
        super.init(identifier: identifier, title: title, options: options)
    }

    /// A text-input action with an icon.
    public init(
        identifier: String, title: String, options: UNNotificationActionOptions = [], icon: UNNotificationActionIcon?,
        textInputButtonTitle: String, textInputPlaceholder: String
    ) {
        self.textInputButtonTitle = textInputButtonTitle
        self.textInputPlaceholder = textInputPlaceholder
        super.init(identifier: identifier, title: title, options: options, icon: icon)
    }
}
