import CoreData
import UserNotifications

/// Counts a chat's unread messages in the store the app shares through its app group, keeps
/// the message, and shows the conversation's title and count.
class NotificationService: UNNotificationServiceExtension {

    var contentHandler: ((UNNotificationContent) -> Void)?
    var bestAttemptContent: UNMutableNotificationContent?

    override func didReceive(_ request: UNNotificationRequest, withContentHandler contentHandler: @escaping (UNNotificationContent) -> Void) {
        self.contentHandler = contentHandler
        bestAttemptContent = (request.content.mutableCopy() as? UNMutableNotificationContent)

        guard let bestAttemptContent = bestAttemptContent,
              let conversationID = request.content.userInfo["conversation-id"] as? String else {
            contentHandler(request.content)
            return
        }

        let context = PersistenceController.shared.container.newBackgroundContext()
        context.performAndWait {
            do {
                let fetch: NSFetchRequest<Conversation> = Conversation.fetchRequest()
                fetch.predicate = NSPredicate(format: "id == %@", conversationID)
                fetch.fetchLimit = 1
                let conversation: Conversation
                if let existing = try context.fetch(fetch).first {
                    conversation = existing
                } else {
                    conversation = Conversation(context: context)
                    conversation.id = conversationID
                    conversation.title = request.content.userInfo["conversation-title"] as? String
                }
                conversation.unreadCount += 1
                conversation.updatedAt = Date()

                let message = Message(context: context)
                message.identifier = UUID()
                message.conversationID = conversationID
                message.body = request.content.body
                message.receivedAt = Date()
                conversation.addToMessages(message)
                try context.save()

                let kept: NSFetchRequest<Message> = Message.fetchRequest()
                kept.predicate = NSPredicate(format: "conversationID == %@ AND body != nil", conversationID)
                kept.sortDescriptors = [NSSortDescriptor(key: "receivedAt", ascending: false)]
                let messages = try context.fetch(kept)

                bestAttemptContent.title = conversation.title ?? bestAttemptContent.title
                bestAttemptContent.subtitle = "\(conversation.unreadCount) unread"
                let inConversation = conversation.messages?.count ?? 0
                bestAttemptContent.body = "\(messages.count) kept (\(inConversation) in the conversation); latest: \(messages.first?.body ?? "")"
            } catch let error as NSError {
                bestAttemptContent.subtitle = "Core Data error \(error.code)"
            }
        }
        contentHandler(bestAttemptContent)
    }

    override func serviceExtensionTimeWillExpire() {
        if let contentHandler = contentHandler, let bestAttemptContent = bestAttemptContent {
            contentHandler(bestAttemptContent)
        }
    }
}
