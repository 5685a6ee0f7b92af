import NSESimRuntime

extension ShowReport {
    /// The `contentExtension` section: which extension, whether its category matched, its
    /// Info.plist attributes, the interface after `didReceive(_:)`, each step's answer.
    /// Without a match the default interface is shown: the same keys, empty, and
    /// `interface` says `default`.
    package struct ContentExtension: Codable, Sendable, Equatable {
        /// The content extension as given (`--extension`, or the project's target).
        package var extensionPath: String
        /// The delivered content's category ("" when none).
        package var category: String
        /// The categories its Info.plist draws (`UNNotificationExtensionCategory`).
        package var categories: [String]
        /// Whether it draws the delivered category.
        package var matched: Bool
        package var buildWarnings: [String]
        /// Its Info.plist's attributes (when it has an Info.plist).
        package var attributes: Attributes?
        /// How many actions iOS shows, in words.
        package var actionsRule: String
        /// The category's actions as the app registered them.
        package var registeredActions: [JSONValue]
        /// `default` when the extension did not draw the notification.
        package var interface: String?
        /// The title in the header.
        package var titleShown: String
        /// `UNNotificationExtensionDefaultContentHidden` (when the extension drew it).
        package var defaultContentHidden: Bool?
        /// The interface after `didReceive(_:)`: views, title, size, media button, calls
        /// (images as their byte count).
        package var presented: JSONValue?
        /// The actions shown under the interface after `didReceive(_:)`.
        package var actionsShown: JSONValue?
        /// Each of the user's steps and the extension's answer.
        package var steps: [Step]
        /// What closed the interface; `null` while it stays (when the extension drew it).
        package var closedBy: Nullable<String>?
        /// What the app's delegate got (`dismissAndForwardAction`).
        package var appDelegate: [JSONValue]
        /// The extension's standard error (when it drew the notification).
        package var log: [String]?
        package var warnings: [String]
        package var errors: [String]
        /// UIKit's image records (when any).
        package var images: [JSONValue]?
        /// The unified-logging entries (when any).
        package var logRecords: [JSONValue]?
        /// The extension process's peak memory (when measured).
        package var peakMemoryBytes: Int64?

        enum CodingKeys: String, CodingKey {
            case extensionPath = "extension"
            case category, categories, matched, buildWarnings, attributes, actionsRule, registeredActions
            case interface, titleShown, defaultContentHidden, presented, actionsShown, steps, closedBy
            case appDelegate, log, warnings, errors, images, logRecords, peakMemoryBytes
        }
    }

    /// The content extension's Info.plist attributes (docs/behaviour.md#content-extensions).
    package struct Attributes: Codable, Sendable, Equatable {
        package var initialContentSizeRatio: Double
        package var defaultContentHidden: Bool
        package var overridesDefaultTitle: Bool
        package var userInteractionEnabled: Bool
    }

    /// One user step and the interface after it.
    package struct Step: Codable, Sendable, Equatable {
        /// The step as played: `{"action": ID}`, `{"action": ID, "userText": T}`,
        /// `{"media": "play"}`, `{"dismiss": true}`.
        package var step: JSONValue
        /// The response option the extension chose (for an action).
        package var option: String?
        /// Whether the extension implements `didReceive(_:completionHandler:)` (for an action).
        package var implemented: JSONValue?
        /// Whether the action goes on to the app's delegate (for an action).
        package var forwardedToApp: Bool?
        /// The interface after the step.
        package var after: JSONValue
    }
}
