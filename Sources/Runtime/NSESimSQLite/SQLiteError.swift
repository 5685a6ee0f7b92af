/// What SQLite said when a call failed: its primary and extended result codes and message,
/// with what was being done.
public struct SQLiteError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The primary result code (`SQLITE_CANTOPEN` is 14, `SQLITE_NOTADB` 26, …).
    public let code: Int32
    /// The extended result code (`SQLITE_CONSTRAINT_UNIQUE`, …); the primary code when there is none.
    public let extendedCode: Int32
    /// SQLite's message (`sqlite3_errmsg`).
    public let message: String
    /// The SQL or the file being worked on, when known.
    public let context: String?

    /// An error with SQLite's codes and message; the extended code is the primary one when not given.
    public init(code: Int32, extendedCode: Int32? = nil, message: String, context: String? = nil) {
        self.code = code
        self.extendedCode = extendedCode ?? code
        self.message = message
        self.context = context
    }

    /// `SQLITE_CANTOPEN` (14): the file cannot be opened or created.
    public static let cantOpen: Int32 = 14
    /// `SQLITE_CORRUPT` (11): the database disk image is malformed.
    public static let corrupt: Int32 = 11
    /// `SQLITE_NOTADB` (26): the file is not a database.
    public static let notADatabase: Int32 = 26
    /// `SQLITE_BUSY` (5): another connection holds the lock past the busy timeout.
    public static let busy: Int32 = 5
    /// `SQLITE_FULL` (13): the disk (or the file system's quota) is full.
    public static let full: Int32 = 13
    /// `SQLITE_CONSTRAINT` (19).
    public static let constraint: Int32 = 19
    /// `SQLITE_MISUSE` (21): used here too for misuse of this layer (a value of no column).
    public static let misuse: Int32 = 21

    /// Whether the file is damaged or not a database at all.
    public var isDamagedFile: Bool { code == Self.corrupt || code == Self.notADatabase }

    /// "SQLite error 26: file is not a database [path]".
    public var description: String {
        "SQLite error \(code)" + (extendedCode != code ? " (\(extendedCode))" : "") + ": \(message)"
            + (context.map { " [\($0)]" } ?? "")
    }
}
