import CoreData

/// The Core Data stack the app and its notification service extension share: the store lives
/// in the app group so that both processes read and write the same file.
final class PersistenceController {
    static let appGroup = "group.com.example.coredata"
    static let shared = PersistenceController()

    let container: NSPersistentContainer

    private init() {
        container = NSPersistentContainer(name: "Shared")
        if let groupURL = FileManager.default.containerURL(forSecurityApplicationGroupIdentifier: Self.appGroup) {
            let description = NSPersistentStoreDescription(url: groupURL.appendingPathComponent("Shared.sqlite"))
            description.shouldMigrateStoreAutomatically = true
            description.shouldInferMappingModelAutomatically = true
            container.persistentStoreDescriptions = [description]
        }
        container.loadPersistentStores { _, error in
            if let error = error as NSError? {
                print("Core Data failed to load the shared store: \(error), \(error.userInfo)")
            }
        }
        container.viewContext.mergePolicy = NSMergeByPropertyObjectTrumpMergePolicy
    }
}
