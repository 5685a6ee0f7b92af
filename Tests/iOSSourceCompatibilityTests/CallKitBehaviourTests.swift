import Testing
import UserNotifications

/// Outside an extension bundle with the entitlement, iOS refuses the call: so does nsesim.
@Suite struct CallKitBehaviourTests {
    @Test func refusedWithoutTheEntitlement() async {
        let content = UNMutableNotificationContent()
        content.title = "Call"
        let delivered = await withCheckedContinuation { (continuation: CheckedContinuation<UNNotificationContent, Never>) in
            CallKitNotificationService().didReceive(UNNotificationRequest(identifier: "c", content: content, trigger: nil)) {
                continuation.resume(returning: $0)
            }
        }
        #expect(delivered.subtitle == "missingNotificationFilteringEntitlement")
    }
}
