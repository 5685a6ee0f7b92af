import Testing
import UserNotifications

/// The iOS files in this target compile in Swift 5 mode against the module (that is the
/// compile check); these tests also run them the way iOS would call them.
@Suite struct TemplateBehaviourTests {
    private func request(title: String) -> UNNotificationRequest {
        let content = UNMutableNotificationContent()
        content.title = title
        content.body = "Body"
        content.userInfo = ["aps": ["mutable-content": 1]]
        return UNNotificationRequest(identifier: "request-1", content: content, trigger: nil)
    }

    @Test func templateAppendsModifiedToTheTitle() {
        var delivered: [UNNotificationContent] = []
        NotificationService().didReceive(request(title: "Hello")) { delivered.append($0) }
        #expect(delivered.count == 1)
        #expect(delivered.first?.title == "Hello [modified]")
        #expect(delivered.first?.body == "Body")
    }

    @Test func templateTimeWillExpireDeliversTheBestAttempt() {
        let service = NotificationService()
        var delivered: [UNNotificationContent] = []
        service.didReceive(request(title: "Hi")) { delivered.append($0) }
        service.serviceExtensionTimeWillExpire()
        #expect(delivered.count == 2)
        #expect(delivered.last?.title == "Hi [modified]")
    }

    @Test func templateLeavesTheRequestContentUnchanged() {
        let original = request(title: "Same")
        NotificationService().didReceive(original) { _ in }
        #expect(original.content.title == "Same")
    }

    @Test func urlSessionWithoutImportRuns() {
        var delivered: UNNotificationContent?
        URLSessionWithoutImportService().didReceive(request(title: "x")) { delivered = $0 }
        #expect(delivered?.body == "no attachment")
    }

    @Test func richServiceWithoutImageURLDeliversItsChanges() {
        var delivered: UNNotificationContent?
        RichNotificationService().didReceive(request(title: "x")) { delivered = $0 }
        #expect(delivered?.badge == 4)
        #expect(delivered?.interruptionLevel == .timeSensitive)
        #expect(delivered?.subtitle == "From Anna")
        #expect(delivered?.sound == UNNotificationSound.default)
    }
}
