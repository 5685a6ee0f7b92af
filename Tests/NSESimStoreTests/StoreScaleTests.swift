import Foundation
import NSESimSQLite
import NSESimStore
import Testing

/// A push's work in the attachment store does not depend on how many notifications it
/// holds: the store index's work, as SQLite counts it (``SQLiteWork``), for a delivery with
/// a file, one without, and a removal, with 10 and with 60 notifications stored. Counts, not
/// times: the same on a loaded machine.
@Suite("Attachment store at scale")
struct StoreScaleTests {
    /// A store in `folder` holding `count` notifications of one small file each.
    func store(holding count: Int, in folder: URL) throws -> AttachmentStore {
        let store = AttachmentStore(root: folder.appendingPathComponent("store"), bundleIdentifier: "com.example.scale")
        for index in 0..<count { try deliver("n\(index)", into: store, from: folder) }
        return store
    }

    /// A delivery of one 16-byte file, moved in as from an extension's container.
    func deliver(_ identifier: String, into store: AttachmentStore, from folder: URL) throws {
        let source = folder.appendingPathComponent("in").appendingPathComponent("\(identifier).txt")
        try FileManager.default.createDirectory(at: source.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data("sixteen bytes ok".utf8).write(to: source)
        let results = try store.deliver(
            notification: identifier,
            files: [
                AttachmentStore.Placement(identifier: "text", source: source, type: "public.plain-text", size: 16, move: true)
            ])
        guard case .stored = results.first else { throw StoreError.unknownNotification("\(identifier): \(results)") }
    }

    @Test("A delivery with a file, one without, a replacement and a removal: the same index work with 10 and 60 stored")
    func pushWorkIsFlat() throws {
        var measured: [SQLiteWork] = []
        for count in [10, 60] {
            let folder = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("nsesim-store-scale-\(UUID().uuidString)")
            defer { try? FileManager.default.removeItem(at: folder) }
            let store = try store(holding: count, in: folder)
            let index = try SQLiteConnections.database(at: store.folder.appendingPathComponent("index.sqlite").path, part: "store") { _ in }
            let before = index.work
            try deliver("new", into: store, from: folder)
            _ = try store.deliver(notification: "text-only", files: [])
            try deliver("n3", into: store, from: folder)
            try store.remove(notification: "n5")
            measured.append(index.work - before)
            // The bytes in use follow the files: 16 for each notification left.
            #expect(try store.list().notifications.count == count)
            #expect(try store.collectGarbage().isClean)
        }
        let (small, large) = (measured[0], measured[1])
        #expect(
            large.statements == small.statements && large.rows == small.rows && large.fullScanSteps == small.fullScanSteps,
            "at 10, \(small); at 60, \(large)")
        #expect(Double(large.steps) <= Double(small.steps) * 1.5, "at 10, \(small); at 60, \(large)")
    }

    @Test("The bytes in use: counted once for an index made before they were kept, then kept as files come and go")
    func quotaFollowsTheFiles() throws {
        let folder = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("nsesim-store-quota-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let root = folder.appendingPathComponent("store")
        var store = AttachmentStore(root: root, bundleIdentifier: "com.example.quota", quota: 40)
        try deliver("a", into: store, from: folder)
        try deliver("b", into: store, from: folder)
        // An index of an earlier version, without the byte count: it is counted on the next open.
        let indexPath = store.folder.appendingPathComponent("index.sqlite").path
        let database = try SQLiteConnections.database(at: indexPath, part: "store") { _ in }
        try database.execute("DROP TRIGGER store_files_added; DROP TRIGGER store_files_removed; DROP TABLE store_usage;")
        SQLiteConnections.forget(indexPath)
        // A third 16-byte file would make 48 of 40.
        store = AttachmentStore(root: root, bundleIdentifier: "com.example.quota", quota: 40)
        let source = folder.appendingPathComponent("in").appendingPathComponent("c.txt")
        try Data("sixteen bytes ok".utf8).write(to: source)
        let refused = try store.deliver(
            notification: "c",
            files: [
                AttachmentStore.Placement(identifier: "text", source: source, type: "public.plain-text", size: 16, move: true)
            ])
        guard case .failed(let reason) = refused.first else {
            Issue.record("stored over the quota: \(refused)")
            return
        }
        #expect(reason.contains("32 bytes in use"), "\(reason)")
        // Removing one frees its bytes.
        try store.remove(notification: "a")
        try deliver("c", into: store, from: folder)
    }
}
