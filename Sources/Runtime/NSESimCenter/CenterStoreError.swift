import Foundation
import NSESimSQLite

/// The center's database cannot be read or written, naming the file and what to do.
public struct CenterStoreError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The file: the app's database, or the JSON file being migrated.
    public let path: String
    public let message: String
    /// Whether the database file is damaged or not a database (`nsesim center reset` moves it aside).
    public let isDamaged: Bool

    public init(path: String, message: String, isDamaged: Bool = false) {
        self.path = path
        self.message = message
        self.isDamaged = isDamaged
    }

    public var description: String { "\(path): \(message)" }

    init(file: URL, legacyFile: URL, _ error: SQLiteError) {
        if error.context == legacyFile.path {
            path = legacyFile.path
            message = error.message
            isDamaged = false
        } else if error.isDamagedFile {
            path = file.path
            message = "the app's database is damaged (\(error.message), SQLite error \(error.code)); "
                + "`nsesim center reset --app-id APP` moves it aside (as \(file.lastPathComponent).damaged) and starts afresh, "
                + "or remove the file (the app's keychain items are in it too)"
            isDamaged = true
        } else if error.code == SQLiteError.full {
            path = file.path
            message = "cannot be written: the disk is full (\(error.message), SQLite error \(error.code)); nothing was changed"
            isDamaged = false
        } else {
            path = file.path
            message = error.description
            isDamaged = false
        }
    }
}
