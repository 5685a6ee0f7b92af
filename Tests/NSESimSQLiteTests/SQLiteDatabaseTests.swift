import Foundation
import NSESimSQLite
import Testing

@Suite("NSESimSQLite: a connection in WAL mode, statements, transactions, typed errors")
struct SQLiteDatabaseTests {
    private func temporaryFile(_ name: String = "test.sqlite") throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("nsesim-sqlite-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder.appendingPathComponent(name)
    }

    @Test("Values of every storage class round-trip through bound parameters; a zero-length blob stays a blob")
    func valuesRoundTrip() throws {
        let database = try SQLiteDatabase(path: try temporaryFile().path)
        try database.execute("CREATE TABLE t (i INTEGER, r REAL, s TEXT, b BLOB, n TEXT)")
        let values: [SQLiteValue] = [.integer(Int64.max), .real(2.5), .text("héllo ✓"), .blob(Data([0, 1, 2, 255])), .null]
        let change = try database.run("INSERT INTO t VALUES (?, ?, ?, ?, ?)", values)
        #expect(change.changes == 1 && change.lastInsertRowID == 1)
        try database.run("INSERT INTO t VALUES (?, ?, ?, ?, ?)", [.integer(0), .real(0), .text(""), .blob(Data()), .null])
        let rows = try database.query("SELECT i, r, s, b, n FROM t ORDER BY rowid")
        #expect(rows.count == 2)
        #expect(rows[0].values == values)
        #expect(rows[1]["b"] == .blob(Data()) && rows[1]["s"] == .text(""))
        #expect(rows[0]["missing"] == .null)
        // A text holding NUL (a notification identifier "x\0y") is kept whole, bound and read by its byte count.
        try database.run("INSERT INTO t (s) VALUES (?)", [.text("x\u{0}y")])
        #expect(
            try database.query("SELECT s, length(CAST(s AS BLOB)) FROM t WHERE s = ?", [.text("x\u{0}y")]).first?.values
                == [.text("x\u{0}y"), .integer(3)])
    }

    @Test("The file is in WAL mode, and a second connection (another process's) sees committed rows at once")
    func walAndTwoConnections() throws {
        let file = try temporaryFile()
        let app = try SQLiteDatabase(path: file.path)
        let mode = try app.query("PRAGMA journal_mode")
        #expect(mode.first?[0] == .text("wal"))
        try app.execute("CREATE TABLE notes (body TEXT)")
        let extensionSide = try SQLiteDatabase(path: file.path)
        try app.run("INSERT INTO notes VALUES (?)", [.text("from the app")])
        #expect(try extensionSide.query("SELECT body FROM notes").map { $0[0] } == [.text("from the app")])
        try extensionSide.run("INSERT INTO notes VALUES (?)", [.text("from the extension")])
        #expect(try app.query("SELECT count(*) FROM notes").first?[0] == .integer(2))
    }

    @Test("A transaction commits as a whole, and rolls back as a whole when its body throws")
    func transactions() throws {
        let database = try SQLiteDatabase(path: try temporaryFile().path)
        try database.execute("CREATE TABLE t (k INTEGER PRIMARY KEY, v TEXT NOT NULL)")
        let key = try database.transaction { transaction throws(SQLiteError) in
            try transaction.run("INSERT INTO t (v) VALUES (?)", [.text("a")]).lastInsertRowID
        }
        #expect(key == 1)
        #expect(throws: SQLiteError.self) {
            try database.transaction { transaction throws(SQLiteError) in
                try transaction.run("INSERT INTO t (v) VALUES (?)", [.text("b")])
                try transaction.run("INSERT INTO t (v) VALUES (?)", [.null])  // NOT NULL: the whole transaction goes
            }
        }
        #expect(try database.query("SELECT v FROM t").map { $0[0] } == [.text("a")])
    }

    @Test("Errors are typed: a file that is not a database, a folder that cannot hold one, bad SQL, a wrong parameter count")
    func typedErrors() throws {
        let garbage = try temporaryFile("garbage.sqlite")
        try Data(repeating: 0x41, count: 4096).write(to: garbage)
        do {
            _ = try SQLiteDatabase(path: garbage.path)
            Issue.record("a file of 'A's opened as a database")
        } catch {
            #expect(error.code == SQLiteError.notADatabase && error.isDamagedFile)
        }
        do {
            _ = try SQLiteDatabase(path: "/nonexistent-folder-\(UUID().uuidString)/x.sqlite")
            Issue.record("a database opened in a missing folder")
        } catch {
            #expect(error.code == SQLiteError.cantOpen)
        }
        let database = try SQLiteDatabase(path: try temporaryFile().path)
        #expect(throws: SQLiteError.self) { try database.query("SELEKT 1") }
        do {
            _ = try database.query("SELECT ?", [])
            Issue.record("a statement ran without its parameter")
        } catch {
            #expect(error.code == SQLiteError.misuse && error.message.contains("0 values for 1 parameters"))
        }
        database.close()
        #expect(throws: SQLiteError.self) { try database.query("SELECT 1") }
    }

    @Test("One connection is shared by threads: concurrent writers never interleave inside a transaction")
    func concurrentWriters() async throws {
        let database = try SQLiteDatabase(path: try temporaryFile().path)
        try database.execute("CREATE TABLE counter (n INTEGER)")
        try database.run("INSERT INTO counter VALUES (0)")
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<8 {
                group.addTask {
                    for _ in 0..<25 {
                        _ = try? database.transaction { transaction throws(SQLiteError) in
                            let n = try transaction.query("SELECT n FROM counter").first?[0].integerValue ?? 0
                            try transaction.run("UPDATE counter SET n = ?", [.integer(n + 1)])
                        }
                    }
                }
            }
        }
        #expect(try database.query("SELECT n FROM counter").first?[0] == .integer(200))
    }

    @Test("Two connections (an app and its extension) writing at once wait for each other's transactions: no update is lost")
    func twoWritersOnOneFile() async throws {
        let file = try temporaryFile()
        let app = try SQLiteDatabase(path: file.path)
        try app.execute("CREATE TABLE counter (n INTEGER)")
        try app.run("INSERT INTO counter VALUES (0)")
        let extensionSide = try SQLiteDatabase(path: file.path)
        await withTaskGroup(of: Void.self) { group in
            for database in [app, extensionSide] {
                group.addTask {
                    for _ in 0..<50 {
                        try? database.transaction { transaction throws(SQLiteError) in
                            let n = try transaction.query("SELECT n FROM counter").first?[0].integerValue ?? 0
                            try transaction.run("UPDATE counter SET n = ?", [.integer(n + 1)])
                        }
                    }
                }
            }
        }
        #expect(try app.query("SELECT n FROM counter").first?[0] == .integer(100))
    }
}
