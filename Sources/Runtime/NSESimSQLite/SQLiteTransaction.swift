/// The statements of one transaction (`SQLiteDatabase.transaction`): valid only inside the
/// closure that receives it, which runs with the connection's lock held.
public struct SQLiteTransaction {
    let database: SQLiteDatabase
    let connection: OpaquePointer

    /// The rows `sql` returns with `bindings` bound.
    public func query(_ sql: String, _ bindings: [SQLiteValue] = []) throws(SQLiteError) -> [SQLiteRow] {
        try database.rows(sql, bindings, on: connection)
    }

    /// Runs one statement that returns no rows.
    @discardableResult
    public func run(_ sql: String, _ bindings: [SQLiteValue] = []) throws(SQLiteError) -> SQLiteChange {
        try database.change(sql, bindings, on: connection)
    }

    /// Runs `sql`, several statements binding nothing.
    public func execute(_ sql: String) throws(SQLiteError) {
        try SQLiteDatabase.execute(sql, on: connection)
    }
}
