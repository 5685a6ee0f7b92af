import Foundation

/// The app's database (`apps/APP/app.sqlite`: the notification center and the keychain)
/// cannot be read or written: the file and what to do, as the CLI prints it. One error for
/// every store kept in that database (`CenterStoreError` and `KeychainStoreError` name it).
public struct AppDatabaseError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The file: the app's database, or the JSON file being migrated into it.
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

    /// `error`, met on the app's database `file` while a store used it. `legacyPath`: the file
    /// the error is about when it came from migrating an older JSON file (nil: the database
    /// itself). `lost`: what removing the database loses, for the message.
    public init(file: URL, legacyPath: String?, lost: String, _ error: SQLiteError) {
        if let legacyPath {
            path = legacyPath
            message = error.message
            isDamaged = false
        } else if error.isDamagedFile {
            path = file.path
            message =
                "the app's database is damaged (\(error.message), SQLite error \(error.code)); "
                + "`nsesim center reset --app-id APP` moves it aside (as \(file.lastPathComponent).damaged) and starts afresh, "
                + "or remove the file (\(lost))"
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
