import CoreLocation
import UserNotifications

/// Local notifications as an extension schedules them: a calendar trigger ("every weekday
/// at 08:30" needs one request per weekday), a time-interval trigger, a region trigger
/// (CoreLocation's CLCircularRegion), and, when the push asks
/// for it (`"interval": 30`), a repeating interval under 60 s, which iOS refuses by raising
/// NSInternalInconsistencyException.
class NotificationService: UNNotificationServiceExtension {
    override func didReceive(_ request: UNNotificationRequest, withContentHandler contentHandler: @escaping (UNNotificationContent) -> Void) {
        let content = request.content.mutableCopy() as! UNMutableNotificationContent
        if let interval = request.content.userInfo["interval"] as? Double {
            let trigger = UNTimeIntervalNotificationTrigger(timeInterval: interval, repeats: true)
            content.body = "unreachable: \(trigger)"
            contentHandler(content)
            return
        }
        let center = UNUserNotificationCenter.current()
        var components = DateComponents()
        components.weekday = 2
        components.hour = 8
        components.minute = 30
        components.timeZone = TimeZone(identifier: "Europe/Berlin")
        let calendar = UNCalendarNotificationTrigger(dateMatching: components, repeats: true)
        let reminder = UNMutableNotificationContent()
        reminder.title = "Stand-up"
        reminder.body = "In five minutes"
        center.add(UNNotificationRequest(identifier: "standup-mon", content: reminder, trigger: calendar)) { _ in }
        let later = UNTimeIntervalNotificationTrigger(timeInterval: 600, repeats: false)
        center.add(UNNotificationRequest(identifier: "reply-later", content: reminder, trigger: later)) { _ in }
        let office = CLCircularRegion(center: CLLocationCoordinate2D(latitude: 48.8584, longitude: 2.2945),
                                      radius: 200, identifier: "office")
        office.notifyOnExit = false
        let arrive = UNLocationNotificationTrigger(region: office, repeats: false)
        center.add(UNNotificationRequest(identifier: "office", content: reminder, trigger: arrive)) { _ in }
        let inside = office.contains(CLLocationCoordinate2D(latitude: 48.8585, longitude: 2.2950))
        let next = calendar.nextTriggerDate().map { "\(Calendar(identifier: .gregorian).component(.weekday, from: $0))" } ?? "none"
        content.body = "scheduled; next stand-up weekday \(next); interval \(later.timeInterval); inside \(inside)"
        contentHandler(content)
    }
}
