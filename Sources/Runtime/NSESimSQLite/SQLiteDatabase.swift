import CSQLite
import CSQLiteShim
import Foundation

/// One connection to an SQLite database file, opened in WAL mode (readers never wait for the
/// writer, and several processes may share the file: an app and its extension) with a busy
/// timeout (a writer waits for another's transaction instead of failing at once).
///
/// Sendable: the connection is used only while the object's lock is held, so one connection
/// may be shared between threads; statements never leave it. Open one per process and file.
public final class SQLiteDatabase: @unchecked Sendable {
    /// The file's path.
    public let path: String
    private let lock = NSLock()
    /// The connection; nil once closed. Guarded by `lock`.
    private var handle: OpaquePointer?
    /// Prepared statements by SQL, reused. Guarded by `lock`.
    private var statements: [String: OpaquePointer] = [:]
    /// What the statements did so far. Guarded by `lock`.
    private var counted = SQLiteWork()

    /// Opens (and creates, unless `readOnly`) the database at `path`, switches it to WAL and
    /// reads its schema, so that a file that is not a database fails here
    /// (`SQLiteError.notADatabase`), not on the first query.
    public init(path: String, readOnly: Bool = false, busyTimeout: Duration = .seconds(5)) throws(SQLiteError) {
        self.path = path
        // libsqlite3 is loaded on the first open (CSQLiteShim), not when the process starts.
        guard nsesim_sqlite3_load() == 0 else {
            throw SQLiteError(code: SQLiteError.cantOpen, message: String(cString: nsesim_sqlite3_load_error()), context: path)
        }
        var connection: OpaquePointer?
        let flags = (readOnly ? SQLITE_OPEN_READONLY : SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE) | SQLITE_OPEN_NOMUTEX
        let status = sqlite3_open_v2(path, &connection, flags, nil)
        guard status == SQLITE_OK, let connection else {
            let message = connection.map { String(cString: sqlite3_errmsg($0)) } ?? "out of memory"
            let extended = connection.map { sqlite3_extended_errcode($0) }
            sqlite3_close_v2(connection)
            throw SQLiteError(code: status & 0xff, extendedCode: extended, message: message, context: path)
        }
        handle = connection
        sqlite3_extended_result_codes(connection, 1)
        sqlite3_busy_timeout(
            connection,
            Int32(
                busyTimeout.components.seconds * 1000
                    + busyTimeout.components.attoseconds / 1_000_000_000_000_000))
        do throws(SQLiteError) {
            // Reading the schema checks the header: a damaged file or another format fails here.
            _ = try query("SELECT count(*) FROM sqlite_master")
            if !readOnly { _ = try query("PRAGMA journal_mode=WAL") }
            try execute("PRAGMA synchronous=NORMAL")
        } catch {
            close()
            throw error
        }
    }

    deinit { close() }

    /// Closes the connection; later calls fail with `SQLITE_MISUSE`.
    public func close() {
        lock.withLock {
            for statement in statements.values { sqlite3_finalize(statement) }
            statements = [:]
            sqlite3_close_v2(handle)
            handle = nil
        }
    }

    /// Runs `sql`, which may hold several statements and binds nothing (schema changes, pragmas).
    public func execute(_ sql: String) throws(SQLiteError) {
        try locked { connection throws(SQLiteError) in try Self.execute(sql, on: connection) }
    }

    /// The rows `sql` returns with `bindings` bound to its `?` parameters in order.
    public func query(_ sql: String, _ bindings: [SQLiteValue] = []) throws(SQLiteError) -> [SQLiteRow] {
        try locked { connection throws(SQLiteError) in try self.rows(sql, bindings, on: connection) }
    }

    /// Runs one statement that returns no rows; how many rows it changed and the last row ID.
    @discardableResult
    public func run(_ sql: String, _ bindings: [SQLiteValue] = []) throws(SQLiteError) -> SQLiteChange {
        try locked { connection throws(SQLiteError) in try self.change(sql, bindings, on: connection) }
    }

    /// Runs `body` in one transaction (`BEGIN IMMEDIATE`: the write lock is taken at once, so
    /// two writers wait for each other instead of failing half-way): committed when `body`
    /// returns, rolled back when it throws. The transaction is valid only inside `body`.
    public func transaction<T>(_ body: (SQLiteTransaction) throws(SQLiteError) -> T) throws(SQLiteError) -> T {
        try locked { connection throws(SQLiteError) in
            try Self.execute("BEGIN IMMEDIATE", on: connection)
            do throws(SQLiteError) {
                let result = try body(SQLiteTransaction(database: self, connection: connection))
                try Self.execute("COMMIT", on: connection)
                return result
            } catch {
                try? Self.execute("ROLLBACK", on: connection)
                throw error
            }
        }
    }

    /// What this connection's statements did since it was opened (``SQLiteWork``).
    public var work: SQLiteWork { lock.withLock { counted } }

    /// The tables of the database and their columns (`PRAGMA table_info`), by table name.
    public func tables() throws(SQLiteError) -> [String: [String]] {
        var tables: [String: [String]] = [:]
        for row in try query("SELECT name FROM sqlite_master WHERE type = 'table'") {
            guard let name = row[0].textValue else { continue }
            tables[name] = try query("PRAGMA table_info(\"\(name)\")").compactMap { $0["name"].textValue }
        }
        return tables
    }

    // MARK: - Under the lock

    private func locked<T>(_ body: (OpaquePointer) throws(SQLiteError) -> T) throws(SQLiteError) -> T {
        lock.lock()
        defer { lock.unlock() }
        guard let handle else { throw SQLiteError(code: SQLiteError.misuse, message: "the database is closed", context: path) }
        return try body(handle)
    }

    static func execute(_ sql: String, on connection: OpaquePointer) throws(SQLiteError) {
        var message: UnsafeMutablePointer<CChar>?
        let status = sqlite3_exec(connection, sql, nil, nil, &message)
        defer { sqlite3_free(message) }
        guard status == SQLITE_OK else {
            throw SQLiteError(
                code: status & 0xff, extendedCode: sqlite3_extended_errcode(connection),
                message: message.map { String(cString: $0) } ?? String(cString: sqlite3_errmsg(connection)), context: sql)
        }
    }

    func rows(_ sql: String, _ bindings: [SQLiteValue], on connection: OpaquePointer) throws(SQLiteError) -> [SQLiteRow] {
        let statement = try prepared(sql, bindings, on: connection)
        var rows: [SQLiteRow] = []
        defer {
            tally(statement, rows: rows.count)
            sqlite3_reset(statement)
            sqlite3_clear_bindings(statement)
        }
        let count = sqlite3_column_count(statement)
        let columns = (0..<count).map { String(cString: sqlite3_column_name(statement, $0)) }
        while true {
            let status = sqlite3_step(statement)
            if status == SQLITE_DONE { break }
            guard status == SQLITE_ROW else { throw Self.error(status, connection, sql) }
            rows.append(SQLiteRow(columns: columns, values: (0..<count).map { Self.column($0, of: statement) }))
        }
        return rows
    }

    func change(_ sql: String, _ bindings: [SQLiteValue], on connection: OpaquePointer) throws(SQLiteError) -> SQLiteChange {
        let statement = try prepared(sql, bindings, on: connection)
        defer {
            tally(statement, rows: 0)
            sqlite3_reset(statement)
            sqlite3_clear_bindings(statement)
        }
        var status = sqlite3_step(statement)
        while status == SQLITE_ROW { status = sqlite3_step(statement) }
        guard status == SQLITE_DONE else { throw Self.error(status, connection, sql) }
        return SQLiteChange(changes: Int(sqlite3_changes(connection)), lastInsertRowID: sqlite3_last_insert_rowid(connection))
    }

    /// Adds what `statement` did since it last ran to ``work`` (and sets its counters back to 0).
    private func tally(_ statement: OpaquePointer, rows: Int) {
        counted.statements += 1
        counted.rows += rows
        counted.steps += Int(sqlite3_stmt_status(statement, SQLITE_STMTSTATUS_VM_STEP, 1))
        counted.fullScanSteps += Int(sqlite3_stmt_status(statement, SQLITE_STMTSTATUS_FULLSCAN_STEP, 1))
        counted.sorts += Int(sqlite3_stmt_status(statement, SQLITE_STMTSTATUS_SORT, 1))
    }

    /// The cached statement for `sql` with `bindings` bound.
    private func prepared(_ sql: String, _ bindings: [SQLiteValue], on connection: OpaquePointer) throws(SQLiteError) -> OpaquePointer {
        let statement: OpaquePointer
        if let cached = statements[sql] {
            statement = cached
        } else {
            var created: OpaquePointer?
            let status = sqlite3_prepare_v2(connection, sql, -1, &created, nil)
            guard status == SQLITE_OK, let created else { throw Self.error(status, connection, sql) }
            statements[sql] = created
            statement = created
        }
        let expected = Int(sqlite3_bind_parameter_count(statement))
        guard expected == bindings.count else {
            throw SQLiteError(code: SQLiteError.misuse, message: "\(bindings.count) values for \(expected) parameters", context: sql)
        }
        for (offset, value) in bindings.enumerated() {
            let index = Int32(offset + 1)
            let status: Int32
            switch value {
            case .null: status = sqlite3_bind_null(statement, index)
            case .integer(let number): status = sqlite3_bind_int64(statement, index, number)
            case .real(let number): status = sqlite3_bind_double(statement, index, number)
            case .text(let text):
                // With its byte count: a text may hold NUL (an identifier "x\0y"), which a C string would end at.
                var bytes = Array(text.utf8)
                bytes.append(0)
                status = bytes.withUnsafeBufferPointer { buffer in
                    buffer.baseAddress!.withMemoryRebound(to: CChar.self, capacity: buffer.count) {
                        sqlite3_bind_text(statement, index, $0, Int32(buffer.count - 1), Self.transient)
                    }
                }
            case .blob(let data):
                status = data.withUnsafeBytes { bytes in
                    // A zero-length blob is a blob, not NULL.
                    bytes.baseAddress == nil
                        ? sqlite3_bind_zeroblob(statement, index, 0)
                        : sqlite3_bind_blob(statement, index, bytes.baseAddress, Int32(bytes.count), Self.transient)
                }
            }
            guard status == SQLITE_OK else { throw Self.error(status, connection, sql) }
        }
        return statement
    }

    /// SQLITE_TRANSIENT (a macro Swift cannot import): SQLite copies the bound bytes at once.
    private static let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)

    private static func column(_ index: Int32, of statement: OpaquePointer) -> SQLiteValue {
        switch sqlite3_column_type(statement, index) {
        case SQLITE_INTEGER: return .integer(sqlite3_column_int64(statement, index))
        case SQLITE_FLOAT: return .real(sqlite3_column_double(statement, index))
        case SQLITE_TEXT:
            // By its byte count, not up to the first NUL.
            let text = sqlite3_column_text(statement, index)  // first: the count is of the text form
            let count = Int(sqlite3_column_bytes(statement, index))
            guard count > 0, let text else { return .text("") }
            return .text(String(decoding: UnsafeBufferPointer(start: text, count: count), as: UTF8.self))
        case SQLITE_BLOB:
            let count = Int(sqlite3_column_bytes(statement, index))
            guard count > 0, let bytes = sqlite3_column_blob(statement, index) else { return .blob(Data()) }
            return .blob(Data(bytes: bytes, count: count))
        default: return .null
        }
    }

    private static func error(_ status: Int32, _ connection: OpaquePointer, _ sql: String) -> SQLiteError {
        SQLiteError(
            code: status & 0xff, extendedCode: sqlite3_extended_errcode(connection),
            message: String(cString: sqlite3_errmsg(connection)), context: sql)
    }
}
