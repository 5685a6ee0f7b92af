import Foundation
import NSESimCenter
import NSESimRuntime
import NSESimSQLite
import Testing

@_spi(NSESim) @testable import UserNotifications

/// The extension's center calls cost the same whether the app's center holds 10 delivered
/// notifications or 10,000: each call's work on the app's database, as SQLite counts it
/// (``SQLiteWork``), compared between the two. Counts, not times: the same on a loaded machine.
@Suite("Center calls at scale")
struct CenterCallsScaleTests {
    /// A `UNUserNotificationCenter` on a fresh app database holding `count` delivered
    /// notifications (`n1` … `nCOUNT`, written by one statement), a category and a pending request.
    static func center(holding count: Int) async throws -> (UNUserNotificationCenter, CenterStore, TemporaryFolder) {
        let folder = try TemporaryFolder()
        let store = CenterStore(appFolder: folder.url)
        _ = try store.clock()  // creates the tables
        let database = try SQLiteConnections.database(at: store.file.path, part: "center") { _ in }
        try database.execute(
            """
            WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < \(count))
            INSERT INTO center_delivered (identifier, date, content, trigger)
            SELECT 'n' || i, 1774252800 + i, json_object('title', 'Order ' || i, 'body', 'shipped'), NULL FROM n;
            """)
        let center = UNUserNotificationCenter(backend: CenterBackend(store: store))
        center.setNotificationCategories([UNNotificationCategory(identifier: "ORDER", actions: [], intentIdentifiers: [])])
        try await center.add(request("later"))
        return (center, store, folder)
    }

    static func request(_ identifier: String) -> UNNotificationRequest {
        let content = UNMutableNotificationContent()
        content.title = "Reminder"
        return UNNotificationRequest(
            identifier: identifier, content: content,
            trigger: UNTimeIntervalNotificationTrigger(timeInterval: 3600, repeats: false))
    }

    /// Each call of the extension's center API, as an extension makes it in `didReceive`.
    static let calls: [(String, @Sendable (UNUserNotificationCenter) async throws -> Void)] = [
        (
            "setNotificationCategories",
            { center in
                center.setNotificationCategories([UNNotificationCategory(identifier: "REPLY", actions: [], intentIdentifiers: [])])
            }
        ),
        ("getNotificationCategories", { center in _ = await center.notificationCategories() }),
        ("add", { center in try await center.add(request("soon")) }),
        ("getPendingNotificationRequests", { center in _ = await center.pendingNotificationRequests() }),
        ("removePendingNotificationRequests", { center in center.removePendingNotificationRequests(withIdentifiers: ["later"]) }),
        ("removeAllPendingNotificationRequests", { center in center.removeAllPendingNotificationRequests() }),
        ("removeDeliveredNotifications", { center in center.removeDeliveredNotifications(withIdentifiers: ["n3", "absent"]) }),
        ("setBadgeCount", { center in try await center.setBadgeCount(3) }),
    ]

    /// The work one call made SQLite do.
    static func work(
        of call: (UNUserNotificationCenter) async throws -> Void, on center: UNUserNotificationCenter,
        _ store: CenterStore
    ) async throws -> SQLiteWork {
        let before = try store.work()
        try await call(center)
        return try store.work() - before
    }

    @Test("Categories, pending requests, removing delivered ones, the badge: the same work at 10 and 10,000 delivered")
    func callsAreFlat() async throws {
        var measured: [String: [SQLiteWork]] = [:]
        for count in [10, 10_000] {
            for (name, call) in Self.calls {
                // A fresh center each: every call meets the same state.
                let (center, store, folder) = try await Self.center(holding: count)
                defer { folder.remove() }
                measured[name, default: []].append(try await Self.work(of: call, on: center, store))
            }
        }
        for (name, _) in Self.calls {
            let (small, large) = (measured[name]![0], measured[name]![1])
            // The same statements, rows and full-scan steps (only the small tables, categories,
            // pending requests and values, are scanned whole), VM steps within 1.5x.
            #expect(
                large.statements == small.statements && large.rows == small.rows && large.fullScanSteps == small.fullScanSteps,
                "\(name): at 10, \(small); at 10,000, \(large)")
            #expect(Double(large.steps) <= Double(small.steps) * 1.5, "\(name): at 10, \(small); at 10,000, \(large)")
        }
    }

    @Test("getDeliveredNotifications reads each delivered row once, in one statement, with no sort: its work grows with its answer only")
    func deliveredGrowsWithTheAnswerOnly() async throws {
        var measured: [SQLiteWork] = []
        for count in [500, 5_000] {
            let (center, store, folder) = try await Self.center(holding: count)
            defer { folder.remove() }
            let before = try store.work()
            let delivered = await center.deliveredNotifications()
            let work = try store.work() - before
            #expect(delivered.count == count)
            #expect(delivered.first?.request.identifier == "n\(count)", "newest first")
            measured.append(work)
        }
        let (small, large) = (measured[0], measured[1])
        #expect(large.statements == small.statements && large.sorts == 0, "at 500, \(small); at 5,000, \(large)")
        #expect(large.rows - small.rows == 4_500)
        // Ten times the rows: at most 10.5 times the steps.
        #expect(Double(large.steps) <= Double(small.steps) * 10.5, "at 500, \(small); at 5,000, \(large)")
    }
}
