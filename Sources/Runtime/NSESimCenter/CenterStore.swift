import Foundation
import NSESimRuntime
import NSESimSQLite

#if canImport(Glibc)
import Glibc
#endif

/// An app's notification center on disk: tables of the app's database (`APP/app.sqlite`,
/// SQLite in WAL mode, shared with the app's keychain), so that the extension process and
/// nsesim read and write it at once, each change one transaction (a kill at any moment
/// leaves the state before it or after it). Delivering one notification is one small
/// transaction (`deliver`: a delete of the one it replaces and an insert), whatever the
/// center holds; the other changes (`update`) run ``CenterState``'s rules on the whole state
/// and write only the rows that changed. The JSON file of earlier versions
/// (`APP/NotificationCenter/center.json`) is moved into the database on first open and
/// renamed `center.json.migrated`.
public struct CenterStore: Sendable {
    /// The app's database file.
    public let file: URL

    /// The center in the database file `file`.
    public init(database file: URL) {
        self.file = file
    }

    /// The center of the app whose data folder is `appFolder` (`AppData.root`): `app.sqlite` there.
    public init(appFolder: URL) {
        file = appFolder.appendingPathComponent(Self.databaseName)
    }

    /// The app database's file name.
    public static let databaseName = "app.sqlite"

    /// The JSON file earlier versions kept: `NotificationCenter/center.json` beside the database.
    public var legacyFile: URL {
        file.deletingLastPathComponent().appendingPathComponent("NotificationCenter").appendingPathComponent("center.json")
    }

    /// Whether the app has a center on disk (its database, or a JSON file not yet migrated).
    public var exists: Bool {
        FileManager.default.fileExists(atPath: file.path) || FileManager.default.fileExists(atPath: legacyFile.path)
    }

    // MARK: - Reading

    /// The state now (empty when nothing was stored yet).
    public func read() throws(CenterStoreError) -> CenterState {
        try run { database throws(SQLiteError) in try CenterTables.state(database) }
    }

    /// The state with each delivered notification's content cut to the top-level scalar
    /// properties `keys` (and its trigger to its `type`), read by SQLite without parsing the
    /// rest: what `nsesim center ls` prints, fast on a hundred thousand notifications.
    public func read(deliveredKeys keys: [String]) throws(CenterStoreError) -> CenterState {
        try run { database throws(SQLiteError) in try CenterTables.state(database, deliveredKeys: keys) }
    }

    /// The delivered notification with this identifier, if there is one.
    public func delivered(_ identifier: String) throws(CenterStoreError) -> CenterState.Delivered? {
        try run { database throws(SQLiteError) in try CenterTables.delivered(identifier, database) }
    }

    /// The virtual clock (nil until first set), without reading the rest.
    public func clock() throws(CenterStoreError) -> Double? {
        try run { database throws(SQLiteError) in try CenterTables.value("clock", database)?.realValue }
    }

    /// The registered categories by identifier, without reading the rest.
    public func categories() throws(CenterStoreError) -> [String: JSONValue] {
        try run { database throws(SQLiteError) in try CenterTables.categories(database) }
    }

    /// What this process's connection to the app's database has done so far (``SQLiteWork``,
    /// counted by SQLite): the difference around a call measures its cost without a clock.
    public func work() throws(CenterStoreError) -> SQLiteWork {
        try run { database throws(SQLiteError) in database.work }
    }

    // MARK: - Changing

    /// Delivers one notification (``CenterState/deliver(_:)``'s rule: the newest; one with
    /// the same identifier replaced; its badge, if any, the app's) in one small transaction
    /// that touches only its own rows; also says whether `category` is registered (an empty
    /// one counts as registered).
    public func deliver(
        _ notification: CenterState.Delivered, category: String = ""
    ) throws(CenterStoreError) -> (change: CenterChange, registered: Bool) {
        try run { database throws(SQLiteError) in
            try database.transaction { transaction throws(SQLiteError) in
                let replaced = try CenterTables.insertDelivered(notification, transaction)
                if let badge = notification.content["badge"]?.integerValue {
                    try CenterTables.setValue("badge", .integer(badge), transaction)
                }
                var registered = true
                if !category.isEmpty {
                    registered = !(try transaction.query("SELECT 1 FROM center_categories WHERE identifier = ?", [.text(category)]).isEmpty)
                }
                return (
                    CenterChange(.delivered, ["identifier": .string(notification.identifier), "replaced": .bool(replaced)]), registered
                )
            }
        }
    }

    /// `setBadgeCount(_:)` (``CenterState/setBadge(_:)``) in one transaction of one row.
    public func setBadge(_ count: Int64) throws(CenterStoreError) -> CenterChange {
        try run { database throws(SQLiteError) in
            try database.transaction { transaction throws(SQLiteError) in try CenterTables.setValue("badge", .integer(count), transaction) }
        }
        return CenterChange(.badgeSet, ["badge": .integer(count)])
    }

    /// The state without its delivered notifications (an empty list): pending requests,
    /// categories, badge, clock, read without the delivered rows.
    public func readWithoutDelivered() throws(CenterStoreError) -> CenterState {
        try run { database throws(SQLiteError) in try CenterTables.state(database, rows: .none) }
    }

    /// Applies `change` to the stored state in one transaction (other writers wait) and
    /// writes the rows it changed; returns what `change` returned. `change` gets the
    /// delivered notifications `rows` names (``CenterDeliveredRows``): with `.none`,
    /// `.identified` or `.firable`, the others are neither read nor written, so the change's
    /// cost does not grow with the center.
    public func update<Result>(
        reading rows: CenterDeliveredRows = .all, _ change: (inout CenterState) -> Result
    ) throws(CenterStoreError) -> Result {
        try run { database throws(SQLiteError) in
            try database.transaction { transaction throws(SQLiteError) in
                let before = try CenterTables.state(transaction, rows: rows)
                var state = before
                let result = change(&state)
                try CenterTables.write(state, over: before, transaction)
                return result
            }
        }
    }

    /// Empties the app's center (its rows; the keychain's stay). A damaged database file is
    /// moved aside instead (`app.sqlite.damaged`), so that the next use starts afresh.
    public func reset() throws(CenterStoreError) {
        do throws(CenterStoreError) {
            try run { database throws(SQLiteError) in
                try database.transaction { transaction throws(SQLiteError) in try CenterTables.clear(transaction) }
            }
        } catch let error where error.isDamaged {
            try Self.moveAside(file)
        }
    }

    /// Moves a damaged database file (and its WAL) aside as `NAME.damaged`.
    static func moveAside(_ file: URL) throws(CenterStoreError) {
        SQLiteConnections.forget(file.path)
        let aside = file.path + ".damaged"
        for suffix in ["-wal", "-shm"] { unlink(file.path + suffix) }
        unlink(aside)
        guard rename(file.path, aside) == 0 else {
            throw CenterStoreError(path: file.path, message: "cannot be moved aside: \(String(cString: strerror(errno)))", isDamaged: true)
        }
    }

    // MARK: - The connection

    private func run<Result>(_ body: (SQLiteDatabase) throws(SQLiteError) -> Result) throws(CenterStoreError) -> Result {
        let legacy = legacyFile
        do throws(SQLiteError) {
            let database = try SQLiteConnections.database(at: file.path, part: "center") { database throws(SQLiteError) in
                try CenterTables.create(database)
                try CenterMigration(legacyFile: legacy).migrate(into: database)
            }
            return try body(database)
        } catch {
            throw CenterStoreError(file: file, legacyFile: legacy, error)
        }
    }
}
