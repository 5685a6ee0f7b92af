import CoreData
import UserNotifications

// An iOS app's Core Data stack shared with its notification service extension through the app
// group, written as an iOS project writes it (Apple's names only, Swift 5 mode): the model in
// code (the e2e fixture reads an .xcdatamodeld), a container on the group's store, a fetch by
// id with NSPredicate(format:), a sorted fetch, a save on a background context.

final class SharedPersistence {
    static let appGroup = "group.com.example.app"

    let container: NSPersistentContainer

    /// The store the app and the extension share: in the app group, else the default folder.
    init(storeURL: URL? = nil) {
        container = NSPersistentContainer(name: "Shared", managedObjectModel: SharedPersistence.model)
        let groupURL = FileManager.default.containerURL(forSecurityApplicationGroupIdentifier: SharedPersistence.appGroup)
        if let url = storeURL ?? groupURL?.appendingPathComponent("Shared.sqlite") {
            let description = NSPersistentStoreDescription(url: url)
            description.setOption(true as NSNumber, forKey: NSPersistentHistoryTrackingKey)
            container.persistentStoreDescriptions = [description]
        }
        container.loadPersistentStores { description, error in
            if let error = error as NSError? {
                print("Unresolved error \(error), \(error.userInfo)")
            }
        }
        container.viewContext.automaticallyMergesChangesFromParent = true
        container.viewContext.mergePolicy = NSMergeByPropertyObjectTrumpMergePolicy
    }

    static let model: NSManagedObjectModel = {
        let conversation = NSEntityDescription()
        conversation.name = "Conversation"
        conversation.managedObjectClassName = "NSManagedObject"
        let id = NSAttributeDescription()
        id.name = "id"
        id.attributeType = .stringAttributeType
        id.isOptional = false
        let title = NSAttributeDescription()
        title.name = "title"
        title.attributeType = .stringAttributeType
        let unread = NSAttributeDescription()
        unread.name = "unreadCount"
        unread.attributeType = .integer32AttributeType
        unread.defaultValue = 0
        let updated = NSAttributeDescription()
        updated.name = "updatedAt"
        updated.attributeType = .dateAttributeType
        conversation.properties = [id, title, unread, updated]
        let model = NSManagedObjectModel()
        model.entities = [conversation]
        return model
    }()

    func conversation(id: String, in context: NSManagedObjectContext) throws -> NSManagedObject? {
        let request = NSFetchRequest<NSManagedObject>(entityName: "Conversation")
        request.predicate = NSPredicate(format: "id == %@", id)
        request.fetchLimit = 1
        return try context.fetch(request).first
    }
}

class CoreDataNotificationService: UNNotificationServiceExtension {
    var contentHandler: ((UNNotificationContent) -> Void)?
    var bestAttemptContent: UNMutableNotificationContent?
    var persistence = SharedPersistence()

    override func didReceive(_ request: UNNotificationRequest, withContentHandler contentHandler: @escaping (UNNotificationContent) -> Void)
    {
        self.contentHandler = contentHandler
        bestAttemptContent = (request.content.mutableCopy() as? UNMutableNotificationContent)
        guard let bestAttemptContent = bestAttemptContent,
            let conversationID = request.content.userInfo["conversation-id"] as? String
        else {
            contentHandler(request.content)
            return
        }
        let context = persistence.container.newBackgroundContext()
        context.performAndWait {
            do {
                if let conversation = try persistence.conversation(id: conversationID, in: context) {
                    let unread = (conversation.value(forKey: "unreadCount") as? Int ?? 0) + 1
                    conversation.setValue(unread, forKey: "unreadCount")
                    conversation.setValue(Date(), forKey: "updatedAt")
                    bestAttemptContent.title = conversation.value(forKey: "title") as? String ?? bestAttemptContent.title
                    bestAttemptContent.body = "\(unread) unread: " + bestAttemptContent.body
                } else {
                    let conversation = NSEntityDescription.insertNewObject(forEntityName: "Conversation", into: context)
                    conversation.setValue(conversationID, forKey: "id")
                    conversation.setValue(1, forKey: "unreadCount")
                    bestAttemptContent.body = "New conversation: " + bestAttemptContent.body
                }
                if context.hasChanges {
                    try context.save()
                }
                let recent = NSFetchRequest<NSManagedObject>(entityName: "Conversation")
                recent.predicate = NSPredicate(format: "unreadCount > %d AND title BEGINSWITH[c] %@", 0, "l")
                recent.sortDescriptors = [NSSortDescriptor(key: "updatedAt", ascending: false)]
                bestAttemptContent.subtitle = "\(try context.count(for: recent)) busy"
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
