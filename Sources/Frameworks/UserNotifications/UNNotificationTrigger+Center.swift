import Foundation
import NSESimCenter
import NSESimRuntime

extension UNNotificationTrigger {
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
