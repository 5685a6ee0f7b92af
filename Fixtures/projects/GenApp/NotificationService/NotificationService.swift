import Foundation
import UserNotifications
import GenKit
import GenGreeting

/// An XcodeGen target: its sources, settings (a group, base and Debug), the Info.plist that
/// info: properties describe, the entitlements' app group, a framework target and a local package.
class NotificationService: UNNotificationServiceExtension {
    override func didReceive(_ request: UNNotificationRequest, withContentHandler contentHandler: @escaping (UNNotificationContent) -> Void) {
        let content = request.content.mutableCopy() as! UNMutableNotificationContent
        var flags: [String] = []
        #if BASE_XCCONFIG
        flags.append("BASE_XCCONFIG")
        #endif
        #if GEN_NSE
        flags.append("GEN_NSE")
        #endif
        #if GEN_DEBUG
        flags.append("GEN_DEBUG")
        #endif
        let style = Bundle.main.object(forInfoDictionaryKey: "GreetingStyle") as? String ?? "-"
        let group = FileManager.default.containerURL(forSecurityApplicationGroupIdentifier: "group.com.acme.gen") != nil
        content.title = GenKit.badge(content.title)
        content.subtitle = GenGreeting.greet(style: style)
        content.body = "flags=\(flags.joined(separator: ","));group=\(group);version=\(Bundle.main.object(forInfoDictionaryKey: "CFBundleShortVersionString") as? String ?? "-")"
        contentHandler(content)
    }
}
