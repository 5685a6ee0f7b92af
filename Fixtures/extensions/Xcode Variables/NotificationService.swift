import UserNotifications

/// Reads its Info.plist as real extensions do (the app group from a build setting, the
/// version strings) and reports what it found in the body.
class NotificationService: UNNotificationServiceExtension {
    override func didReceive(_ request: UNNotificationRequest, withContentHandler contentHandler: @escaping (UNNotificationContent) -> Void) {
        let content = request.content.mutableCopy() as! UNMutableNotificationContent
        let info = Bundle.main.infoDictionary ?? [:]
        let keys = ["AppGroupIdentifier", "CFBundleDevelopmentRegion", "CFBundleExecutable", "CFBundleIdentifier",
                    "CFBundleName", "CFBundlePackageType", "CFBundleShortVersionString", "CFBundleVersion"]
        content.body = keys.map { "\($0)=\(info[$0] as? String ?? "-")" }.joined(separator: ";")
        contentHandler(content)
    }
}
