import Foundation
import NSESimRuntime
import NSESimSQLite

/// The center's tables in the app's database, and the statements on them. Delivered
/// notifications are ordered by `seq` (AUTOINCREMENT: a replaced or newer one always gets a
/// higher number, so newest first is `ORDER BY seq DESC`); contents, triggers and categories
/// are kept as their JSON text (Apple's property names), so SQLite's JSON functions read single
/// properties without the rest.
enum CenterTables {
    static func create(_ database: some SQLiteStatements) throws(SQLiteError) {
        // A page cache of up to 16 MB (SQLite's default is 2 MB), filled only as pages are read:
        // a large center's identifier index stays in memory, so a delivery's cost does not grow with it.
        try database.execute("PRAGMA cache_size = -16000")
        try database.execute(
            """
            CREATE TABLE IF NOT EXISTS center_delivered (
                seq INTEGER PRIMARY KEY AUTOINCREMENT, identifier TEXT NOT NULL UNIQUE,
                date REAL NOT NULL, content TEXT NOT NULL, trigger TEXT);
            CREATE TABLE IF NOT EXISTS center_pending (
                seq INTEGER PRIMARY KEY AUTOINCREMENT, identifier TEXT NOT NULL UNIQUE,
                content TEXT NOT NULL, trigger TEXT NOT NULL, added REAL NOT NULL, next_date REAL);
            CREATE TABLE IF NOT EXISTS center_categories (identifier TEXT PRIMARY KEY, category TEXT NOT NULL);
            CREATE TABLE IF NOT EXISTS center_values (key TEXT PRIMARY KEY, value);
            CREATE TABLE IF NOT EXISTS nsesim_migrations (name TEXT PRIMARY KEY, date REAL NOT NULL);
            """)
    }

    // MARK: - Reading

    /// The state, with the delivered notifications `rows` says (all, none, some by identifier,
    /// or those sharing an identifier with a pending request).
    static func state(
        _ database: some SQLiteStatements, deliveredKeys: [String]? = nil,
        rows: CenterDeliveredRows = .all
    ) throws(SQLiteError) -> CenterState {
        var state = CenterState()
        state.categories = try categories(database)
        state.pending = try database.query("SELECT identifier, content, trigger, added, next_date FROM center_pending ORDER BY seq", [])
            .map { row in
                CenterState.Pending(
                    identifier: row[0].textValue ?? "", content: json(row[1]), trigger: json(row[2]),
                    added: row[3].realValue ?? 0, nextDate: .some(row[4].realValue))
            }
        var rows = rows
        if case .firable = rows { rows = .identified(state.pending.map(\.identifier)) }
        if case .none = rows {
            // Nothing read: `write` then sees the delivered list unchanged.
        } else if case .identified(let identifiers) = rows, identifiers.isEmpty {
            // None named: nothing to read.
        } else if case .identified(let identifiers) = rows {
            // Through the identifier index, 500 at a time (what one statement binds
            // comfortably), newest first as the whole list: `write` keeps the rest in place.
            var found: [(seq: Int64, item: CenterState.Delivered)] = []
            let unique = Array(Set(identifiers))
            for start in stride(from: 0, to: unique.count, by: 500) {
                let chunk = unique[start..<min(start + 500, unique.count)]
                let marks = Array(repeating: "?", count: chunk.count).joined(separator: ", ")
                for row in try database.query(
                    "SELECT identifier, date, content, trigger, seq FROM center_delivered "
                        + "WHERE identifier IN (\(marks))", chunk.map(SQLiteValue.text))
                {
                    found.append((row[4].integerValue ?? 0, delivered(from: row)))
                }
            }
            state.delivered = found.sorted { $0.seq > $1.seq }.map(\.item)
        } else if let keys = deliveredKeys {
            let columns = keys.map { "json_extract(content, '$.\($0)')" }.joined(separator: ", ")
            let rows = try database.query(
                "SELECT identifier, date, json_extract(trigger, '$.type')"
                    + (keys.isEmpty ? "" : ", " + columns) + " FROM center_delivered ORDER BY seq DESC", [])
            state.delivered = rows.map { row -> CenterState.Delivered in
                var content: [String: JSONValue] = [:]
                for (index, key) in keys.enumerated() {
                    switch row[3 + index] {
                    case .text(let text): content[key] = .string(text)
                    case .integer(let number): content[key] = .integer(number)
                    case .real(let number): content[key] = .double(number)
                    default: continue
                    }
                }
                let trigger: JSONValue = row[2].textValue.map { .object(["type": .string($0)]) } ?? .null
                return CenterState.Delivered(
                    identifier: row[0].textValue ?? "", content: .object(content),
                    date: row[1].realValue ?? 0, trigger: trigger)
            }
        } else {
            state.delivered = try database.query("SELECT identifier, date, content, trigger FROM center_delivered ORDER BY seq DESC", [])
                .map(delivered(from:))
        }
        let values = try database.query("SELECT key, value FROM center_values", [])
        let byKey = Dictionary(values.map { ($0[0].textValue ?? "", $0[1]) }, uniquingKeysWith: { $1 })
        state.badge = byKey["badge"]?.integerValue
        state.clock = byKey["clock"]?.realValue
        if let latitude = byKey["latitude"]?.realValue, let longitude = byKey["longitude"]?.realValue {
            state.position = CenterPosition(latitude: latitude, longitude: longitude)
        }
        return state
    }

    static func categories(_ database: some SQLiteStatements) throws(SQLiteError) -> [String: JSONValue] {
        let rows = try database.query("SELECT identifier, category FROM center_categories", [])
        return Dictionary(rows.map { ($0[0].textValue ?? "", json($0[1])) }, uniquingKeysWith: { $1 })
    }

    static func delivered(_ identifier: String, _ database: some SQLiteStatements) throws(SQLiteError) -> CenterState.Delivered? {
        try database.query("SELECT identifier, date, content, trigger FROM center_delivered WHERE identifier = ?", [.text(identifier)])
            .first.map(delivered(from:))
    }

    static func value(_ key: String, _ database: some SQLiteStatements) throws(SQLiteError) -> SQLiteValue? {
        try database.query("SELECT value FROM center_values WHERE key = ?", [.text(key)]).first?[0]
    }

    private static func delivered(from row: SQLiteRow) -> CenterState.Delivered {
        CenterState.Delivered(
            identifier: row[0].textValue ?? "", content: json(row[2]), date: row[1].realValue ?? 0,
            trigger: row[3].isNull ? .null : json(row[3]))
    }

    private static func json(_ value: SQLiteValue) -> JSONValue {
        guard let text = value.textValue else { return .null }
        return (try? JSONValue.parse(Data(text.utf8))) ?? .null
    }

    private static func text(_ value: JSONValue) -> SQLiteValue { .text(value.serializedString()) }

    // MARK: - Writing

    /// Inserts a delivered notification as the newest, replacing one with its identifier;
    /// whether one was replaced.
    @discardableResult
    static func insertDelivered(_ item: CenterState.Delivered, _ database: some SQLiteStatements) throws(SQLiteError) -> Bool {
        let replaced = try database.run("DELETE FROM center_delivered WHERE identifier = ?", [.text(item.identifier)]).changes > 0
        try database.run(
            "INSERT INTO center_delivered (identifier, date, content, trigger) VALUES (?, ?, ?, ?)",
            [.text(item.identifier), .real(item.date), text(item.content), item.trigger == .null ? .null : text(item.trigger)])
        return replaced
    }

    static func setValue(_ key: String, _ value: SQLiteValue, _ database: some SQLiteStatements) throws(SQLiteError) {
        if value.isNull {
            try database.run("DELETE FROM center_values WHERE key = ?", [.text(key)])
        } else {
            try database.run(
                "INSERT INTO center_values (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value",
                [.text(key), value])
        }
    }

    static func clear(_ database: some SQLiteStatements) throws(SQLiteError) {
        try database.execute(
            "DELETE FROM center_delivered; DELETE FROM center_pending; DELETE FROM center_categories; DELETE FROM center_values;")
    }

    /// Writes `state` where it differs from `before` (what the tables hold now): delivered
    /// notifications kept in their order stay untouched, the new ones (always the newest, at
    /// the front) are inserted; pending requests and categories (at most 64, a few) are
    /// written again when they changed.
    static func write(_ state: CenterState, over before: CenterState, _ database: some SQLiteStatements) throws(SQLiteError) {
        if state.delivered != before.delivered {
            // The longest tail of the new list that is the old list's rows, unchanged and in order.
            var position: [String: Int] = [:]
            for (index, item) in before.delivered.enumerated() { position[item.identifier] = index }
            var kept = state.delivered.count
            var last = Int.max
            while kept > 0, let index = position[state.delivered[kept - 1].identifier], index < last,
                before.delivered[index] == state.delivered[kept - 1]
            {
                last = index
                kept -= 1
            }
            let keptIdentifiers = Set(state.delivered[kept...].map(\.identifier))
            for item in before.delivered where !keptIdentifiers.contains(item.identifier) {
                try database.run("DELETE FROM center_delivered WHERE identifier = ?", [.text(item.identifier)])
            }
            for item in state.delivered[..<kept].reversed() { try insertDelivered(item, database) }
        }
        if state.pending != before.pending {
            try database.run("DELETE FROM center_pending", [])
            for item in state.pending {
                try database.run(
                    "INSERT INTO center_pending (identifier, content, trigger, added, next_date) VALUES (?, ?, ?, ?, ?)",
                    [
                        .text(item.identifier), text(item.content), text(item.trigger), .real(item.added),
                        item.nextDate.map(SQLiteValue.real) ?? .null,
                    ])
            }
        }
        if state.categories != before.categories {
            try database.run("DELETE FROM center_categories", [])
            for (identifier, category) in state.categories {
                try database.run("INSERT INTO center_categories (identifier, category) VALUES (?, ?)", [.text(identifier), text(category)])
            }
        }
        if state.badge != before.badge { try setValue("badge", state.badge.map(SQLiteValue.integer) ?? .null, database) }
        if state.clock != before.clock { try setValue("clock", state.clock.map(SQLiteValue.real) ?? .null, database) }
        if state.position != before.position {
            try setValue("latitude", state.position.map { SQLiteValue.real($0.latitude) } ?? .null, database)
            try setValue("longitude", state.position.map { SQLiteValue.real($0.longitude) } ?? .null, database)
        }
    }
}
