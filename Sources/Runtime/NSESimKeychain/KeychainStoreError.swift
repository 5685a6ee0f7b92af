import Foundation
import NSESimSQLite

/// The keychain's database cannot be read or written, naming the file and what to do.
public typealias KeychainStoreError = AppDatabaseError

extension AppDatabaseError {
    /// `error` met by the keychain on the app's database `file` (or on a JSON file of
    /// `legacyFolder`, the keychain's folder being migrated).
    init(file: URL, legacyFolder: URL, _ error: SQLiteError) {
        let legacy = error.context.flatMap { $0.hasPrefix(legacyFolder.path + "/") ? $0 : nil }
        self.init(file: file, legacyPath: legacy, lost: "the keychain's items and the notification center are lost", error)
    }
}
