import BatchExtension
import Foundation
import Testing
import UserNotifications

/// Batch's extension SDK as the iOS samples above call it, on pushes that need no download
/// (the downloads run end to end in the replay cases, Fixtures/cases/sdks/batch-*).
@Suite struct BatchBehaviourTests {
    private func request(_ userInfo: [AnyHashable: Any]) -> UNNotificationRequest {
        let content = UNMutableNotificationContent()
        content.title = "Digest"
        content.userInfo = userInfo
        return UNNotificationRequest(identifier: "batch-1", content: content, trigger: nil)
    }

    @Test func dropInDeliversAPushWithoutRichContentAsItCame() async {
        let delivered = await withCheckedContinuation { (continuation: CheckedContinuation<UNNotificationContent, Never>) in
            BatchDropInNotificationService().didReceive(request(["com.batch": ["i": "x"]])) { continuation.resume(returning: $0) }
        }
        #expect(delivered.title == "Digest")
        #expect(delivered.attachments.isEmpty)
    }

    @Test func helperReportsNoRichDataAndKeepsTheExtensionsChanges() async {
        let service = BatchHelperNotificationService()
        let delivered = await withCheckedContinuation { (continuation: CheckedContinuation<UNNotificationContent, Never>) in
            service.didReceive(request(["aps": ["mutable-content": 1]])) { continuation.resume(returning: $0) }
        }
        #expect(delivered.title == "[Batch] Digest")
        #expect((service.lastError as? RichDataError).map { "\($0)" } == "noRichDataFound")
        #expect((service.lastError as NSError?)?.domain == "com.batch.extension.richnotificationhelper")
        #expect(RichNotificationHelper.allowInLowDataMode)
    }

    @Test func anUnparsableURLIsAnInvalidPayload() async {
        let service = BatchHelperNotificationService()
        _ = await withCheckedContinuation { (continuation: CheckedContinuation<UNNotificationContent, Never>) in
            service.didReceive(request(["com.batch": ["at": ["u": "", "t": "public.jpeg"]]])) {
                continuation.resume(returning: $0)
            }
        }
        #expect((service.lastError as? RichDataError).map { "\($0)" } == "invalidRichDataPayload")
    }
}
