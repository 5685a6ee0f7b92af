import Foundation
import Testing
import UserNotifications

/// Pushwoosh's classes as the iOS samples above use them, on pushes that need no download or
/// app group (those run end to end in Fixtures/cases/sdks/pushwoosh-*).
@Suite struct PushwooshBehaviourTests {
    private func request(_ userInfo: [AnyHashable: Any]) -> UNNotificationRequest {
        let content = UNMutableNotificationContent()
        content.title = "Breaking news"
        content.userInfo = userInfo
        return UNNotificationRequest(identifier: "pw-1", content: content, trigger: nil)
    }

    @Test func customisedExtensionPreparesThenDeliversThroughSuper() async {
        let service = PushwooshCustomNotificationService()
        let delivered = await withCheckedContinuation { (continuation: CheckedContinuation<UNNotificationContent, Never>) in
            service.didReceive(request(["pw_msg": "1", "p": "h"])) { continuation.resume(returning: $0) }
        }
        #expect(service.prepared)
        #expect(delivered.subtitle == "via Pushwoosh")
        #expect(delivered.title == "Breaking news")
    }

    @Test func managerDeliversAnotherVendorsPushAsItCame() async {
        let delivered = await withCheckedContinuation { (continuation: CheckedContinuation<UNNotificationContent, Never>) in
            PushwooshManagerNotificationService().didReceive(request(["ab": ["c": "x"]])) { continuation.resume(returning: $0) }
        }
        #expect(delivered.title == "Breaking news")
        #expect(delivered.badge == nil)
    }

    @Test func olderManagerCallLeavesDeliveryToTheExtension() {
        var delivered: [UNNotificationContent] = []
        PushwooshManagerNotificationService().didReceive(request(["pw_msg": "1", "legacy": true])) { delivered.append($0) }
        #expect(delivered.count == 1)
    }
}
