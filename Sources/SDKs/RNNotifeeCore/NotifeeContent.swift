import Foundation
import UserNotifications

/// The content Notifee builds from a notification's options (`NotifeeCore
/// buildNotificationContent:withTrigger:` for a remote notification: attachments are the
/// extension helper's).
enum NotifeeContent {
    static func build(from options: [AnyHashable: Any]) -> UNMutableNotificationContent {
        let ios = options["ios"] as? [AnyHashable: Any] ?? [:]
        let content = UNMutableNotificationContent()
        if let title = options["title"] as? String { content.title = title }
        if let subtitle = options["subtitle"] as? String { content.subtitle = subtitle }
        if let body = options["body"] as? String { content.body = body }
        var userInfo = options["data"] as? [AnyHashable: Any] ?? [:]
        userInfo["__notifee_notification"] = options
        content.userInfo = userInfo
        content.badge = ios["badgeCount"] as? NSNumber
        if let category = ios["categoryId"] as? String { content.categoryIdentifier = category }
        if let launchImage = ios["launchImageName"] as? String { content.launchImageName = launchImage }
        switch ios["interruptionLevel"] as? String {
        case "passive": content.interruptionLevel = .passive
        case "active": content.interruptionLevel = .active
        case "timeSensitive": content.interruptionLevel = .timeSensitive
        case "critical": content.interruptionLevel = .critical
        default: break
        }
        content.sound = sound(ios)
        if let thread = ios["threadId"] as? String { content.threadIdentifier = thread }
        if let summary = ios["summaryArgument"] as? String { content.summaryArgument = summary }
        if let count = ios["summaryArgumentCount"] as? NSNumber { content.summaryArgumentCount = count.intValue }
        if let target = ios["targetContentId"] as? String { content.targetContentIdentifier = target }
        return content
    }

    /// `ios.sound` ("default" or a file name), critical when `ios.critical` is true (with
    /// `ios.criticalVolume`); nil without either.
    private static func sound(_ ios: [AnyHashable: Any]) -> UNNotificationSound? {
        let name = ios["sound"] as? String
        if let critical = (ios["critical"] as? NSNumber)?.boolValue {
            let soundName = name ?? "default"
            let volume = (ios["criticalVolume"] as? NSNumber)?.floatValue
            switch (soundName == "default", critical, volume) {
            case (true, false, _): return .default
            case (true, true, nil): return .defaultCritical
            case (true, true, let volume?): return .defaultCriticalSound(withAudioVolume: volume)
            case (false, false, _): return UNNotificationSound(named: UNNotificationSoundName(soundName))
            case (false, true, nil): return .criticalSoundNamed(UNNotificationSoundName(soundName))
            case (false, true, let volume?): return .criticalSoundNamed(UNNotificationSoundName(soundName), withAudioVolume: volume)
            }
        }
        guard let name else { return nil }
        return name == "default" ? .default : UNNotificationSound(named: UNNotificationSoundName(name))
    }
}
