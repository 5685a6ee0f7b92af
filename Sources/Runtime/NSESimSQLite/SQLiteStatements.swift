/// What both a connection and a transaction run: code that reads or writes a few tables takes
/// either, and so runs inside a caller's transaction or on its own.
public protocol SQLiteStatements {
    /// The rows `sql` returns with `bindings` bound.
    func query(_ sql: String, _ bindings: [SQLiteValue]) throws(SQLiteError) -> [SQLiteRow]
    /// Runs one statement that returns no rows.
    @discardableResult
    func run(_ sql: String, _ bindings: [SQLiteValue]) throws(SQLiteError) -> SQLiteChange
    /// Runs `sql`, several statements binding nothing.
    func execute(_ sql: String) throws(SQLiteError)
}

extension SQLiteDatabase: SQLiteStatements {}
extension SQLiteTransaction: SQLiteStatements {}
