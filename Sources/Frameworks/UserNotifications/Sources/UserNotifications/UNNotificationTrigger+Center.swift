import Foundation
import NSESimCenter
import NSESimRuntime

extension UNNotificationTrigger {
    /// The trigger in the center's form (``CenterTrigger``); nil for a push trigger.
    @_spi(NSESim) public var centerTrigger: CenterTrigger? {
        switch self {
        case let trigger as UNTimeIntervalNotificationTrigger:
            return .timeInterval(trigger.timeInterval, repeats: trigger.repeats)
        case let trigger as UNCalendarNotificationTrigger:
            let components = trigger.dateComponents
            let pairs: [(String, Int?)] = [("era", components.era), ("year", components.year), ("month", components.month),
                                           ("day", components.day), ("hour", components.hour), ("minute", components.minute),
                                           ("second", components.second), ("weekday", components.weekday),
                                           ("weekdayOrdinal", components.weekdayOrdinal), ("weekOfMonth", components.weekOfMonth),
                                           ("weekOfYear", components.weekOfYear), ("yearForWeekOfYear", components.yearForWeekOfYear),
                                           ("nanosecond", components.nanosecond)]
            var values: [String: Int] = [:]
            for case let (name, value?) in pairs { values[name] = value }
            return .calendar(components: values, timeZone: components.timeZone?.identifier, repeats: trigger.repeats)
        default:
            return nil
        }
    }

    /// The trigger a stored one stands for; nil for one nsesim cannot read.
    @_spi(NSESim) public static func from(center value: JSONValue) -> UNNotificationTrigger? {
        switch try? CenterTrigger(jsonValue: value) {
        case .timeInterval(let interval, let repeats):
            return UNTimeIntervalNotificationTrigger(timeInterval: interval, repeats: repeats)
        case .calendar(_, _, let repeats)?:
            guard let components = (try? CenterTrigger(jsonValue: value))?.dateComponents else { return nil }
            return UNCalendarNotificationTrigger(dateMatching: components, repeats: repeats)
        default:
            return nil
        }
    }
}
