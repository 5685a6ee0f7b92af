import Testing
import UserNotifications

/// Runs LoggingNotificationService outside nsesim: logging must not get in the way.
@Suite struct LoggingBehaviourTests {
    @Test func logsAndDelivers() {
        let content = UNMutableNotificationContent()
        content.title = "x"
        content.userInfo = ["token": "secret"]
        var delivered: UNNotificationContent?
        LoggingNotificationService().didReceive(UNNotificationRequest(identifier: "r", content: content, trigger: nil)) { delivered = $0 }
        #expect(delivered?.title == "x")
    }
}
