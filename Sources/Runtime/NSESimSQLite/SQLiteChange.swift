/// What a statement that returns no rows did.
public struct SQLiteChange: Sendable, Equatable {
    /// The rows inserted, updated or deleted.
    public let changes: Int
    /// The row ID of the last row inserted on the connection.
    public let lastInsertRowID: Int64
}
