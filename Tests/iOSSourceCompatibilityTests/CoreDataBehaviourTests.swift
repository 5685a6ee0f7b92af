import CoreData
import Foundation
import Testing
import UserNotifications

/// The iOS-style Core Data extension against a store the "app" filled.
@Suite struct CoreDataBehaviourTests {
    private func run(_ service: CoreDataNotificationService, conversation: String) async -> UNNotificationContent {
        let content = UNMutableNotificationContent()
        content.title = "Chat"
        content.body = "See you at noon"
        content.userInfo = ["conversation-id": conversation]
        return await withCheckedContinuation { (continuation: CheckedContinuation<UNNotificationContent, Never>) in
            service.didReceive(UNNotificationRequest(identifier: "c", content: content, trigger: nil)) {
                continuation.resume(returning: $0)
            }
        }
    }

    @Test func extensionReadsAndWritesTheAppsStore() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("nsesim-ios-coredata-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let storeURL = folder.appendingPathComponent("Shared.sqlite")

        // The app's side: a conversation with two unread messages.
        let app = SharedPersistence(storeURL: storeURL)
        let context = app.container.viewContext
        let lunch = NSEntityDescription.insertNewObject(forEntityName: "Conversation", into: context)
        lunch.setValue("c-1", forKey: "id")
        lunch.setValue("Lunch", forKey: "title")
        lunch.setValue(2, forKey: "unreadCount")
        try context.save()

        // The extension's side: another container on the same file.
        let service = CoreDataNotificationService()
        service.persistence = SharedPersistence(storeURL: storeURL)
        let delivered = await run(service, conversation: "c-1")
        #expect(delivered.title == "Lunch")
        #expect(delivered.body == "3 unread: See you at noon")
        #expect(delivered.subtitle == "1 busy")
        let other = await run(service, conversation: "c-2")
        #expect(other.body == "New conversation: See you at noon")

        // The app sees what the extension wrote.
        context.refreshAllObjects()
        #expect(lunch.value(forKey: "unreadCount") as? Int == 3)
        let all = try context.fetch(NSFetchRequest<NSManagedObject>(entityName: "Conversation"))
        #expect(all.compactMap { $0.value(forKey: "id") as? String }.sorted() == ["c-1", "c-2"])
    }
}
