import Foundation
import Testing
import UserNotifications

/// Runs CombineNotificationService (Swift 5 mode, `import Combine`) as iOS would.
@Suite struct CombineBehaviourTests {
    /// The contents handed to the handler, from any thread.
    final class Handed: @unchecked Sendable {
        private let lock = NSLock()
        private var contents: [UNNotificationContent] = []
        func add(_ content: UNNotificationContent) {
            lock.lock()
            contents.append(content)
            lock.unlock()
        }
        var all: [UNNotificationContent] {
            lock.lock()
            defer { lock.unlock() }
            return contents
        }

        /// Waits (up to 5 s, generous) until something was handed.
        func waitForFirst() async -> UNNotificationContent? {
            for _ in 0..<500 where all.isEmpty { try? await Task.sleep(for: .milliseconds(10)) }
            return all.first
        }
    }

    private func request(_ userInfo: [AnyHashable: Any]) -> UNNotificationRequest {
        let content = UNMutableNotificationContent()
        content.title = "New message"
        content.userInfo = userInfo
        return UNNotificationRequest(identifier: "combine-1", content: content, trigger: nil)
    }

    @Test func pipelineSetsBadgeAndSubtitle() async {
        let handed = Handed()
        let service = CombineNotificationService()
        service.didReceive(request(["unread": 4, "sender": "Anna"])) { handed.add($0) }
        let delivered = await handed.waitForFirst()
        #expect(delivered?.badge == 5)
        #expect(delivered?.subtitle == "From Anna")
        #expect(delivered?.title == "New message")
    }

    @Test func missingSenderFallsBack() async {
        let handed = Handed()
        let service = CombineNotificationService()
        service.didReceive(request([:])) { handed.add($0) }
        let delivered = await handed.waitForFirst()
        #expect(delivered?.badge == 1)
        #expect(delivered?.subtitle == "From someone")
    }
}
