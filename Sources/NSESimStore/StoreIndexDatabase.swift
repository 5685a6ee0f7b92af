import Foundation
import NSESimSQLite

/// The attachment store's index in SQLite: `index.sqlite` in the app's store folder, beside
/// the files it names (a store is a folder `--store` may put anywhere, so its index travels
/// with it rather than living in the app's database). Used only under the store's lock
/// (`StoreLock`), which also covers the file moves no transaction can; each change of the
/// index is one transaction, with `synchronous=FULL` (the index must outlive a power cut as
/// the fsynced files do). Notifications keep their order (`seq`); a delivery reads and
/// writes only its own notification's rows. The `index.json` of earlier versions is moved in
/// on first open and renamed `index.json.migrated`.
struct StoreIndexDatabase {
    let folder: URL

    var file: URL { folder.appendingPathComponent("index.sqlite") }
    var legacyFile: URL { folder.appendingPathComponent("index.json") }

    /// The connection; nil when `create` is false and there is no index yet (nothing to read,
    /// and nothing written on a disk that may be full).
    func database(create: Bool) throws(StoreError) -> SQLiteDatabase? {
        if !create, !FileManager.default.fileExists(atPath: file.path), !FileManager.default.fileExists(atPath: legacyFile.path) {
            return nil
        }
        return try sql { () throws(SQLiteError) in
            try SQLiteConnections.database(at: file.path, part: "store") { database throws(SQLiteError) in
                try database.execute(
                    """
                    PRAGMA synchronous=FULL;
                    CREATE TABLE IF NOT EXISTS store_notifications (
                        seq INTEGER PRIMARY KEY AUTOINCREMENT, identifier TEXT NOT NULL UNIQUE, delivered_at TEXT NOT NULL);
                    CREATE TABLE IF NOT EXISTS store_files (
                        notification TEXT NOT NULL, position INTEGER NOT NULL, identifier TEXT NOT NULL,
                        file TEXT NOT NULL, type TEXT NOT NULL, size INTEGER NOT NULL, PRIMARY KEY (notification, position));
                    CREATE TABLE IF NOT EXISTS nsesim_migrations (name TEXT PRIMARY KEY, date REAL NOT NULL);
                    """)
                // The bytes in use, kept by triggers as files come and go: a delivery reads one
                // row, not the sum of every file's size. Made in one transaction with its first
                // value, so that no file written meanwhile by another process is missed.
                try database.transaction { transaction throws(SQLiteError) in
                    try transaction.execute(
                        """
                        CREATE TABLE IF NOT EXISTS store_usage (id INTEGER PRIMARY KEY CHECK (id = 0), bytes INTEGER NOT NULL);
                        INSERT OR IGNORE INTO store_usage (id, bytes) SELECT 0, COALESCE(SUM(size), 0) FROM store_files;
                        CREATE TRIGGER IF NOT EXISTS store_files_added AFTER INSERT ON store_files
                            BEGIN UPDATE store_usage SET bytes = bytes + new.size WHERE id = 0; END;
                        CREATE TRIGGER IF NOT EXISTS store_files_removed AFTER DELETE ON store_files
                            BEGIN UPDATE store_usage SET bytes = bytes - old.size WHERE id = 0; END;
                        """)
                }
                try migrate(into: database)
            }
        }
    }

    /// The whole index, notifications in order.
    func index() throws(StoreError) -> StoreIndex {
        guard let database = try database(create: false) else { return StoreIndex() }
        return try sql { () throws(SQLiteError) in
            var files: [String: [StoreIndex.Entry]] = [:]
            for row in try database.query(
                "SELECT notification, identifier, file, type, size FROM store_files ORDER BY notification, position")
            {
                files[row[0].textValue ?? "", default: []].append(entry(row, from: 1))
            }
            var index = StoreIndex()
            index.notifications = try database.query("SELECT identifier, delivered_at FROM store_notifications ORDER BY seq").map { row in
                let identifier = row[0].textValue ?? ""
                return StoreIndex.Notification(
                    identifier: identifier, deliveredAt: row[1].textValue ?? "", attachments: files[identifier] ?? [])
            }
            return index
        }
    }

    /// One notification, if indexed.
    func notification(_ identifier: String) throws(StoreError) -> StoreIndex.Notification? {
        guard let database = try database(create: false) else { return nil }
        return try sql { () throws(SQLiteError) in
            guard
                let row = try database.query("SELECT delivered_at FROM store_notifications WHERE identifier = ?", [.text(identifier)]).first
            else {
                return nil
            }
            let files = try database.query(
                "SELECT identifier, file, type, size FROM store_files WHERE notification = ? ORDER BY position",
                [.text(identifier)]
            ).map { entry($0, from: 0) }
            return StoreIndex.Notification(identifier: identifier, deliveredAt: row[0].textValue ?? "", attachments: files)
        }
    }

    /// Bytes used by every stored file (one row, kept by triggers).
    func usedBytes() throws(StoreError) -> Int64 {
        guard let database = try database(create: false) else { return 0 }
        return try sql { () throws(SQLiteError) in
            try database.query("SELECT bytes FROM store_usage WHERE id = 0").first?[0].integerValue ?? 0
        }
    }

    /// In one transaction: removes each of `removing` and its files, drops the files `dropping`
    /// names, and indexes `notification` (the newest) in place of one with its identifier.
    func change(removing: [String] = [], dropping: [String] = [], indexing notification: StoreIndex.Notification? = nil) throws(StoreError)
    {
        guard let database = try database(create: true) else { return }
        try sql { () throws(SQLiteError) in
            try database.transaction { transaction throws(SQLiteError) in
                for identifier in removing + [notification?.identifier].compactMap({ $0 }) {
                    try transaction.run("DELETE FROM store_files WHERE notification = ?", [.text(identifier)])
                    try transaction.run("DELETE FROM store_notifications WHERE identifier = ?", [.text(identifier)])
                }
                for file in dropping { try transaction.run("DELETE FROM store_files WHERE file = ?", [.text(file)]) }
                if let notification { try insert(notification, transaction) }
            }
        }
    }

    // MARK: - Rows

    private func entry(_ row: SQLiteRow, from start: Int) -> StoreIndex.Entry {
        StoreIndex.Entry(
            identifier: row[start].textValue ?? "", file: row[start + 1].textValue ?? "",
            type: row[start + 2].textValue ?? "", size: row[start + 3].integerValue ?? 0)
    }

    private func insert(_ notification: StoreIndex.Notification, _ transaction: SQLiteTransaction) throws(SQLiteError) {
        try transaction.run(
            "INSERT INTO store_notifications (identifier, delivered_at) VALUES (?, ?)",
            [.text(notification.identifier), .text(notification.deliveredAt)])
        for (position, item) in notification.attachments.enumerated() {
            try transaction.run(
                "INSERT INTO store_files (notification, position, identifier, file, type, size) VALUES (?, ?, ?, ?, ?, ?)",
                [
                    .text(notification.identifier), .integer(Int64(position)), .text(item.identifier), .text(item.file),
                    .text(item.type), .integer(item.size),
                ])
        }
    }

    /// `index.json` into the tables, once (a row in `nsesim_migrations` in the same transaction), then renamed.
    private func migrate(into database: SQLiteDatabase) throws(SQLiteError) {
        guard let data = FileManager.default.contents(atPath: legacyFile.path) else { return }
        try database.transaction { transaction throws(SQLiteError) in
            guard try transaction.query("SELECT 1 FROM nsesim_migrations WHERE name = 'index.json'").isEmpty else { return }
            let index: StoreIndex
            do {
                index = try JSONDecoder().decode(StoreIndex.self, from: data)
            } catch {
                throw SQLiteError(
                    code: 1,
                    message: "cannot be moved into index.sqlite: not a store index (\(error)); "
                        + "fix it, or remove it (the next store operation then removes the files it named)", context: legacyFile.path)
            }
            for notification in index.notifications {
                try transaction.run("DELETE FROM store_files WHERE notification = ?", [.text(notification.identifier)])
                try transaction.run("DELETE FROM store_notifications WHERE identifier = ?", [.text(notification.identifier)])
                try insert(notification, transaction)
            }
            try transaction.run(
                "INSERT INTO nsesim_migrations (name, date) VALUES ('index.json', ?)", [.real(Date().timeIntervalSince1970)])
        }
        if rename(legacyFile.path, legacyFile.path + ".migrated") != 0 {
            throw SQLiteError(
                code: SQLiteError.cantOpen,
                message: "was moved into index.sqlite but cannot be renamed index.json.migrated: "
                    + SystemError.current.description, context: legacyFile.path)
        }
    }

    /// Runs SQLite calls, their errors as the store's: a full disk names the file and ENOSPC as
    /// the store's other writes do; a damaged file says what to do.
    private func sql<Result>(_ body: () throws(SQLiteError) -> Result) throws(StoreError) -> Result {
        do throws(SQLiteError) {
            return try body()
        } catch {
            if error.context == legacyFile.path { throw .corruptIndex(path: legacyFile.path, reason: error.message) }
            if error.isDamagedFile {
                throw .corruptIndex(
                    path: file.path,
                    reason: "\(error.message) (SQLite error \(error.code)); move it aside or remove it "
                        + "(the next store operation then removes the files it named as unindexed)")
            }
            if error.code == SQLiteError.full {
                throw .unusable(path: file.path, reason: "cannot write the index: No space left on device (ENOSPC)")
            }
            throw .unusable(path: file.path, reason: error.description)
        }
    }
}
