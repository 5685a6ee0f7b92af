import Foundation
import NSESimRuntime
import NSESimSQLite

#if canImport(Glibc)
import Glibc
#endif

/// Moves the center of earlier versions (`NotificationCenter/center.json`) into the app's
/// database, once: its state is written in one transaction with a row in
/// `nsesim_migrations`, then the file is renamed `center.json.migrated`. A kill between the
/// two leaves the row: the next open only renames the file.
struct CenterMigration {
    let legacyFile: URL

    static let name = "center.json"

    func migrate(into database: SQLiteDatabase) throws(SQLiteError) {
        guard FileManager.default.fileExists(atPath: legacyFile.path) else { return }
        try database.transaction { transaction throws(SQLiteError) in
            guard try transaction.query("SELECT 1 FROM nsesim_migrations WHERE name = ?", [.text(Self.name)]).isEmpty else { return }
            let stored: JSONValue?
            do throws(LockedJSONFile.Failure) {
                stored = try LockedJSONFile(url: legacyFile).read()
            } catch {
                throw SQLiteError(
                    code: 1,
                    message: "cannot be moved into the app's database: \(error.message); "
                        + "fix the file, or remove it to start afresh", context: legacyFile.path)
            }
            let state = stored.map(CenterState.init(jsonValue:)) ?? CenterState()
            // Rows the database already holds (a center used before the file was found) stay; the file's come first.
            let current = try CenterTables.state(transaction)
            var merged = state
            for item in current.delivered.reversed() { merged.deliver(item) }
            try CenterTables.write(merged, over: current, transaction)
            try transaction.run(
                "INSERT INTO nsesim_migrations (name, date) VALUES (?, ?)",
                [.text(Self.name), .real(Date().timeIntervalSince1970)])
        }
        if rename(legacyFile.path, legacyFile.path + ".migrated") != 0 {
            throw SQLiteError(
                code: SQLiteError.cantOpen,
                message: "was moved into the app's database but cannot be renamed "
                    + "\(legacyFile.lastPathComponent).migrated: \(String(cString: strerror(errno)))", context: legacyFile.path)
        }
    }
}
