import Foundation
import NSESimCenter

/// A trigger that delivers a local notification at a date and time.
open class UNCalendarNotificationTrigger: UNNotificationTrigger {
    /// The components to match (in their `calendar` and `timeZone` when given).
    public let dateComponents: DateComponents

    /// A trigger firing at the next date matching `dateComponents` (and at each one after
    /// that when `repeats`).
    public init(dateMatching dateComponents: DateComponents, repeats: Bool) {
        self.dateComponents = dateComponents
        super.init(repeats: repeats)
    }

    /// The next date matching the components after now, in their calendar and time zone.
    open func nextTriggerDate() -> Date? {
        var components = dateComponents
        return CenterTrigger.nextDate(after: Date(), matching: &components)
    }

    @_spi(NSESim) open override var centerTrigger: CenterTrigger? {
        let components = dateComponents
        let pairs: [(String, Int?)] = [("era", components.era), ("year", components.year), ("month", components.month),
                                       ("day", components.day), ("hour", components.hour), ("minute", components.minute),
                                       ("second", components.second), ("weekday", components.weekday),
                                       ("weekdayOrdinal", components.weekdayOrdinal), ("weekOfMonth", components.weekOfMonth),
                                       ("weekOfYear", components.weekOfYear), ("yearForWeekOfYear", components.yearForWeekOfYear),
                                       ("nanosecond", components.nanosecond)]
        var values: [String: Int] = [:]
        for case let (name, value?) in pairs { values[name] = value }
        return .calendar(components: values, timeZone: components.timeZone?.identifier, repeats: repeats)
    }

    open override var description: String {
        "<UNCalendarNotificationTrigger: repeats: \(repeats ? "YES" : "NO"), dateComponents: \(dateComponents)>"
    }
}
