import Foundation
import NSESimCenter
import NSESimRuntime
import NSESimSQLite
import Testing

/// What a push costs the center does not depend on how many notifications it holds: each
/// operation's work, as SQLite counts it (``SQLiteWork``: statements, rows returned, virtual
/// machine steps, steps of full table scans), is compared between a center of 10 and one of
/// 10,000 delivered notifications. Counts, not times: the same on a loaded machine.
@Suite("Center store at scale")
struct CenterScaleTests {
    /// A center in a fresh folder holding `count` delivered notifications `n1` … `nCOUNT`
    /// (`nCOUNT` the newest), written by one statement; then what `prepare` adds.
    static func center(holding count: Int, _ prepare: (CenterStore) throws -> Void = { _ in }) throws -> (CenterStore, URL) {
        let folder = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("nsesim-center-scale-\(UUID().uuidString)")
        let store = CenterStore(appFolder: folder)
        _ = try store.clock()  // creates the tables
        let database = try SQLiteConnections.database(at: store.file.path, part: "center") { _ in }
        try database.execute(
            """
            WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < \(count))
            INSERT INTO center_delivered (identifier, date, content, trigger)
            SELECT 'n' || i, 1774252800 + i, json_object('title', 'Order ' || i, 'body', 'shipped', 'threadIdentifier', 't' || (i % 7)), NULL FROM n;
            """)
        try prepare(store)
        return (store, folder)
    }

    /// The work `body` made SQLite do on the store's connection.
    static func work<T>(_ store: CenterStore, _ body: () throws -> T) throws -> (SQLiteWork, T) {
        let before = try store.work()
        let result = try body()
        return (try store.work() - before, result)
    }

    /// Runs `operation` on a center of 10 and one of 10,000 and checks that it did the same
    /// work on both: the same statements, rows and full-scan steps (the small tables,
    /// pending requests, categories and values, are scanned whole; the delivered one never),
    /// VM steps within 1.5x (a B-tree's extra level on the larger one is free in SQLite's count).
    func expectFlat(
        _ name: String, prepare: @escaping (CenterStore) throws -> Void = { _ in },
        _ operation: (CenterStore) throws -> Void
    ) throws {
        var measured: [SQLiteWork] = []
        for count in [10, 10_000] {
            let (store, folder) = try Self.center(holding: count, prepare)
            defer { try? FileManager.default.removeItem(at: folder) }
            measured.append(try Self.work(store) { try operation(store) }.0)
        }
        let (small, large) = (measured[0], measured[1])
        #expect(
            large.statements == small.statements && large.rows == small.rows && large.fullScanSteps == small.fullScanSteps,
            "\(name): at 10, \(small); at 10,000, \(large)")
        #expect(Double(large.steps) <= Double(small.steps) * 1.5, "\(name): at 10, \(small); at 10,000, \(large)")
    }

    func notification(_ identifier: String) -> CenterState.Delivered {
        CenterState.Delivered(identifier: identifier, content: .object(["title": .string(identifier), "badge": .integer(2)]), date: 5)
    }

    /// A pending request that fires 60 s after the clock, with identifier `identifier`.
    static func schedule(_ identifier: String, on store: CenterStore) throws {
        try store.update(reading: .none) { state in
            state.setClock(1_774_252_800)
            _ = state.addPending(
                CenterState.Pending(
                    identifier: identifier, content: .object(["title": .string("Water")]),
                    trigger: CenterTrigger.timeInterval(60, repeats: false).jsonValue,
                    added: 1_774_252_800))
        }
    }

    @Test("A push's own work is the same at 10 and 10,000 held: deliver, the clock, the reads without delivered rows")
    func pushPath() throws {
        try expectFlat("deliver") { store in _ = try store.deliver(notification("new"), category: "none") }
        try expectFlat("deliver replacing one") { store in _ = try store.deliver(notification("n3")) }
        try expectFlat("clock") { store in _ = try store.clock() }
        try expectFlat("readWithoutDelivered") { store in _ = try store.readWithoutDelivered() }
        try expectFlat("delivered(identifier)") { store in _ = try store.delivered("n5") }
        try expectFlat("setBadge") { store in _ = try store.setBadge(4) }
        // `deliver`'s and replay's step before a push: the clock set and advanced, nothing due.
        try expectFlat("advance, nothing due", prepare: { try Self.schedule("water", on: $0) }) { store in
            _ = try store.update(reading: .firable) { state in state.advance(to: 1_774_252_830) }
        }
        // A request that fires and replaces a delivered notification deep in the list.
        try expectFlat("advance, firing", prepare: { try Self.schedule("n2", on: $0) }) { store in
            let changes = try store.update(reading: .firable) { state in state.advance(to: 1_774_252_900) }
            #expect(changes.first?.details["replaced"] == .bool(true))
        }
        try expectFlat("remove one", prepare: { try Self.schedule("water", on: $0) }) { store in
            _ = try store.update(reading: .identified(["n4", "water"])) { state in
                [state.removeDelivered(["n4", "water"]), state.removePending(["n4", "water"])]
            }
        }
    }

    @Test("Advancing with only the rows a firing may replace gives what the whole state gives")
    func firableMatchesTheWholeState() throws {
        let (store, folder) = try Self.center(holding: 50) { store in
            try Self.schedule("n7", on: store)
            try store.update(reading: .none) { state in
                _ = state.addPending(
                    CenterState.Pending(
                        identifier: "hourly", content: .object(["title": .string("Hourly")]),
                        trigger: CenterTrigger.timeInterval(3600, repeats: true).jsonValue,
                        added: 1_774_252_800))
            }
        }
        defer { try? FileManager.default.removeItem(at: folder) }
        var model = try store.read()
        let expected = model.advance(to: 1_774_252_800 + 3 * 3600 + 1)
        let (work, changes) = try Self.work(store) {
            try store.update(reading: .firable) { state in state.advance(to: 1_774_252_800 + 3 * 3600 + 1) }
        }
        #expect(changes == expected)
        #expect(try store.read() == model)
        #expect(try store.read().delivered.prefix(3).map(\.identifier) == ["hourly", "n7", "n50"])
        #expect(work.fullScanSteps < 50, "the delivered rows were scanned: \(work)")
    }
}
