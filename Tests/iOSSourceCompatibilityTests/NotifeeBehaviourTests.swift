import Foundation
import Testing
import UserNotifications

/// Notifee's helper without a network: the notification rebuilt from notifee_options.
@Suite struct NotifeeBehaviourTests {
    func deliver(_ userInfo: [AnyHashable: Any], to service: UNNotificationServiceExtension) async -> UNNotificationContent {
        let content = UNMutableNotificationContent()
        content.title = "A new message"
        content.body = "Open the app to read it"
        content.userInfo = userInfo
        let request = UNNotificationRequest(identifier: "n-1", content: content, trigger: nil)
        return await withCheckedContinuation { (continuation: CheckedContinuation<UNNotificationContent, Never>) in
            service.didReceive(request) { continuation.resume(returning: $0) }
        }
    }

    @Test func theOptionsMakeTheNotification() async {
        let delivered = await deliver(
            [
                "notifee_options": [
                    "title": "Ada", "data": ["k": "v"],
                    "ios": ["categoryId": "reply", "badgeCount": 2, "sound": "default"],
                ]
            ],
            to: NotifeeNotificationService())
        #expect(delivered.title == "Ada" && delivered.body == "Open the app to read it")
        #expect(delivered.categoryIdentifier == "reply" && delivered.badge == 2 && delivered.sound != nil)
        #expect(delivered.userInfo["k"] as? String == "v")
        let options = delivered.userInfo["__notifee_notification"] as? [AnyHashable: Any]
        #expect(options?["id"] as? String == "n-1" && options?["remote"] as? Bool == true)
    }

    @Test func aPublicAppsRewriteReachesTheHelper() async {
        let delivered = await deliver(["sender": "Grace"], to: NotifeeNotificationService())
        #expect(delivered.title == "Grace" && delivered.threadIdentifier == "Grace")
    }

    @Test func withoutOptionsTheContentIsDeliveredAsItIs() async {
        let delivered = await deliver(["other": 1], to: NotifeeLegacyNotificationService())
        #expect(delivered.title == "A new message" && delivered.userInfo["other"] as? Int == 1)
    }
}
