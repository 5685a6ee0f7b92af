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

    @_spi(NSESim) open override var centerTrigger: CenterTrigger? { .calendar(dateComponents, repeats: repeats) }

    open override var description: String {
        "<UNCalendarNotificationTrigger: repeats: \(repeats ? "YES" : "NO"), dateComponents: \(dateComponents)>"
    }
}
