/// How notifications of a category are handled.
public struct UNNotificationCategoryOptions: OptionSet, Sendable, Hashable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }

    /// The app's delegate hears when the user dismisses the notification.
    public static let customDismissAction = UNNotificationCategoryOptions(rawValue: 1 << 0)
    /// Shown in CarPlay.
    public static let allowInCarPlay = UNNotificationCategoryOptions(rawValue: 1 << 1)
    /// The title shows even when previews are hidden.
    public static let hiddenPreviewsShowTitle = UNNotificationCategoryOptions(rawValue: 1 << 2)
    /// The subtitle shows even when previews are hidden.
    public static let hiddenPreviewsShowSubtitle = UNNotificationCategoryOptions(rawValue: 1 << 3)
    /// Siri may read it aloud (deprecated on iOS 15).
    public static let allowAnnouncement = UNNotificationCategoryOptions(rawValue: 1 << 4)

    /// The names of the options set, for reports.
    var names: [String] {
        [
            (Self.customDismissAction, "customDismissAction"), (.allowInCarPlay, "allowInCarPlay"),
            (.hiddenPreviewsShowTitle, "hiddenPreviewsShowTitle"), (.hiddenPreviewsShowSubtitle, "hiddenPreviewsShowSubtitle"),
            (.allowAnnouncement, "allowAnnouncement"),
        ].filter { contains($0.0) }.map(\.1)
    }

    init(names: [String]) {
        let all: [String: UNNotificationCategoryOptions] = [
            "customDismissAction": .customDismissAction, "allowInCarPlay": .allowInCarPlay,
            "hiddenPreviewsShowTitle": .hiddenPreviewsShowTitle, "hiddenPreviewsShowSubtitle": .hiddenPreviewsShowSubtitle,
            "allowAnnouncement": .allowAnnouncement,
        ]
        self = names.reduce(into: []) { $0.formUnion(all[$1] ?? []) }
    }
}

extension UNNotificationActionOptions {
    init(names: [String]) {
        let all: [String: UNNotificationActionOptions] = [
            "authenticationRequired": .authenticationRequired, "destructive": .destructive, "foreground": .foreground,
        ]
        self = names.reduce(into: []) { $0.formUnion(all[$1] ?? []) }
    }
}
