import Foundation

/// What a content extension's Info.plist says under `NSExtension > NSExtensionAttributes`
/// (docs/behaviour.md#content-extensions): which categories it draws, and how iOS sizes and titles it.
package struct ContentExtensionAttributes: Sendable, Equatable {
    /// `UNNotificationExtensionCategory`: a string or an array of strings.
    package var categories: [String]
    /// `UNNotificationExtensionInitialContentSizeRatio`: the height as a fraction of the width
    /// before the view controller sets `preferredContentSize` (Xcode's template writes 1).
    package var initialContentSizeRatio: Double
    /// `UNNotificationExtensionDefaultContentHidden`: iOS hides the title, subtitle and body
    /// under the interface.
    package var defaultContentHidden: Bool
    /// `UNNotificationExtensionOverridesDefaultTitle`: the header shows the view controller's
    /// `title` instead of the app's name.
    package var overridesDefaultTitle: Bool
    /// `UNNotificationExtensionUserInteractionEnabled`: touches reach the interface (iOS 12).
    package var userInteractionEnabled: Bool

    /// The attributes of the `NSExtensionAttributes` dictionary; `path` names the Info.plist in
    /// errors.
    package init(_ attributes: [String: Any]?, path: String) throws(ExtensionError) {
        let written = attributes?["UNNotificationExtensionCategory"]
        if let one = written as? String, !one.isEmpty {
            categories = [one]
        } else if let many = written as? [Any], !many.isEmpty, let strings = many as? [String], strings.allSatisfy({ !$0.isEmpty }) {
            categories = strings
        } else {
            throw .badInfoPlist(
                path: path,
                message: "NSExtensionAttributes has no UNNotificationExtensionCategory (a string, or "
                    + "an array of strings): iOS shows a content extension only for the categories it names; add the category "
                    + "identifier your notifications carry (aps.category, or content.categoryIdentifier)")
        }
        let ratio = attributes?["UNNotificationExtensionInitialContentSizeRatio"]
        if ratio == nil {
            initialContentSizeRatio = 1
        } else if let number = Self.number(ratio), number > 0 {
            initialContentSizeRatio = number
        } else {
            throw .badInfoPlist(
                path: path,
                message: "UNNotificationExtensionInitialContentSizeRatio is not a number above 0 "
                    + "(it is the height divided by the width, e.g. 1 or 0.5)")
        }
        defaultContentHidden = Self.flag(attributes?["UNNotificationExtensionDefaultContentHidden"])
        overridesDefaultTitle = Self.flag(attributes?["UNNotificationExtensionOverridesDefaultTitle"])
        userInteractionEnabled = Self.flag(attributes?["UNNotificationExtensionUserInteractionEnabled"])
    }

    /// Whether this extension draws notifications of `category`.
    package func draws(category: String) -> Bool { categories.contains(category) }

    private static func number(_ value: Any?) -> Double? {
        switch value {
        case let number as NSNumber: number.doubleValue
        case let double as Double: double
        case let int as Int: Double(int)
        case let text as String: Double(text)
        default: nil
        }
    }

    private static func flag(_ value: Any?) -> Bool {
        switch value {
        case let bool as Bool: bool
        case let number as NSNumber: number.boolValue
        case let text as String: ["yes", "true", "1"].contains(text.lowercased())
        default: false
        }
    }
}
