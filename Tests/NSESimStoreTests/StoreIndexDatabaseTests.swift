import Foundation
import NSESimStore
import Testing

/// The store's index in SQLite: `index.json` of earlier versions migrated, order and
/// replacement kept, a damaged index named with what to do.
@Suite("Store index database")
struct StoreIndexDatabaseTests {
    func file(in folder: URL, _ name: String, bytes: Int) throws -> URL {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let url = folder.appendingPathComponent(name)
        try Data(repeating: 7, count: bytes).write(to: url)
        return url
    }

    @Test("index.json of an earlier version is moved into index.sqlite on first use; its files stay indexed")
    func migration() throws {
        let scratch = try Scratch("index-migration")
        let store = AttachmentStore(root: scratch.store, bundleIdentifier: "com.example.migrate")
        try FileManager.default.createDirectory(at: store.folder.appendingPathComponent("files/old"), withIntermediateDirectories: true)
        try Data(repeating: 1, count: 10).write(to: store.folder.appendingPathComponent("files/old/A.png"))
        try Data(repeating: 2, count: 20).write(to: store.folder.appendingPathComponent("files/old/B.jpg"))
        let old = #"""
            {"version": 1, "notifications": [{"identifier": "old", "deliveredAt": "2026-01-01T00:00:00Z", "attachments": [
              {"identifier": "a", "file": "files/old/A.png", "type": "public.png", "size": 10},
              {"identifier": "b", "file": "files/old/B.jpg", "type": "public.jpeg", "size": 20}]}]}
            """#
        try Data(old.utf8).write(to: store.folder.appendingPathComponent("index.json"))
        let index = try store.list()
        #expect(index.notifications.map(\.identifier) == ["old"])
        #expect(index.notifications.first?.attachments.map(\.file) == ["files/old/A.png", "files/old/B.jpg"])
        #expect(index.usedBytes == 30)
        #expect(FileManager.default.fileExists(atPath: store.folder.appendingPathComponent("index.json.migrated").path))
        #expect(!FileManager.default.fileExists(atPath: store.folder.appendingPathComponent("index.json").path))
        #expect(FileManager.default.fileExists(atPath: store.folder.appendingPathComponent("files/old/B.jpg").path))
        // New deliveries go after it; one with its identifier replaces it and its files.
        let source = try file(in: scratch.url.appendingPathComponent("in"), "new.png", bytes: 5)
        _ = try store.deliver(notification: "new", files: [.init(identifier: "n", source: source, type: "public.png", size: 5, move: true)])
        #expect(try store.list().notifications.map(\.identifier) == ["old", "new"])
        let again = try file(in: scratch.url.appendingPathComponent("in"), "again.png", bytes: 6)
        _ = try store.deliver(notification: "old", files: [.init(identifier: "x", source: again, type: "public.png", size: 6, move: true)])
        let after = try store.list()
        #expect(after.notifications.map(\.identifier) == ["new", "old"])
        #expect(after.usedBytes == 11)
        #expect(!FileManager.default.fileExists(atPath: store.folder.appendingPathComponent("files/old/A.png").path))
        #expect(try store.collectGarbage().isClean)
    }

    @Test("An index.json that is not an index stops the migration naming it; a damaged index.sqlite is named with the fix")
    func damaged() throws {
        let scratch = try Scratch("index-damaged")
        let store = AttachmentStore(root: scratch.store, bundleIdentifier: "com.example.damaged")
        try FileManager.default.createDirectory(at: store.folder, withIntermediateDirectories: true)
        try Data("{ not json".utf8).write(to: store.folder.appendingPathComponent("index.json"))
        #expect {
            try store.list()
        } throws: { error in
            "\(error)".contains("index.json") && "\(error)".contains("cannot be moved into index.sqlite")
        }
        // A store whose index.sqlite is damaged (written over while no process had it open).
        let other = AttachmentStore(root: scratch.store, bundleIdentifier: "com.example.damaged.sqlite")
        try FileManager.default.createDirectory(at: other.folder, withIntermediateDirectories: true)
        try Data(repeating: 0x41, count: 8192).write(to: other.folder.appendingPathComponent("index.sqlite"))
        #expect {
            try other.list()
        } throws: { error in
            "\(error)".contains("index.sqlite") && "\(error)".contains("remove it")
        }
    }
}
