/// What a connection's statements did, counted by SQLite itself (`sqlite3_stmt_status`) as
/// they ran: deterministic measures of work, the same on a loaded machine as on a quiet one,
/// so a test can show that an operation's cost does not grow with a table (compare the work
/// of one call on ten rows with the same call on ten thousand) without timing anything.
/// Statements run with `execute` (schema, `BEGIN`, `COMMIT`) are not counted.
public struct SQLiteWork: Sendable, Equatable, CustomStringConvertible {
    /// Statements run (`query` and `run`).
    public var statements = 0
    /// Rows the queries returned.
    public var rows = 0
    /// SQLite's virtual-machine operations (`SQLITE_STMTSTATUS_VM_STEP`): every row a
    /// statement visits costs some, whether it returns it or not.
    public var steps = 0
    /// Steps forward through a table in a full scan (`SQLITE_STMTSTATUS_FULLSCAN_STEP`):
    /// rows visited without an index.
    public var fullScanSteps = 0
    /// Sorts a statement needed (`SQLITE_STMTSTATUS_SORT`).
    public var sorts = 0

    public init() {}

    /// The work done between `earlier` and this.
    public static func - (later: SQLiteWork, earlier: SQLiteWork) -> SQLiteWork {
        var work = SQLiteWork()
        work.statements = later.statements - earlier.statements
        work.rows = later.rows - earlier.rows
        work.steps = later.steps - earlier.steps
        work.fullScanSteps = later.fullScanSteps - earlier.fullScanSteps
        work.sorts = later.sorts - earlier.sorts
        return work
    }

    public var description: String {
        "\(statements) statements, \(rows) rows returned, \(steps) VM steps, \(fullScanSteps) full-scan steps, \(sorts) sorts"
    }
}
