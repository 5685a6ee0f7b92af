import CoreData
import Foundation
import Testing

/// The iOS-style fetched results controller and asynchronous fetch against a real store.
@Suite struct CoreDataResultsBehaviourTests {
    @Test func fetchedResultsFollowSavesAndAsynchronousFetchCounts() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("nsesim-ios-frc-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let persistence = SharedPersistence(storeURL: folder.appendingPathComponent("Shared.sqlite"))
        let context = persistence.container.newBackgroundContext()
        for (id, title, unread) in [("c-1", "Lunch", 2), ("c-2", "Dinner", 1)] {
            let conversation = NSEntityDescription.insertNewObject(forEntityName: "Conversation", into: context)
            conversation.setValue(id, forKey: "id")
            conversation.setValue(title, forKey: "title")
            conversation.setValue(unread, forKey: "unreadCount")
        }
        try context.save()

        let list = ConversationListModel(context: context)
        try list.load()
        #expect(list.titles == ["Dinner", "Lunch"])
        #expect(list.numberOfRows(inSection: 0) == 2 && list.title(at: IndexPath(row: 1, section: 0)) == "Lunch")

        // A save: one inserted, one renamed (it moves), one deleted; the delegate is told in order.
        let breakfast = NSEntityDescription.insertNewObject(forEntityName: "Conversation", into: context)
        breakfast.setValue("c-3", forKey: "id")
        breakfast.setValue("Breakfast", forKey: "title")
        let lunch = try #require(try persistence.conversation(id: "c-1", in: context))
        lunch.setValue("Afternoon tea", forKey: "title")
        context.delete(try #require(try persistence.conversation(id: "c-2", in: context)))
        try context.save()
        #expect(list.titles == ["Afternoon tea", "Breakfast"])
        #expect(list.changes == ["begin", "delete Dinner at 0", "move Afternoon tea from 1 to 0", "insert Breakfast at 1", "end"])

        // The sort descriptors are required, as on iOS (where a request without them stops the app).
        let unsorted = NSFetchedResultsController(
            fetchRequest: NSFetchRequest<NSManagedObject>(entityName: "Conversation"),
            managedObjectContext: context, sectionNameKeyPath: nil, cacheName: nil)
        #expect(throws: NSError.self) { try unsorted.performFetch() }

        let total = await withCheckedContinuation { (continuation: CheckedContinuation<Int?, Never>) in
            fetchUnreadTotal(in: context) { continuation.resume(returning: $0) }
        }
        #expect(total == 2)
    }
}
