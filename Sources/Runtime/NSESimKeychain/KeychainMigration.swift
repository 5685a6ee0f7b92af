import Foundation
import NSESimRuntime
import NSESimSQLite

#if canImport(Glibc)
import Glibc
#endif

/// Moves the keychain of earlier versions (`Keychain/GROUP.json`, one array of items per
/// access group) into the app's database, once per file: its items are inserted in one
/// transaction with a row in `nsesim_migrations`, then the file is renamed
/// `GROUP.json.migrated`. A kill between the two leaves the row: the next open only renames it.
struct KeychainMigration {
    let folder: URL

    func migrate(into database: SQLiteDatabase) throws(SQLiteError) {
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [])
            .filter { $0.hasSuffix(".json") && !$0.hasPrefix(".") }.sorted()
        for name in names {
            let file = folder.appendingPathComponent(name)
            let marker = "Keychain/\(name)"
            try database.transaction { transaction throws(SQLiteError) in
                guard try transaction.query("SELECT 1 FROM nsesim_migrations WHERE name = ?", [.text(marker)]).isEmpty else { return }
                let stored: JSONValue?
                do throws(LockedJSONFile.Failure) {
                    stored = try LockedJSONFile(url: file, permissions: 0o600).read()
                } catch {
                    throw SQLiteError(
                        code: 1,
                        message: "cannot be moved into the app's database: \(error.message); "
                            + "fix the file, or remove it (its items are lost)", context: file.path)
                }
                for item in (stored?.arrayValue ?? []).compactMap(KeychainStore.Item.init(jsonValue:)) {
                    try KeychainStore.insert(item, transaction)
                }
                try transaction.run(
                    "INSERT INTO nsesim_migrations (name, date) VALUES (?, ?)",
                    [.text(marker), .real(Date().timeIntervalSince1970)])
            }
            if rename(file.path, file.path + ".migrated") != 0 {
                throw SQLiteError(
                    code: SQLiteError.cantOpen,
                    message: "was moved into the app's database but cannot be renamed "
                        + "\(name).migrated: \(String(cString: strerror(errno)))", context: file.path)
            }
        }
    }
}
