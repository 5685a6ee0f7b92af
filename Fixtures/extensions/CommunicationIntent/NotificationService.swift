import Intents
import UserNotifications

/// A communication notification as iOS 15 chat apps make it: the sender as an INPerson with
/// an avatar, the group's name and picture, an INSendMessageIntent donated, the content updated.
class NotificationService: UNNotificationServiceExtension {
    override func didReceive(_ request: UNNotificationRequest, withContentHandler contentHandler: @escaping (UNNotificationContent) -> Void) {
        let userInfo = request.content.userInfo
        let senderName = userInfo["sender"] as? String ?? "Someone"
        let avatarURL = Bundle.main.url(forResource: "avatar", withExtension: "png")!
        let avatar = INImage(imageData: (try? Data(contentsOf: avatarURL)) ?? Data())
        let sender = INPerson(personHandle: INPersonHandle(value: "user-\(senderName.lowercased())", type: .unknown),
                              nameComponents: nil, displayName: senderName, image: avatar,
                              contactIdentifier: nil, customIdentifier: "user-\(senderName.lowercased())")
        let intent = INSendMessageIntent(recipients: nil, outgoingMessageType: .outgoingMessageText,
                                         content: request.content.body, speakableGroupName: INSpeakableString(spokenPhrase: "Lunch crew"),
                                         conversationIdentifier: "chat-lunch", serviceName: nil, sender: sender, attachments: nil)
        intent.setImage(avatar, forParameterNamed: \.speakableGroupName)
        let interaction = INInteraction(intent: intent, response: nil)
        interaction.direction = .incoming
        interaction.donate { _ in }
        do {
            contentHandler(try request.content.updating(from: intent))
        } catch {
            contentHandler(request.content)
        }
    }
}
