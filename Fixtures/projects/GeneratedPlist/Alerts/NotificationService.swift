import UserNotifications

/// A target whose Info.plist Xcode generates (GENERATE_INFOPLIST_FILE) from its settings
/// (INFOPLIST_KEY_*), merged with the file that holds only NSExtension.
class NotificationService: UNNotificationServiceExtension {
    override func didReceive(_ request: UNNotificationRequest, withContentHandler contentHandler: @escaping (UNNotificationContent) -> Void) {
        let content = request.content.mutableCopy() as! UNMutableNotificationContent
        let info = Bundle.main.infoDictionary ?? [:]
        let keys = ["CFBundleDisplayName", "CFBundleExecutable", "CFBundleIdentifier", "CFBundleShortVersionString",
                    "CFBundleVersion", "NSHumanReadableCopyright"]
        content.body = keys.map { "\($0)=\(info[$0] as? String ?? "-")" }.joined(separator: ";")
        contentHandler(content)
    }
}
