import Foundation
import NSESimSQLite
import Testing

/// An extension importing CoreData, through the real `nsesim run`: its store in the app group
/// outlives the process, nsesim's side (standing for the app) reads and writes the same file,
/// and a damaged store file is Core Data's error, then iOS's crash.
@Suite("nsesim run: CoreData in the app group")
struct CoreDataRunTests {
    private func run(data: URL) async throws -> [String: Any] {
        let result = try await NSESimCommand.run(
            [
                "run", "--extension", "Fixtures/extensions/CoreDataShared", "--payload", "Fixtures/payloads/coredata-chat.json",
                "--bundle-id", "com.example.coredata", "--format", "json",
            ],
            environment: ["NSESIM_DATA_DIR": data.path])
        return try result.jsonObject()
    }

    private func store(in data: URL) -> URL {
        data.appendingPathComponent("apps/com.example.coredata/AppGroups/group.com.example.coredata/Shared.sqlite")
    }

    private func scratch() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("nsesim-coredata-e2e-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    @Test("Two notifications count in the shared store; the app's change to the file shows in the third")
    func sharedStore() async throws {
        let data = try scratch()
        defer { try? FileManager.default.removeItem(at: data) }
        let first = try await run(data: data)
        #expect(first["outcome"] as? String == "modified")
        let delivered = try #require(first["delivered"] as? [String: Any])
        #expect(delivered["title"] as? String == "Lunch crew" && delivered["subtitle"] as? String == "1 unread")
        #expect(delivered["body"] as? String == "1 kept (1 in the conversation); latest: Lunch at noon?")
        let records = try #require(first["coreData"] as? [[String: Any]])
        #expect(records.compactMap { $0["operation"] as? String } == ["load", "fetch", "save", "fetch"])
        #expect(records[1]["predicate"] as? String == "id == \"c-42\"" && records[1]["count"] as? Int == 0)
        #expect((records[2]["inserted"] as? [String: Any])?["Conversation"] as? Int == 1)

        let second = try await run(data: data)
        #expect((second["delivered"] as? [String: Any])?["subtitle"] as? String == "2 unread")
        #expect((second["delivered"] as? [String: Any])?["body"] as? String == "2 kept (2 in the conversation); latest: Lunch at noon?")

        // The app's side: the same file, Core Data's tables.
        let database = try SQLiteDatabase(path: store(in: data).path)
        #expect(
            try database.query("SELECT ZUNREADCOUNT, ZTITLE FROM ZCONVERSATION WHERE ZID = ?", [.text("c-42")]).first?.values
                == [.integer(2), .text("Lunch crew")])
        #expect(try database.query("SELECT count(*) FROM ZMESSAGE WHERE ZCONVERSATIONID = 'c-42'").first?[0] == .integer(2))
        // The relationship is Core Data's column: the conversation's key in each message's row.
        #expect(
            try database.query(
                "SELECT count(*) FROM ZMESSAGE JOIN ZCONVERSATION ON ZMESSAGE.ZCONVERSATION = ZCONVERSATION.Z_PK "
                    + "WHERE ZCONVERSATION.ZID = 'c-42'"
            ).first?[0] == .integer(2))
        try database.run(
            "UPDATE ZCONVERSATION SET ZTITLE = ?, Z_OPT = Z_OPT + 1 WHERE ZID = ?", [.text("Renamed by the app"), .text("c-42")])
        database.close()

        let third = try await run(data: data)
        let content = try #require(third["delivered"] as? [String: Any])
        #expect(content["title"] as? String == "Renamed by the app" && content["subtitle"] as? String == "3 unread")
    }

    @Test("A damaged store file: the load fails with NSCocoaErrorDomain 259 in the report, and the save crashes as on iOS")
    func damagedStore() async throws {
        let data = try scratch()
        defer { try? FileManager.default.removeItem(at: data) }
        let file = store(in: data)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(repeating: 0x5A, count: 8192).write(to: file)
        let report = try await run(data: data)
        #expect(report["outcome"] as? String == "original-crash")
        let records = try #require(report["coreData"] as? [[String: Any]])
        let load = try #require(records.first)
        #expect(load["operation"] as? String == "load" && load["code"] as? Int == 259 && load["domain"] as? String == "NSCocoaErrorDomain")
        #expect(load["sqliteCode"] as? Int == 26)
        #expect(records.contains { ($0["error"] as? String)?.contains("has no persistent stores") == true })
    }

    @Test(
        "An extension whose model is not in the bundle: Core Data's log line and a model record, then the first fetch stops the process as on iOS"
    )
    func missingModel() async throws {
        let root = try scratch()
        defer { try? FileManager.default.removeItem(at: root) }
        let folder = root.appendingPathComponent("NoModel")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            at: URL(fileURLWithPath: fixture("Fixtures/extensions/CoreDataShared/Info.plist")),
            to: folder.appendingPathComponent("Info.plist"))
        try """
        import CoreData
        import UserNotifications

        class NotificationService: UNNotificationServiceExtension {
            lazy var persistentContainer: NSPersistentContainer = {
                let container = NSPersistentContainer(name: "Shared")
                container.loadPersistentStores { _, error in
                    if let error = error as NSError? { print("Unresolved error \\(error)") }
                }
                return container
            }()

            override func didReceive(_ request: UNNotificationRequest, withContentHandler contentHandler: @escaping (UNNotificationContent) -> Void) {
                let fetch = NSFetchRequest<NSManagedObject>(entityName: "Conversation")
                let found = (try? persistentContainer.viewContext.fetch(fetch)) ?? []
                let content = request.content.mutableCopy() as! UNMutableNotificationContent
                content.body = "\\(found.count) conversations"
                contentHandler(content)
            }
        }
        """.write(to: folder.appendingPathComponent("NotificationService.swift"), atomically: true, encoding: .utf8)
        let result = try await NSESimCommand.run(
            [
                "run", "--extension", folder.path, "--payload", "Fixtures/payloads/coredata-chat.json",
                "--bundle-id", "com.example.nomodel", "--format", "json",
            ],
            environment: ["NSESIM_DATA_DIR": root.appendingPathComponent("data").path])
        let report = try result.jsonObject()
        #expect(report["outcome"] as? String == "original-crash", "\(result)")
        let records = try #require(report["coreData"] as? [[String: Any]])
        #expect(
            records.first?["operation"] as? String == "model"
                && (records.first?["error"] as? String)?.contains("no model named Shared") == true)
        #expect(records.contains { ($0["error"] as? String)?.contains("could not locate an entity named 'Conversation'") == true })
    }
}
