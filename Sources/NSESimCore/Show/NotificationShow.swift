import Foundation
import NSESimBuild
import NSESimCenter
import NSESimHost
import NSESimPayload
import NSESimRuntime
import UserNotifications

/// A notification taken the rest of its path (docs/behaviour.md#content-extensions): delivered (through the
/// service extension when one is given), then long-pressed: the content extension whose
/// `UNNotificationExtensionCategory` matches the delivered category draws it, and the
/// user's steps play on it. `nsesim show` and replay cases with `show` make these.
package struct NotificationShow {
    /// The width iOS gives an expanded notification on an iPhone 15: the 393 pt screen less
    /// 8 pt on each side.
    package static let platterWidth = 377.0
    /// How many actions iOS shows under an expanded notification (docs/behaviour.md#categories-and-actions).
    package static let shownActionLimit = 4

    /// The delivery: the service extension's run, or the payload's content as it is.
    package var delivery: NotificationRun
    /// Whether a service extension ran first.
    package var serviceExtensionRan: Bool
    /// The content extension as given (`--extension`, or the project's target).
    package var contentExtension: String
    /// Its build warnings.
    package var buildWarnings: [String] = []
    /// Its Info.plist's attributes.
    package var attributes: ContentExtensionAttributes?
    /// The delivered content's category ("" when none).
    package var category: String
    /// The registered category (the center's, or `--categories`), when there is one.
    package var registeredCategory: JSONValue?
    /// What the extension did; nil when it does not draw the category (the default interface).
    package var result: ContentExtensionResult?
    /// The app's name, for the header.
    package var appName: String
    /// What iOS would say: no category, no match, too many actions.
    package var warnings: [String] = []

    /// Whether the content extension drew the notification.
    package var matched: Bool { result != nil }

    /// The category's actions, in order.
    package var registeredActions: [JSONValue] { registeredCategory?["actions"]?.arrayValue ?? [] }

    /// The category's options (`customDismissAction`, ...).
    package var categoryOptions: [String] { (registeredCategory?["options"]?.arrayValue ?? []).compactMap(\.stringValue) }

    /// The arguments of the `present` call.
    static func presentArguments(delivery: NotificationRun, actions: [JSONValue], ratio: Double, date: Date) -> JSONValue {
        .object([
            "identifier": .string(delivery.payload.request.identifier),
            "content": delivery.deliveredContent,
            "date": .double(date.timeIntervalSince1970),
            "width": .double(platterWidth),
            "ratio": .double(ratio),
            "actions": .array(actions),
        ])
    }

    /// Shows `delivery` with the content extension `input` (built by `builder`), playing
    /// `steps`; `categories` are registrations given besides the app's center.
    package static func show(
        delivery: NotificationRun, serviceExtensionRan: Bool, contentExtension input: ExtensionInput,
        builder: ExtensionBuilder, environment: [String: String], center: CenterStore,
        categories: [JSONValue], steps: [ContentExtensionStep], appName: String,
        timeout: Duration = .seconds(10)
    ) async throws(ExtensionError) -> NotificationShow {
        let built = try await builder.prepare(input)
        guard built.point == .content else {
            throw .wrongExtensionPoint(
                path: input.name, found: built.point.name, expected: ExtensionPoint.content.name,
                fix: "give the content extension with --extension (or --project … --target), and the "
                    + "service extension with --service-extension")
        }
        let attributes = try Self.attributes(of: built)
        let category = delivery.deliveredContent["categoryIdentifier"]?.stringValue ?? ""
        var registered = (try? center.categories()) ?? [:]
        for given in categories {
            if let identifier = given["identifier"]?.stringValue { registered[identifier] = given }
        }
        var show = NotificationShow(
            delivery: delivery, serviceExtensionRan: serviceExtensionRan, contentExtension: input.name,
            buildWarnings: built.warnings, attributes: attributes, category: category,
            registeredCategory: registered[category], result: nil, appName: appName)
        guard !category.isEmpty, attributes.draws(category: category) else {
            show.warnings.append(
                category.isEmpty
                    ? "the delivered notification has no category (aps.category or content.categoryIdentifier), so no content "
                        + "extension draws it: iOS shows the default interface; set the category to one of "
                        + attributes.categories.joined(separator: ", ")
                    : "no content extension draws the category \"\(category)\" (\(input.name) draws "
                        + "\(attributes.categories.joined(separator: ", ")) in UNNotificationExtensionCategory): iOS shows the "
                        + "default interface; add \"\(category)\" to UNNotificationExtensionCategory, or set another category")
            return show
        }
        if show.registeredCategory == nil {
            show.warnings.append(
                "the category \"\(category)\" is not registered (setNotificationCategories, or --categories "
                    + "FILE): iOS shows no action buttons under the interface")
        }
        if show.registeredActions.count > shownActionLimit {
            show.warnings.append(
                "the category \"\(category)\" has \(show.registeredActions.count) actions: iOS shows the first "
                    + "\(shownActionLimit) under an expanded notification")
        }
        var session = ContentExtensionSession(built: built, toolchain: builder.toolchain, environment: environment)
        session.timeout = timeout
        let date = Date()
        show.result = await session.run(
            presentArguments: presentArguments(
                delivery: delivery, actions: Array(show.registeredActions.prefix(shownActionLimit)),
                ratio: attributes.initialContentSizeRatio, date: date),
            steps: steps)
        return show
    }

    /// The attributes in the built bundle's Info.plist.
    private static func attributes(of built: BuiltExtension) throws(ExtensionError) -> ContentExtensionAttributes {
        guard let bundle = built.bundleDirectory else {
            throw .wrongExtensionPoint(
                path: built.library.path, found: "library without its bundle", expected: "content extension",
                fix: "give the extension's folder (its Info.plist says which categories it draws)")
        }
        let plist = bundle.appendingPathComponent("Info.plist")
        let written = try ExtensionInfo.written(at: plist)
        return try ContentExtensionAttributes(
            (written["NSExtension"] as? [String: Any])?["NSExtensionAttributes"] as? [String: Any],
            path: plist.path)
    }
}
