import NSESimRuntime
@_spi(NSESim) import UserNotifications

extension NotificationReport {
    /// The keys a content object (`request.content`, `delivered`) can hold: every property
    /// of `UNNotificationContent`'s JSON form, `communication` (only there after an intent
    /// update) included. Content stays an open `JSONValue` in the report; replay checks an
    /// expectation's `delivered` keys against these.
    package static let contentKeys: [String] = {
        let updated = try? UNNotificationContent.fromJSON(.object(["communication": .object([:])]))
        return (updated?.jsonValue.objectValue?.keys).map { $0.sorted() } ?? []
    }()
}
