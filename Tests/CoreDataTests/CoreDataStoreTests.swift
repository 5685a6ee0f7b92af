import Foundation
import NSESimSQLite
import Testing

@testable import CoreData

/// A model as the app's `.xcdatamodeld` would have it, from XML.
let messagesModelXML = """
    <?xml version="1.0" encoding="UTF-8" standalone="yes"?>
    <model type="com.apple.IDECoreDataModeler.DataModel" documentVersion="1.0" lastSavedToolsVersion="22522" systemVersion="23F79" minimumToolsVersion="Automatic" sourceLanguage="Swift" userDefinedModelVersionIdentifier="">
        <entity name="Message" representedClassName="Message" syncable="YES" codeGenerationType="class">
            <attribute name="body" optional="YES" attributeType="String"/>
            <attribute name="id" attributeType="String"/>
            <attribute name="count" optional="YES" attributeType="Integer 64" defaultValueString="0" usesScalarValueType="YES"/>
            <attribute name="date" optional="YES" attributeType="Date" usesScalarValueType="NO"/>
            <attribute name="uuid" optional="YES" attributeType="UUID" usesScalarValueType="NO"/>
            <attribute name="read" optional="YES" attributeType="Boolean" defaultValueString="NO" usesScalarValueType="YES"/>
            <attribute name="score" optional="YES" attributeType="Double" defaultValueString="0.0" usesScalarValueType="YES"/>
            <attribute name="payload" optional="YES" attributeType="Binary"/>
            <relationship name="thread" optional="YES" maxCount="1" deletionRule="Nullify" destinationEntity="Thread" inverseName="messages" inverseEntity="Thread"/>
        </entity>
        <entity name="Thread" representedClassName="Thread" syncable="YES">
            <attribute name="title" optional="YES" attributeType="String"/>
            <relationship name="messages" optional="YES" toMany="YES" deletionRule="Nullify" destinationEntity="Message" inverseName="thread" inverseEntity="Message"/>
        </entity>
    </model>
    """

/// A subclass as Xcode's codegen makes it (nsesim's build writes the same accessors).
final class Message: NSManagedObject {
    var body: String? {
        get { _nsesimManagedValue(forKey: "body") }
        set { _nsesimSetManagedValue(newValue, forKey: "body") }
    }
    var id: String? {
        get { _nsesimManagedValue(forKey: "id") }
        set { _nsesimSetManagedValue(newValue, forKey: "id") }
    }
    var count: Int64 {
        get { _nsesimManagedValue(forKey: "count") }
        set { _nsesimSetManagedValue(newValue, forKey: "count") }
    }
    var read: Bool {
        get { _nsesimManagedValue(forKey: "read") }
        set { _nsesimSetManagedValue(newValue, forKey: "read") }
    }
    var date: Date? {
        get { _nsesimManagedValue(forKey: "date") }
        set { _nsesimSetManagedValue(newValue, forKey: "date") }
    }
    var uuid: UUID? {
        get { _nsesimManagedValue(forKey: "uuid") }
        set { _nsesimSetManagedValue(newValue, forKey: "uuid") }
    }
    var score: Double {
        get { _nsesimManagedValue(forKey: "score") }
        set { _nsesimSetManagedValue(newValue, forKey: "score") }
    }
}

@Suite("CoreData: containers, contexts, fetches and saves on SQLite; a store shared by two processes' connections")
struct CoreDataStoreTests {
    private func folder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("nsesim-coredata-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    private func model() throws -> NSManagedObjectModel {
        let url = try folder().appendingPathComponent("Messages.xcdatamodel")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        try Data(messagesModelXML.utf8).write(to: url.appendingPathComponent("contents"))
        return try #require(NSManagedObjectModel(contentsOf: url))
    }

    private func container(_ model: NSManagedObjectModel, at url: URL) throws -> NSPersistentContainer {
        let container = NSPersistentContainer(name: "Messages", managedObjectModel: model)
        container.persistentStoreDescriptions = [NSPersistentStoreDescription(url: url)]
        var loadError: (any Error)?
        container.loadPersistentStores { _, error in loadError = error }
        if let loadError { throw loadError }
        return container
    }

    @Test("The model from XML: entities, attribute types, optionality, defaults")
    func modelFromXML() throws {
        let model = try model()
        #expect(model.entities.compactMap(\.name) == ["Message", "Thread"])
        let message = try #require(model.entitiesByName["Message"])
        #expect(message.managedObjectClassName == "Message")
        #expect(message.attributesByName["count"]?.attributeType == .integer64AttributeType)
        #expect(message.attributesByName["id"]?.isOptional == false && message.attributesByName["body"]?.isOptional == true)
        #expect((message.attributesByName["read"]?.defaultValue as? NSNumber)?.boolValue == false)
        #expect(message.relationshipsByName["thread"]?.destinationEntity?.name == "Thread")
    }

    @Test("Insert, save, fetch with a predicate, sort and limit, count, update, delete: each save one transaction")
    func roundTrip() throws {
        let model = try model()
        let url = try folder().appendingPathComponent("Messages.sqlite")
        let container = try container(model, at: url)
        let context = container.viewContext
        let reference = Date(timeIntervalSinceReferenceDate: 700_000_000)
        let uuid = UUID()
        try context.performAndWait { () throws -> Void in
            for index in 1...5 {
                let message = Message(context: context)
                message.id = "m-\(index)"
                message.body = "Body \(index)"
                message.count = Int64(index * 10)
                message.date = reference.addingTimeInterval(Double(index))
                message.read = index % 2 == 0
                if index == 3 { message.uuid = uuid }
            }
            let thread = NSEntityDescription.insertNewObject(forEntityName: "Thread", into: context)
            thread.setValue("Lunch", forKey: "title")
            #expect(context.hasChanges && context.insertedObjects.count == 6)
            #expect(try context.count(for: NSFetchRequest<NSManagedObject>(entityName: "Message")) == 5)  // pending inserts count
            try context.save()
            #expect(!context.hasChanges)
        }
        let request = NSFetchRequest<Message>(entityName: "Message")
        request.predicate = NSPredicate(format: "count >= %d AND read == NO", 20)
        request.sortDescriptors = [NSSortDescriptor(key: "date", ascending: false)]
        let found = try context.fetch(request)
        #expect(found.map(\.id) == ["m-5", "m-3"])
        #expect(found.allSatisfy { !$0.objectID.isTemporaryID })
        #expect(found.last?.uuid == uuid && found.last?.date == reference.addingTimeInterval(3) && found.last?.count == 30)

        // Xcode's template: a key path to an optional Date (not Comparable).
        request.predicate = NSPredicate(format: "count <= 30")
        request.sortDescriptors = [
            NSSortDescriptor(keyPath: \Message.date, ascending: false), NSSortDescriptor(keyPath: \Message.count, ascending: true),
        ]
        #expect(try context.fetch(request).map(\.id) == ["m-3", "m-2", "m-1"])

        request.predicate = NSPredicate(format: "uuid == %@", uuid as CVarArg)
        #expect(try context.fetch(request).first?.id == "m-3")

        request.predicate = nil
        request.fetchLimit = 2
        request.sortDescriptors = [NSSortDescriptor(key: "count", ascending: true)]
        #expect(try context.fetch(request).map(\.id) == ["m-1", "m-2"])

        // A second container (another connection, as the app's process has) sees the saved rows.
        let other = try self.container(model, at: url)
        let otherContext = other.newBackgroundContext()
        try otherContext.performAndWait { () throws -> Void in
            let messages = try otherContext.fetch(NSFetchRequest<NSManagedObject>(entityName: "Message"))
            #expect(messages.count == 5)
            let first = try #require(messages.first { $0.value(forKey: "id") as? String == "m-1" })
            #expect(first.value(forKey: "count") as? Int == 10 && first.value(forKey: "read") as? Bool == false)
            first.setValue("edited by the app", forKey: "body")
            otherContext.delete(try #require(messages.first { $0.value(forKey: "id") as? String == "m-5" }))
            try otherContext.save()
        }
        let again = NSFetchRequest<Message>(entityName: "Message")
        again.predicate = NSPredicate(format: "body CONTAINS[c] %@", "EDITED")
        #expect(try context.fetch(again).map(\.id) == ["m-1"])
        #expect(try context.count(for: NSFetchRequest<Message>(entityName: "Message")) == 4)

        // The file is Core Data's layout.
        let database = try SQLiteDatabase(path: url.path)
        let tables = try database.tables()
        #expect(tables["ZMESSAGE"]?.starts(with: ["Z_PK", "Z_ENT", "Z_OPT"]) == true)
        #expect(tables["ZMESSAGE"]?.contains("ZBODY") == true && tables["Z_METADATA"] != nil && tables["ZTHREAD"] != nil)
    }

    @Test(
        "Relationships: a to-one is stored as the destination's key, a to-many is its inverse; predicates go through them; a delete nullifies"
    )
    func relationships() throws {
        let model = try model()
        let url = try folder().appendingPathComponent("r.sqlite")
        let context = try container(model, at: url).viewContext
        let thread = NSEntityDescription.insertNewObject(forEntityName: "Thread", into: context)
        thread.setValue("Lunch", forKey: "title")
        let first = Message(context: context)
        first.id = "a"
        first.setValue(thread, forKey: "thread")
        let second = Message(context: context)
        second.id = "b"
        thread._nsesimRelationshipAccessor("addToMessages", second)  // what the generated addToMessages(_:) calls
        #expect((second.value(forKey: "thread") as? NSManagedObject) === thread)
        #expect(second.description.contains("thread = <x-coredata:///Thread/t"))  // related objects by ID, no cycle
        try context.save()

        // Another connection (the app's process) follows them from the file.
        let other = try container(model, at: url).viewContext
        let request = NSFetchRequest<NSManagedObject>(entityName: "Message")
        request.predicate = NSPredicate(format: "thread.title == %@", "Lunch")
        #expect(try other.fetch(request).count == 2)
        let otherThread = try #require(try other.fetch(NSFetchRequest<NSManagedObject>(entityName: "Thread")).first)
        #expect((otherThread.value(forKey: "messages") as? NSSet)?.count == 2)
        request.predicate = NSPredicate(format: "thread == %@ AND id == 'b'", otherThread)
        let b = try #require(try other.fetch(request).first)
        otherThread.setValue(NSSet(array: [b]), forKey: "messages")  // "a" leaves the thread
        try other.save()
        let reread = try container(model, at: url).viewContext
        let messages = try reread.fetch(NSFetchRequest<NSManagedObject>(entityName: "Message"))
        #expect(messages.filter { $0.value(forKey: "thread") != nil }.compactMap { $0.value(forKey: "id") as? String } == ["b"])

        reread.delete(try #require(try reread.fetch(NSFetchRequest<NSManagedObject>(entityName: "Thread")).first))
        try reread.save()
        let last = try container(model, at: url).viewContext
        #expect(try last.fetch(NSFetchRequest<NSManagedObject>(entityName: "Message")).allSatisfy { $0.value(forKey: "thread") == nil })
        let tables = try SQLiteDatabase(path: url.path).tables()
        #expect(tables["ZMESSAGE"]?.contains("ZTHREAD") == true && tables["ZTHREAD"]?.contains("ZMESSAGES") == false)
    }

    @Test("A model that is not in the bundle: an empty model (Core Data logs it); the store still loads, in memory at /dev/null")
    func missingModel() throws {
        let container = NSPersistentContainer(name: "NoSuchModel-\(UUID().uuidString.prefix(6))")
        #expect(container.managedObjectModel.entities.isEmpty)
        #expect(container.persistentStoreDescriptions.first?.url?.lastPathComponent.hasSuffix(".sqlite") == true)
        #expect(
            NSPersistentContainer.defaultDirectoryURL().path
                == FileManager.default.urls(
                    for: .applicationSupportDirectory,
                    in: .userDomainMask
                ).first?.path)
        container.persistentStoreDescriptions = [NSPersistentStoreDescription(url: URL(fileURLWithPath: "/dev/null"))]
        var loaded: [NSPersistentStoreDescription] = []
        container.loadPersistentStores { description, error in if error == nil { loaded.append(description) } }
        #expect(loaded.count == 1 && container.persistentStoreCoordinator.persistentStores.first?.url?.path == "/dev/null")
    }

    @Test("SQLite reads only the rows a predicate may accept; unsaved changes and nil still count as the evaluation says")
    func predicatesInSQL() throws {
        let model = try model()
        let entity = try #require(model.entitiesByName["Message"])
        func clause(_ format: String, _ args: any CVarArg...) -> String? {
            PredicateSQL.translate(NSPredicate(format: format, argumentArray: args), entity: entity)?.clause
        }
        #expect(clause("id == %@", "x") == "\"ZID\" = ?")
        #expect(clause("id != %@", "x") == "(\"ZID\" != ? OR \"ZID\" IS NULL)")
        #expect(clause("count > 3 AND body CONTAINS[c] 'x'") == "\"ZCOUNT\" > ?")  // the string part is left to the evaluation
        #expect(clause("count > 3 OR body CONTAINS[c] 'x'") == nil)
        #expect(clause("NOT id == 'x'") == nil && clause("thread.title == 'x'") == nil)
        #expect(clause("id IN %@", ["a", "b"]) == "\"ZID\" IN (?, ?)" && clause("body == nil") == "\"ZBODY\" IS NULL")
        #expect(clause("3 < count") == "\"ZCOUNT\" > ?")

        let context = try container(model, at: try folder().appendingPathComponent("sql.sqlite")).viewContext
        for (id, body) in [("a", "one"), ("b", nil), ("c", "three")] {
            let message = Message(context: context)
            message.id = id
            message.body = body
        }
        try context.save()
        let request = NSFetchRequest<Message>(entityName: "Message")
        request.predicate = NSPredicate(format: "body != %@", "one")
        request.sortDescriptors = [NSSortDescriptor(key: "id", ascending: true)]
        #expect(try context.fetch(request).map(\.id) == ["b", "c"])
        let a = try #require(try context.fetch(NSFetchRequest<Message>(entityName: "Message")).first { $0.id == "a" })
        a.body = "changed"  // unsaved: the row still says "one"
        request.predicate = NSPredicate(format: "body == %@", "changed")
        #expect(try context.fetch(request).map(\.id) == ["a"])
    }

    @Test("A missing mandatory value fails the save with Apple's validation error (1570); two give 1560")
    func validation() throws {
        let container = try container(try model(), at: try folder().appendingPathComponent("v.sqlite"))
        let context = container.viewContext
        let message = Message(context: context)
        message.body = "no id"
        do {
            try context.save()
            Issue.record("saved without its mandatory id")
        } catch let error as NSError {
            #expect(error.domain == NSCocoaErrorDomain && error.code == NSValidationMissingMandatoryPropertyError)
            #expect(error.userInfo[NSValidationKeyErrorKey] as? String == "id")
        }
        _ = Message(context: context)
        do {
            try context.save()
            Issue.record("saved two objects without their mandatory id")
        } catch let error as NSError {
            #expect(error.code == NSValidationMultipleErrorsError && (error.userInfo[NSDetailedErrorsKey] as? [NSError])?.count == 2)
        }
        context.rollback()
        #expect(!context.hasChanges)
    }

    @Test(
        "A row changed by another connection since it was read: 133020 under the default policy; the object's values win with NSMergeByPropertyObjectTrumpMergePolicy"
    )
    func optimisticLocking() throws {
        let model = try model()
        let url = try folder().appendingPathComponent("lock.sqlite")
        let first = try container(model, at: url).viewContext
        let second = try container(model, at: url).viewContext
        let message = Message(context: first)
        message.id = "m"
        try first.save()
        let copy = try #require(try second.fetch(NSFetchRequest<Message>(entityName: "Message")).first)
        copy.body = "second"
        try second.save()
        message.body = "first"
        do {
            try first.save()
            Issue.record("a stale object overwrote the row")
        } catch let error as NSError {
            #expect(error.code == NSManagedObjectMergeError)
        }
        first.mergePolicy = NSMergeByPropertyObjectTrumpMergePolicy
        try first.save()
        #expect(try second.fetch(NSFetchRequest<Message>(entityName: "Message")).first?.body == "first")
    }

    @Test("Stores that cannot be opened: a damaged file is NSCocoaErrorDomain 259, a folder that does not exist 256, with the SQLite code")
    func openErrors() throws {
        let model = try model()
        let damaged = try folder().appendingPathComponent("damaged.sqlite")
        try Data(repeating: 0x42, count: 8192).write(to: damaged)
        let container = NSPersistentContainer(name: "Messages", managedObjectModel: model)
        container.persistentStoreDescriptions = [NSPersistentStoreDescription(url: damaged)]
        var errors: [NSError] = []
        container.loadPersistentStores { _, error in if let error { errors.append(error as NSError) } }
        #expect(errors.first?.domain == NSCocoaErrorDomain && errors.first?.code == 259)
        #expect(errors.first?.userInfo[NSSQLiteErrorDomain] as? Int == 26)

        let missing = URL(fileURLWithPath: "/nonexistent-\(UUID().uuidString)/Shared.sqlite")
        let other = NSPersistentContainer(name: "Messages", managedObjectModel: model)
        other.persistentStoreDescriptions = [NSPersistentStoreDescription(url: missing)]
        errors = []
        other.loadPersistentStores { _, error in if let error { errors.append(error as NSError) } }
        #expect(errors.first?.code == 256 && errors.first?.userInfo[NSSQLiteErrorDomain] as? Int == 14)
    }

    @Test("A new attribute in the model becomes a new column of an existing store (lightweight migration)")
    func lightweightMigration() throws {
        let url = try folder().appendingPathComponent("m.sqlite")
        let old = NSManagedObjectModel()
        let entity = NSEntityDescription()
        entity.name = "Note"
        let text = NSAttributeDescription()
        text.name = "text"
        text.attributeType = .stringAttributeType
        entity.properties = [text]
        old.entities = [entity]
        let context = try container(old, at: url).viewContext
        let note = NSEntityDescription.insertNewObject(forEntityName: "Note", into: context)
        note.setValue("hello", forKey: "text")
        try context.save()

        let newer = NSManagedObjectModel()
        let entity2 = NSEntityDescription()
        entity2.name = "Note"
        let text2 = NSAttributeDescription()
        text2.name = "text"
        text2.attributeType = .stringAttributeType
        let pinned = NSAttributeDescription()
        pinned.name = "pinned"
        pinned.attributeType = .booleanAttributeType
        entity2.properties = [text2, pinned]
        newer.entities = [entity2]
        let migrated = try container(newer, at: url).viewContext
        let notes = try migrated.fetch(NSFetchRequest<NSManagedObject>(entityName: "Note"))
        #expect(notes.first?.value(forKey: "text") as? String == "hello" && notes.first?.value(forKey: "pinned") == nil)
    }

    @Test("perform runs on the context's queue; async perform and performBackgroundTask return values")
    func queues() async throws {
        let container = try container(try model(), at: try folder().appendingPathComponent("q.sqlite"))
        let count = try await container.performBackgroundTask { context in
            let message = Message(context: context)
            message.id = "bg"
            try context.save()
            return try context.count(for: NSFetchRequest<Message>(entityName: "Message"))
        }
        #expect(count == 1)
        let background = container.newBackgroundContext()
        let id = await background.perform {
            (try? background.fetch(NSFetchRequest<Message>(entityName: "Message")))?.first?.id
        }
        #expect(id == "bg")
    }
}
