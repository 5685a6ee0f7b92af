import Intents
import Testing
import UserNotifications

@Suite struct IntentsBehaviourTests {
    @Test func senderNameFromComponents() {
        let content = UNMutableNotificationContent()
        content.title = "Anna"
        var delivered: UNNotificationContent?
        IntentsNotificationService().didReceive(UNNotificationRequest(identifier: "i", content: content, trigger: nil)) { delivered = $0 }
        #expect(delivered != nil)
        #expect(delivered !== content)
        let intent = INSendMessageIntent(
            recipients: nil, outgoingMessageType: .outgoingMessageText, content: nil,
            speakableGroupName: INSpeakableString(spokenPhrase: "Team"), conversationIdentifier: "c",
            serviceName: nil, sender: nil, attachments: nil)
        #expect(intent.nsesimCommunication["groupName"] == "Team")
    }
}
