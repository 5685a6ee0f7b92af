import Foundation
import Testing
import UserNotifications

/// Notificare's helper as its sample (Plugins-Examples/SDKs/NotificareNotificationService,
/// run end to end by the replay cases) and the async form above call it, on pushes that need
/// no download.
@Suite struct NotificareBehaviourTests {
    private func request(_ userInfo: [AnyHashable: Any]) -> UNNotificationRequest {
        let content = UNMutableNotificationContent()
        content.title = "Gate change"
        content.userInfo = userInfo
        return UNNotificationRequest(identifier: "n-1", content: content, trigger: nil)
    }

    @Test func noAttachmentGivesTheContentAsItCame() async {
        let service = NotificareAsyncNotificationService()
        let delivered = await withCheckedContinuation { (continuation: CheckedContinuation<UNNotificationContent, Never>) in
            service.didReceive(request(["id": "x"])) { continuation.resume(returning: $0) }
        }
        #expect(delivered.title == "Gate change")
        #expect(delivered.attachments.isEmpty)
        #expect(service.lastError == nil)
    }

    @Test func anUnparsableURIIsInvalidUrl() async {
        let service = NotificareAsyncNotificationService()
        _ = await withCheckedContinuation { (continuation: CheckedContinuation<UNNotificationContent, Never>) in
            service.didReceive(request(["attachment": ["uri": ""]])) { continuation.resume(returning: $0) }
        }
        #expect(service.lastError.map { "\($0)" } == "invalidUrl")
    }
}
