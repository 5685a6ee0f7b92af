import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// One connection per database file in this process, shared by every store that keeps its
/// tables there (an app's database holds its notification center and its keychain), opened
/// on first use and opened again when the file was removed or replaced (by `nsesim center
/// reset` moving a damaged file aside, or a test). Each connection remembers which setups
/// (`prepare`) ran on it: a store creates its tables and migrates its old files once per
/// connection, not once per operation. Files it creates are mode 0600.
public enum SQLiteConnections {
    private struct Entry {
        let database: SQLiteDatabase
        let inode: ino_t
        let device: dev_t
        var prepared: Set<String>
    }

    private static let lock = NSLock()
    nonisolated(unsafe) private static var entries: [String: Entry] = [:]

    /// The connection to the database at `path` (created with its folder when missing), after
    /// `setup` ran on it once under the name `part` (setups are idempotent: two processes may
    /// run theirs at once; the second finds the work done).
    public static func database(
        at path: String, part: String,
        setup: (SQLiteDatabase) throws(SQLiteError) -> Void
    ) throws(SQLiteError) -> SQLiteDatabase {
        let database = try open(path)
        let done = lock.withLock { entries[path]?.prepared.contains(part) ?? false }
        if !done {
            try setup(database)
            lock.withLock { entries[path]?.prepared.insert(part) }
        }
        return database
    }

    /// Forgets (and closes) this process's connection to `path`, before the file is moved aside.
    public static func forget(_ path: String) {
        let entry = lock.withLock { entries.removeValue(forKey: path) }
        entry?.database.close()
    }

    private static func open(_ path: String) throws(SQLiteError) -> SQLiteDatabase {
        var status = stat()
        let exists = stat(path, &status) == 0
        if let entry = lock.withLock({ entries[path] }), exists, entry.inode == status.st_ino, entry.device == status.st_dev {
            return entry.database
        }
        forget(path)
        let folder = (path as NSString).deletingLastPathComponent
        if !folder.isEmpty {
            do {
                try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            } catch {
                throw SQLiteError(
                    code: SQLiteError.cantOpen, message: "its folder cannot be created: \(error.localizedDescription)",
                    context: path)
            }
        }
        // Created 0600 (SQLite would make it 0644): an app's database holds its keychain; the
        // WAL and shared-memory files take the database's mode.
        let created = Glibc.open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        if created >= 0 { Glibc.close(created) }
        let database = try SQLiteDatabase(path: path)
        guard stat(path, &status) == 0 else {
            throw SQLiteError(code: SQLiteError.cantOpen, message: "the file vanished as it was opened", context: path)
        }
        lock.withLock {
            entries[path] = Entry(database: database, inode: status.st_ino, device: status.st_dev, prepared: [])
        }
        return database
    }
}
