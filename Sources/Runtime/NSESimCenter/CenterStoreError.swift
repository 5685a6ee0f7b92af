import Foundation
import NSESimSQLite

/// The center's database cannot be read or written, naming the file and what to do.
public typealias CenterStoreError = AppDatabaseError

extension AppDatabaseError {
    /// `error` met by the center on the app's database `file` (or on `legacyFile`, the
    /// center.json being migrated).
    init(file: URL, legacyFile: URL, _ error: SQLiteError) {
        self.init(
            file: file, legacyPath: error.context == legacyFile.path ? legacyFile.path : nil,
            lost: "the app's keychain items are in it too", error)
    }
}
