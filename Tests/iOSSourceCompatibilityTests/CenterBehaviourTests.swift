import Foundation
import Testing
import UserNotifications

/// A communication provider standing in for an `INSendMessageIntent`.
final class MessageIntentStandIn: NSObject, NSESimCommunicationProviding {
    var nsesimCommunication: [String: String] { ["kind": "message", "sender": "Anna", "conversationIdentifier": "chat-anna"] }
}

/// A provider that is no intent: iOS refuses it.
final class NotAnIntent: NSObject, UNNotificationContentProviding {}

/// Runs CenterNotificationService against the center of this process (in memory: no
/// nsesim run set NSESIM_CENTER), as iOS would call it. One test, since the center is shared.
@Suite struct CenterBehaviourTests {
    @Test func categoriesDeliveredBadgeAndCommunication() async throws {
        let center = UNUserNotificationCenter.current()
        let content = UNMutableNotificationContent()
        content.title = "Anna"
        content.body = "Lunch?"
        content.threadIdentifier = "chat-anna"

        let service = CenterNotificationService()
        service.provider = MessageIntentStandIn()
        let delivered = await withCheckedContinuation { (continuation: CheckedContinuation<UNNotificationContent, Never>) in
            service.didReceive(UNNotificationRequest(identifier: "m1", content: content, trigger: nil)) {
                continuation.resume(returning: $0)
            }
        }
        #expect(delivered.categoryIdentifier == "MESSAGE")

        let categories = await center.notificationCategories()
        let message = try #require(categories.first { $0.identifier == "MESSAGE" })
        #expect(message.actions.map(\.identifier) == ["REPLY", "LIKE", "DELETE", "OPEN"])
        #expect((message.actions[0] as? UNTextInputNotificationAction)?.textInputButtonTitle == "Send")
        #expect(message.actions[1].icon == UNNotificationActionIcon(systemImageName: "heart"))
        #expect(message.actions[2].options == [.destructive, .authenticationRequired])
        #expect(message.options == .customDismissAction)
        #expect(await center.deliveredNotifications().isEmpty)

        // A provider iOS would not accept.
        #expect(throws: UNError.self) { try content.updating(from: NotAnIntent()) }
    }

    @Test func localRequestsAndBadgeRules() async throws {
        let center = UNUserNotificationCenter.current()
        let empty = UNMutableNotificationContent()
        await #expect(throws: UNError.self) {
            try await center.add(UNNotificationRequest(identifier: "empty", content: empty, trigger: nil))
        }
        let reminder = UNMutableNotificationContent()
        reminder.title = "Reminder"
        try await center.add(UNNotificationRequest(identifier: "reminder-1", content: reminder, trigger: nil))
        #expect(await center.pendingNotificationRequests().contains { $0.identifier == "reminder-1" })
        center.removePendingNotificationRequests(withIdentifiers: ["reminder-1"])
        #expect(await !center.pendingNotificationRequests().contains { $0.identifier == "reminder-1" })
        await #expect(throws: UNError.self) { try await center.setBadgeCount(-1) }
        let settings = await center.notificationSettings()
        #expect(settings.authorizationStatus == .authorized)
        #expect(try await center.requestAuthorization(options: [.alert, .badge, .sound]))
    }
}
