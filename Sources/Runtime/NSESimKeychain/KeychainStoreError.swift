import Foundation
import NSESimSQLite

/// The keychain's database cannot be read or written, naming the file and what to do.
public struct KeychainStoreError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The file: the app's database, or the JSON file being migrated.
    public let path: String
    public let message: String
    /// Whether the database file is damaged or not a database.
    public let isDamaged: Bool

    public init(path: String, message: String, isDamaged: Bool = false) {
        self.path = path
        self.message = message
        self.isDamaged = isDamaged
    }

    public var description: String { "\(path): \(message)" }

    init(file: URL, legacyFolder: URL, _ error: SQLiteError) {
        isDamaged = error.isDamagedFile
        if let context = error.context, context.hasPrefix(legacyFolder.path + "/") {
            path = context
            message = error.message
        } else if error.isDamagedFile {
            path = file.path
            message = "the app's database is damaged (\(error.message), SQLite error \(error.code)); "
                + "`nsesim center reset --app-id APP` moves it aside (as \(file.lastPathComponent).damaged) and starts afresh, "
                + "or remove the file (the keychain's items and the notification center are lost)"
        } else if error.code == SQLiteError.full {
            path = file.path
            message = "cannot be written: the disk is full (\(error.message), SQLite error \(error.code)); nothing was changed"
        } else {
            path = file.path
            message = error.description
        }
    }
}
