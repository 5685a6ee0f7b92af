/// One result row: its values by column, in the order of the query, and by name.
public struct SQLiteRow: Sendable, Equatable {
    /// The column names, in order.
    public let columns: [String]
    /// The values, one per column.
    public let values: [SQLiteValue]

    /// A row of `values` under `columns`.
    public init(columns: [String], values: [SQLiteValue]) {
        self.columns = columns
        self.values = values
    }

    /// The value of column `index`.
    public subscript(index: Int) -> SQLiteValue { values[index] }

    /// The value of the column named `name` (the first of that name); `.null` when there is none.
    public subscript(name: String) -> SQLiteValue {
        columns.firstIndex(of: name).map { values[$0] } ?? .null
    }
}
