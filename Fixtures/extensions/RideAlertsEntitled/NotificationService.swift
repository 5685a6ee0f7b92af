import UserNotifications

/// A ride-hailing extension: the driver's arrival keeps the payload's time-sensitive level,
/// and an emergency from the server is raised to critical, as apps write it (iOS 15). Whether
/// iOS honours the levels depends on the target's entitlements, not on this code.
class NotificationService: UNNotificationServiceExtension {
    override func didReceive(_ request: UNNotificationRequest, withContentHandler contentHandler: @escaping (UNNotificationContent) -> Void) {
        guard let content = request.content.mutableCopy() as? UNMutableNotificationContent else {
            contentHandler(request.content)
            return
        }
        if request.content.userInfo["severity"] as? String == "emergency" {
            content.interruptionLevel = .critical
            content.title = "Emergency: \(content.title)"
        }
        content.subtitle = "requested \(Self.name(of: content.interruptionLevel))"
        contentHandler(content)
    }

    static func name(of level: UNNotificationInterruptionLevel) -> String {
        switch level {
        case .passive: return "passive"
        case .active: return "active"
        case .timeSensitive: return "time-sensitive"
        case .critical: return "critical"
        @unknown default: return "unknown"
        }
    }
}
