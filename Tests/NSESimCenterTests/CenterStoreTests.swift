import Foundation
import NSESimCenter
import NSESimRuntime
import NSESimSQLite
import Testing

/// The center in the app's database: real SQLite files in a temporary folder.
@Suite("Center store")
struct CenterStoreTests {
    /// A store in a fresh app folder, and the folder.
    func temporaryStore() -> (CenterStore, URL) {
        let folder = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("nsesim-center-\(UUID().uuidString)")
        return (CenterStore(appFolder: folder), folder)
    }

    func notification(_ identifier: String, date: Double = 1, badge: Int64? = nil, thread: String? = nil) -> CenterState.Delivered {
        var content: [String: JSONValue] = ["title": .string(identifier), "body": .string("body of \(identifier)")]
        if let badge { content["badge"] = .integer(badge) }
        if let thread { content["threadIdentifier"] = .string(thread) }
        return CenterState.Delivered(identifier: identifier, content: .object(content), date: date)
    }

    @Test("Changes persist; concurrent updates and deliveries are never lost; reset empties it")
    func persistence() async throws {
        let (store, folder) = temporaryStore()
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(try store.read() == CenterState())
        await withTaskGroup(of: Void.self) { group in
            for index in 0..<40 {
                group.addTask {
                    if index.isMultiple(of: 2) {
                        _ = try? store.update { state in state.deliver(notification("n\(index)", date: Double(index))) }
                    } else {
                        _ = try? store.deliver(notification("n\(index)", date: Double(index)))
                    }
                }
            }
        }
        #expect(try store.read().delivered.count == 40)
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("app.sqlite").path))
        try store.reset()
        #expect(try store.read().delivered.isEmpty)
    }

    // Contents are JSON text in the database: a whole number reads back as an integer, so the
    // model's values are written as integers where they are whole.
    @Test("deliver, setBadge and update write what CenterState's rules give, in the same order")
    func incrementalMatchesTheModel() throws {
        let (store, folder) = temporaryStore()
        defer { try? FileManager.default.removeItem(at: folder) }
        var model = CenterState()
        func check(_ label: String) throws {
            #expect(try store.read() == model, "\(label)")
        }
        for (index, identifier) in ["a", "b", "c", "a", "d", "b"].enumerated() {
            let item = notification(
                identifier, date: Double(index), badge: index == 4 ? 7 : nil, thread: index.isMultiple(of: 2) ? "t" : nil)
            let (change, registered) = try store.deliver(item, category: index == 1 ? "missing" : "")
            #expect(change == model.deliver(item))
            #expect(registered == (index != 1))
            try check("deliver \(identifier)")
        }
        #expect(try store.setBadge(3) == model.setBadge(3))
        try check("badge")
        let categories: [JSONValue] = [.object(["identifier": .string("chat"), "actions": .array([])])]
        #expect(try store.update { $0.setCategories(categories) } == model.setCategories(categories))
        #expect(try store.deliver(notification("e"), category: "chat").registered)
        _ = model.deliver(notification("e"))
        #expect(try store.update { $0.removeDelivered(["c", "zz"]) } == model.removeDelivered(["c", "zz"]))
        try check("remove")
        let repeating = CenterState.Pending(
            identifier: "water", content: .object(["title": .string("Drink")]),
            trigger: .object([
                "type": .string("timeInterval"), "timeInterval": .integer(3600),
                "repeats": .bool(true),
            ]), added: 0)
        let once = CenterState.Pending(identifier: "a", content: .object(["title": .string("again")]), trigger: .null, added: 0)
        #expect(
            try store.update { [$0.addPending(repeating), $0.addPending(once)] } == [model.addPending(repeating), model.addPending(once)])
        try check("pending")
        #expect(try store.update { $0.advance(to: 3 * 3600 + 5) } == model.advance(to: 3 * 3600 + 5))
        try check("advance")
        #expect(
            try store.update { $0.move(to: CenterPosition(latitude: 48.85, longitude: 2.29), at: 0) }
                == model.move(to: CenterPosition(latitude: 48.85, longitude: 2.29), at: 0))
        try check("move")
        #expect(try store.clock() == model.clock)
        #expect(try store.categories() == model.categories)
        #expect(try store.delivered("water") == model.delivered.first { $0.identifier == "water" })
        #expect(try store.update { $0.removeAllDelivered() } == model.removeAllDelivered())
        try check("remove all")
    }

    @Test("A change that reads no delivered rows (categories, pending, badge) or some (removing them) leaves the others as they were")
    func updateWithoutDelivered() throws {
        let (store, folder) = temporaryStore()
        defer { try? FileManager.default.removeItem(at: folder) }
        for index in 0..<5 { _ = try store.deliver(notification("n\(index)", date: Double(index))) }
        let delivered = try store.read().delivered
        let seen = try store.update(reading: .none) { state -> Int in
            _ = state.setCategories([.object(["identifier": .string("reply")])])
            _ = state.addPending(
                CenterState.Pending(
                    identifier: "later", content: .object(["title": .string("later")]),
                    trigger: .null, added: 1))
            _ = state.setBadge(3)
            return state.delivered.count
        }
        #expect(seen == 0, "the change got the delivered rows")
        let after = try store.read()
        #expect(after.delivered == delivered)
        #expect(after.categories.keys.sorted() == ["reply"])
        #expect(after.pending.map(\.identifier) == ["later"])
        #expect(after.badge == 3)
        let partial = try store.readWithoutDelivered()
        #expect(partial.delivered.isEmpty && partial.categories == after.categories && partial.pending == after.pending)

        // Removing some reads only those: the rest stay, in their order.
        let change = try store.update(reading: .identified(["n1", "n3", "absent"])) { $0.removeDelivered(["n1", "n3", "absent"]) }
        #expect(change.details["identifiers"] == .array([.string("n3"), .string("n1")]))
        #expect(try store.read().delivered.map(\.identifier) == ["n4", "n2", "n0"])
    }

    @Test("The listing read gives the listed properties only, in the same order")
    func listing() throws {
        let (store, folder) = temporaryStore()
        defer { try? FileManager.default.removeItem(at: folder) }
        for index in 0..<5 { _ = try store.deliver(notification("n\(index)", date: Double(index), thread: "t\(index % 2)")) }
        let full = try store.read()
        let listed = try store.read(deliveredKeys: ["title", "threadIdentifier"])
        #expect(listed.delivered.map(\.identifier) == full.delivered.map(\.identifier))
        #expect(listed.delivered.map(\.threadIdentifier) == full.delivered.map(\.threadIdentifier))
        #expect(listed.delivered.first?.content == .object(["title": .string("n4"), "threadIdentifier": .string("t0")]))
        #expect(listed.threads.map(\.summary) == full.threads.map(\.summary))
    }

    @Test("center.json of earlier versions is moved into the database on first open, then renamed .migrated")
    func migration() throws {
        let (store, folder) = temporaryStore()
        defer { try? FileManager.default.removeItem(at: folder) }
        var old = CenterState()
        old.deliver(notification("old-1", date: 1))
        old.deliver(notification("old-2", date: 2, badge: 4, thread: "chat"))
        _ = old.setCategories([.object(["identifier": .string("chat"), "actions": .array([])])])
        _ = old.addPending(
            CenterState.Pending(
                identifier: "later", content: .object(["title": .string("Later")]),
                trigger: .object([
                    "type": .string("timeInterval"), "timeInterval": .integer(60),
                    "repeats": .bool(false),
                ]), added: 10))
        old.setClock(100)
        _ = old.move(to: CenterPosition(latitude: 1, longitude: 2), at: 100)
        try FileManager.default.createDirectory(at: store.legacyFile.deletingLastPathComponent(), withIntermediateDirectories: true)
        try old.jsonValue.serialized(pretty: true).write(to: store.legacyFile)
        #expect(store.exists)

        #expect(try store.read() == old)
        #expect(!FileManager.default.fileExists(atPath: store.legacyFile.path))
        #expect(FileManager.default.fileExists(atPath: store.legacyFile.path + ".migrated"))
        // A new connection (another process) reads the same; the rows were not written twice.
        SQLiteConnections.forget(store.file.path)
        #expect(try store.read() == old)
        #expect(try store.deliver(notification("new")).change.details["replaced"] == .bool(false))
        #expect(try store.read().delivered.map(\.identifier) == ["new", "old-2", "old-1"])
    }

    @Test("A center.json that is not JSON stops the migration with an error naming it")
    func migrationOfADamagedFile() throws {
        let (store, folder) = temporaryStore()
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: store.legacyFile.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data("{ not json".utf8).write(to: store.legacyFile)
        #expect {
            try store.read()
        } throws: { error in
            let text = "\(error)"
            return text.contains("center.json") && text.contains("cannot be moved into the app's database") && text.contains("remove it")
        }
        #expect(FileManager.default.fileExists(atPath: store.legacyFile.path))
    }

    @Test("A damaged database is an error naming the file and the fix; reset moves it aside and starts afresh")
    func damaged() throws {
        let (store, folder) = temporaryStore()
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data(repeating: 0x41, count: 8192).write(to: store.file)
        #expect {
            try store.read()
        } throws: { error in
            let text = "\(error)"
            return (error as? CenterStoreError)?.isDamaged == true && text.contains("app.sqlite") && text.contains("nsesim center reset")
        }
        try store.reset()
        #expect(FileManager.default.fileExists(atPath: store.file.path + ".damaged"))
        #expect(try store.read() == CenterState())
        _ = try store.deliver(notification("after"))
        #expect(try store.read().delivered.map(\.identifier) == ["after"])
    }

    @Test("A full disk: SQLITE_FULL is an error naming the file, and the rows written before stay whole")
    func fullDisk() throws {
        // A 1 MB tmpfs, where mounting is allowed (root here and in CI); else skipped.
        let mount = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("nsesim-center-full-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: mount, withIntermediateDirectories: true)
        defer {
            _ = try? runProcess("/usr/bin/umount", [mount.path])
            try? FileManager.default.removeItem(at: mount)
        }
        guard (try? runProcess("/usr/bin/mount", ["-t", "tmpfs", "-o", "size=1m", "tmpfs", mount.path])) == 0 else { return }
        let store = CenterStore(appFolder: mount)
        let body = String(repeating: "x", count: 2000)
        var stored = 0
        var failure: CenterStoreError?
        for index in 0..<2000 {
            let item = CenterState.Delivered(
                identifier: "n\(index)", content: .object(["title": .string("n\(index)"), "body": .string(body)]),
                date: Double(index))
            do {
                _ = try store.deliver(item)
                stored += 1
            } catch {
                failure = error
                break
            }
        }
        let error = try #require(failure)
        #expect(error.path.hasSuffix("app.sqlite") && error.message.contains("disk is full"), "\(error)")
        SQLiteConnections.forget(store.file.path)
        // Every delivery that returned is there, whole, and the next read works.
        let state = try store.read()
        #expect(state.delivered.count == stored)
        #expect(state.delivered.allSatisfy { $0.content["body"]?.stringValue == body })
    }

    private func runProcess(_ path: String, _ arguments: [String]) throws -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        return process.terminationStatus
    }
}
