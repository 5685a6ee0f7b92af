import Foundation
import Testing
import UserNotifications

/// MoEngage's helper without a network: what it delivers for a push that is not MoEngage's,
/// one without media and one whose media URL it cannot download.
@Suite struct MoEngageBehaviourTests {
    func deliver(_ userInfo: [AnyHashable: Any], to service: UNNotificationServiceExtension) async -> UNNotificationContent {
        let content = UNMutableNotificationContent()
        content.title = "Weekend deals"
        content.userInfo = userInfo
        let request = UNNotificationRequest(identifier: "m", content: content, trigger: nil)
        return await withCheckedContinuation { (continuation: CheckedContinuation<UNNotificationContent, Never>) in
            let once = NSLock()
            var resumed = false
            service.didReceive(request) { delivered in
                let first = once.withLock { () -> Bool in
                    defer { resumed = true }
                    return !resumed
                }
                if first { continuation.resume(returning: delivered) }
            }
        }
    }

    @Test func anotherVendorsPushIsDeliveredUnchanged() async {
        let delivered = await deliver(["fcm_options": ["image": "https://example.com/a.jpg"]], to: MoEngageLegacyNotificationService())
        #expect(delivered.title == "Weekend deals" && delivered.attachments.isEmpty)
    }

    @Test func aPushWithoutMediaIsDelivered() async {
        let delivered = await deliver(["moengage": ["cid": "c1", "app_id": "A1"]], to: MoEngageNotificationService())
        #expect(delivered.title == "Weekend deals" && delivered.attachments.isEmpty)
    }

    @Test func aMediaURLItCannotDownloadIsLeftOut() async {
        let delivered = await deliver(
            ["moengage": ["cid": "c1", "media-attachment": "ftp://example.com/a.jpg", "media-type": "image"]],
            to: MoEngageNotificationService())
        #expect(delivered.title == "Weekend deals" && delivered.attachments.isEmpty)
    }
}
