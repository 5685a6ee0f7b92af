import Intents
import UserNotifications

/// An iOS 15 communication notification (the Intents sample of this target: compiled in
/// Swift 5 mode, run by its test).
class IntentsNotificationService: UNNotificationServiceExtension {
    override func didReceive(_ request: UNNotificationRequest, withContentHandler contentHandler: @escaping (UNNotificationContent) -> Void)
    {
        let handle = INPersonHandle(value: "anna@example.com", type: .emailAddress)
        var name = PersonNameComponents()
        name.givenName = "Anna"
        name.familyName = "Berg"
        let sender = INPerson(
            personHandle: handle, nameComponents: name, displayName: nil,
            image: INImage(imageData: Data([0x89, 0x50, 0x4E, 0x47, 0, 0, 0, 0])),
            contactIdentifier: nil, customIdentifier: "anna", isMe: false, suggestionType: .none)
        let intent = INSendMessageIntent(
            recipients: nil, outgoingMessageType: .outgoingMessageText, content: "Hi",
            speakableGroupName: nil, conversationIdentifier: "anna", serviceName: nil,
            sender: sender, attachments: nil)
        INInteraction(intent: intent, response: nil).donate(completion: nil)
        if let updated = try? request.content.updating(from: intent) {
            contentHandler(updated)
        } else {
            contentHandler(request.content)
        }
    }
}
