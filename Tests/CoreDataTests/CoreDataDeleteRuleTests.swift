import Foundation
import Testing
import UserNotifications

@testable import CoreData

/// A model with each delete rule, as Xcode's model editor writes it.
private let deleteRulesModelXML = """
    <?xml version="1.0" encoding="UTF-8" standalone="yes"?>
    <model type="com.apple.IDECoreDataModeler.DataModel" documentVersion="1.0" sourceLanguage="Swift">
        <entity name="Folder" representedClassName="Folder" syncable="YES">
            <attribute name="name" optional="YES" attributeType="String"/>
            <relationship name="notes" optional="YES" toMany="YES" deletionRule="Cascade" destinationEntity="Note" inverseName="folder" inverseEntity="Note"/>
        </entity>
        <entity name="Note" representedClassName="Note" syncable="YES">
            <attribute name="text" optional="YES" attributeType="String"/>
            <relationship name="folder" optional="YES" maxCount="1" deletionRule="Nullify" destinationEntity="Folder" inverseName="notes" inverseEntity="Folder"/>
            <relationship name="attachments" optional="YES" toMany="YES" deletionRule="Cascade" destinationEntity="Attachment" inverseName="note" inverseEntity="Attachment"/>
        </entity>
        <entity name="Attachment" representedClassName="Attachment" syncable="YES">
            <attribute name="file" optional="YES" attributeType="String"/>
            <relationship name="note" optional="YES" maxCount="1" deletionRule="Nullify" destinationEntity="Note" inverseName="attachments" inverseEntity="Note"/>
        </entity>
        <entity name="Account" representedClassName="Account" syncable="YES">
            <attribute name="email" optional="YES" attributeType="String"/>
            <relationship name="devices" optional="YES" toMany="YES" deletionRule="Deny" destinationEntity="Device" inverseName="account" inverseEntity="Device"/>
        </entity>
        <entity name="Device" representedClassName="Device" syncable="YES">
            <attribute name="token" optional="YES" attributeType="String"/>
            <relationship name="account" optional="YES" maxCount="1" deletionRule="Nullify" destinationEntity="Account" inverseName="devices" inverseEntity="Account"/>
        </entity>
    </model>
    """

@Suite("CoreData: delete rules (Cascade through two levels, Deny refusing the save, Nullify)")
struct CoreDataDeleteRuleTests {
    private func container() throws -> (NSPersistentContainer, URL) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("nsesim-coredata-rules-\(UUID().uuidString)")
        let modelURL = folder.appendingPathComponent("Rules.xcdatamodel")
        try FileManager.default.createDirectory(at: modelURL, withIntermediateDirectories: true)
        try Data(deleteRulesModelXML.utf8).write(to: modelURL.appendingPathComponent("contents"))
        let model = try #require(NSManagedObjectModel(contentsOf: modelURL))
        let container = NSPersistentContainer(name: "Rules", managedObjectModel: model)
        container.persistentStoreDescriptions = [NSPersistentStoreDescription(url: folder.appendingPathComponent("Rules.sqlite"))]
        var loadError: (any Error)?
        container.loadPersistentStores { _, error in loadError = error }
        if let loadError { throw loadError }
        return (container, folder)
    }

    private func count(_ entity: String, in context: NSManagedObjectContext) throws -> Int {
        try context.count(for: NSFetchRequest<NSManagedObject>(entityName: entity))
    }

    @Test("The model's deletionRule is read: Cascade, Deny, Nullify")
    func rulesRead() throws {
        let (container, folder) = try container()
        defer { try? FileManager.default.removeItem(at: folder) }
        let entities = container.managedObjectModel.entitiesByName
        #expect(entities["Folder"]?.relationshipsByName["notes"]?.deleteRule == .cascadeDeleteRule)
        #expect(entities["Account"]?.relationshipsByName["devices"]?.deleteRule == .denyDeleteRule)
        #expect(entities["Note"]?.relationshipsByName["folder"]?.deleteRule == .nullifyDeleteRule)
    }

    @Test("Deleting a folder deletes its notes and their attachments (Cascade, two levels); other folders' notes stay")
    func cascade() throws {
        let (container, folder) = try container()
        defer { try? FileManager.default.removeItem(at: folder) }
        let context = container.viewContext
        let work = NSEntityDescription.insertNewObject(forEntityName: "Folder", into: context)
        work.setValue("Work", forKey: "name")
        let home = NSEntityDescription.insertNewObject(forEntityName: "Folder", into: context)
        home.setValue("Home", forKey: "name")
        for (text, owner) in [("standup", work), ("review", work), ("groceries", home)] {
            let note = NSEntityDescription.insertNewObject(forEntityName: "Note", into: context)
            note.setValue(text, forKey: "text")
            note.setValue(owner, forKey: "folder")
            let attachment = NSEntityDescription.insertNewObject(forEntityName: "Attachment", into: context)
            attachment.setValue("\(text).png", forKey: "file")
            attachment.setValue(note, forKey: "note")
        }
        try context.save()
        #expect(try count("Note", in: context) == 3 && count("Attachment", in: context) == 3)

        context.delete(work)
        #expect(context.deletedObjects.count == 5, "the folder, its two notes and their two attachments")
        try context.save()
        #expect(try count("Folder", in: context) == 1 && count("Note", in: context) == 1 && count("Attachment", in: context) == 1)
        let left = try context.fetch(NSFetchRequest<NSManagedObject>(entityName: "Note"))
        #expect(left.first?.value(forKey: "text") as? String == "groceries")

    }

    @Test("Deleting an account that still has devices (Deny) fails the save with Core Data's error; without devices it succeeds")
    func deny() throws {
        let (container, folder) = try container()
        defer { try? FileManager.default.removeItem(at: folder) }
        let context = container.viewContext
        let account = NSEntityDescription.insertNewObject(forEntityName: "Account", into: context)
        account.setValue("a@example.com", forKey: "email")
        let device = NSEntityDescription.insertNewObject(forEntityName: "Device", into: context)
        device.setValue("token-1", forKey: "token")
        device.setValue(account, forKey: "account")
        try context.save()

        context.delete(account)
        let error = try #require(throws: NSError.self) { try context.save() }
        #expect(error.domain == NSCocoaErrorDomain && error.code == NSValidationRelationshipDeniedDeleteError)
        #expect(error.userInfo[NSValidationKeyErrorKey] as? String == "devices")
        context.rollback()
        #expect(try count("Account", in: context) == 1)

        context.delete(device)
        context.delete(account)
        try context.save()
        #expect(try count("Account", in: context) == 0 && count("Device", in: context) == 0)
    }
}
