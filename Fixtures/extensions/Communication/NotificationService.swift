import UserNotifications

/// A communication notification: on iOS the provider is an INSendMessageIntent (Intents);
/// here a stand-in provider gives the same facts until nsesim's Intents module exists.
final class SendMessageIntentStandIn: NSObject, NSESimCommunicationProviding {
    let sender: String
    init(sender: String) { self.sender = sender }
    var nsesimCommunication: [String: String] { ["kind": "message", "sender": sender, "conversationIdentifier": "chat-\(sender)"] }
}

class NotificationService: UNNotificationServiceExtension {
    override func didReceive(_ request: UNNotificationRequest, withContentHandler contentHandler: @escaping (UNNotificationContent) -> Void) {
        let sender = request.content.userInfo["sender"] as? String ?? "someone"
        do {
            contentHandler(try request.content.updating(from: SendMessageIntentStandIn(sender: sender)))
        } catch {
            print("updating(from:) failed: \(error)")
            contentHandler(request.content)
        }
    }
}
