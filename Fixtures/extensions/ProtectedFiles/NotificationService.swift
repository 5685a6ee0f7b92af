import Foundation
import SQLite3
import UserNotifications

/// Reads what the app shares through its app group as a push arrives on a phone that may be
/// locked: the auth token the app wrote with `.completeFileProtection`, its settings with iOS's
/// default class (completeUntilFirstUserAuthentication), and the unread count from the app's
/// SQLite database (`complete` too, as apps that protect their data everywhere have it). Then it
/// caches the push in the group with `.completeFileProtectionUntilFirstUserAuthentication`, the
/// class Apple recommends for what an extension needs in the background, and queues it for the
/// app with `.completeFileProtectionUnlessOpen` (a new file can be written while locked) beside
/// the drafts the app keeps in that class (which cannot be opened again while locked).
class NotificationService: UNNotificationServiceExtension {
    static let group = "group.com.example.protectedfiles"

    override func didReceive(_ request: UNNotificationRequest, withContentHandler contentHandler: @escaping (UNNotificationContent) -> Void) {
        let content = request.content.mutableCopy() as! UNMutableNotificationContent
        guard let shared = FileManager.default.containerURL(forSecurityApplicationGroupIdentifier: Self.group) else {
            contentHandler(content)
            return
        }
        let library = shared.appendingPathComponent("Library")
        let token = Self.read(library.appendingPathComponent("auth-token.txt"))
        let settings = Self.read(library.appendingPathComponent("settings.json"))
        let unread = Self.unreadCount(library.appendingPathComponent("messages.sqlite"))
        content.body = "token=\(token) settings=\(settings) db=\(unread)"
        let drafts = Self.read(library.appendingPathComponent("drafts.txt"))
        content.subtitle = "cache=\(Self.cache(request.identifier, in: library.appendingPathComponent("Caches"))) "
            + "outbox=\(Self.queue(request.identifier, in: library)) drafts=\(drafts)"
        contentHandler(content)
    }

    static func read(_ url: URL) -> String {
        do {
            return "\(try Data(contentsOf: url).count) bytes"
        } catch {
            return "error \((error as NSError).code)"
        }
    }

    static func unreadCount(_ url: URL) -> String {
        var db: OpaquePointer?
        guard sqlite3_open_v2(url.path, &db, SQLITE_OPEN_READONLY, nil) == SQLITE_OK else {
            let message = db.map { String(cString: sqlite3_errmsg($0)) } ?? "out of memory"
            sqlite3_close(db)
            return message
        }
        defer { sqlite3_close(db) }
        var statement: OpaquePointer?
        guard sqlite3_prepare_v2(db, "SELECT COUNT(*) FROM messages WHERE unread = 1", -1, &statement, nil) == SQLITE_OK else {
            return String(cString: sqlite3_errmsg(db))
        }
        defer { sqlite3_finalize(statement) }
        guard sqlite3_step(statement) == SQLITE_ROW else { return String(cString: sqlite3_errmsg(db)) }
        return "\(sqlite3_column_int(statement, 0)) unread"
    }

    static func cache(_ identifier: String, in folder: URL) -> String {
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try Data(identifier.utf8).write(to: folder.appendingPathComponent("last-push.txt"),
                                            options: [.atomic, .completeFileProtectionUntilFirstUserAuthentication])
            return "written"
        } catch {
            return "error \((error as NSError).code)"
        }
    }

    static func queue(_ identifier: String, in folder: URL) -> String {
        do {
            try Data(identifier.utf8).write(to: folder.appendingPathComponent("outbox-\(identifier).txt"),
                                            options: .completeFileProtectionUnlessOpen)
            return "written"
        } catch {
            return "error \((error as NSError).code)"
        }
    }
}
