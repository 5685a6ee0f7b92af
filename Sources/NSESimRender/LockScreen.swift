import Foundation
import NSESimCenter
import NSESimRuntime
import NSESimStore

/// The lock screen of one app as a self-contained HTML page (393 × 852 CSS pixels, an
/// iPhone 15): the clock, then the app's threads, newest first, each stacked with its
/// summary; each notification with the app's name, title, subtitle, body, time and the
/// first image attachment from the store as a thumbnail (a data: URL); the badge on the
/// app's icon. A communication notification shows its sender's avatar and name
/// (``CommunicationSender``).
package struct LockScreen: Sendable {
    /// The page size: an iPhone 15 in points.
    package static let width = 393
    package static let height = 852

    package let state: CenterState
    package let store: AttachmentStore
    package let appName: String

    package init(state: CenterState, store: AttachmentStore, appName: String) {
        self.state = state
        self.store = store
        self.appName = appName
    }

    /// The page.
    package var html: String {
        let now = Date(timeIntervalSince1970: state.clock ?? state.delivered.first?.date ?? Date().timeIntervalSince1970)
        let files = (try? store.list())?.notifications ?? []
        let groups = state.threads.map { thread in
            let top = thread.notifications[0]
            let stack = thread.notifications.count > 1 ? "<div class=\"stack\"></div>" : ""
            let summary = thread.summary.map { "<div class=\"summary\">\(Self.escape($0))</div>" } ?? ""
            let image = thumbnail(for: top.identifier, in: files).map { "<img class=\"thumb\" src=\"\($0)\" alt=\"\">" } ?? ""
            return """
                <section class="group" data-thread="\(Self.escape(thread.identifier))">
                  <div class="card">
                    <div class="head"><span class="icon">\(Self.escape(String(appName.prefix(1))))</span><span class="app">\(Self.escape(appName.uppercased()))</span><span class="time">\(Self.escape(Self.relative(top.date, now: now.timeIntervalSince1970)))</span></div>
                    <div class="row">\(Self.sender(top, appName: appName))<div class="text">\(Self.titleLines(top)) \(Self.field("subtitle", top)) \(Self.field("body", top))</div>\(image)</div>
                    \(summary)
                  </div>\(stack)
                </section>
                """
        }
        let badge = state.badge.flatMap { $0 > 0 ? "<span class=\"badge\">\($0)</span>" : nil } ?? ""
        return """
            <!DOCTYPE html>
            <html><head><meta charset="utf-8"><title>\(Self.escape(appName)) lock screen</title>
            <style>
            html,body{margin:0;width:\(Self.width)px;height:\(Self.height)px;overflow:hidden}
            body{font-family:-apple-system,"SF Pro Text","Helvetica Neue",Arial,sans-serif;color:#fff;
              background:linear-gradient(160deg,#1d3b6e 0%,#6b4c8a 55%,#d9826b 100%)}
            .clock{text-align:center;margin-top:58px}.date{font-size:20px;font-weight:600;opacity:.9}
            .hour{font-size:86px;font-weight:700;line-height:1;letter-spacing:-2px}
            .list{margin:36px 10px 0}.group{position:relative;margin-bottom:14px}
            .card{position:relative;z-index:1;background:rgba(245,245,245,.78);color:#111;border-radius:20px;padding:11px 14px}
            .stack{position:relative;z-index:0;height:9px;margin:-1px 12px 0;background:rgba(235,235,235,.5);border-radius:0 0 16px 16px}
            .head{display:flex;align-items:center;font-size:12px;color:#555;margin-bottom:4px}
            .icon{width:20px;height:20px;border-radius:5px;background:#2f7cf6;color:#fff;display:inline-flex;align-items:center;
              justify-content:center;font-weight:700;font-size:12px;margin-right:7px}
            .app{flex:1;letter-spacing:.3px}.time{color:#666}
            .row{display:flex;gap:10px}.text{flex:1;min-width:0;font-size:15px;line-height:1.3}
            .title{font-weight:600}.subtitle{font-weight:600}.body{display:-webkit-box;-webkit-line-clamp:4;-webkit-box-orient:vertical;overflow:hidden}
            .thumb{width:48px;height:48px;object-fit:cover;border-radius:8px}
            .summary{font-size:13px;color:#555;margin-top:5px}
            .dock{position:absolute;bottom:40px;left:0;right:0;text-align:center}
            .appicon{position:relative;display:inline-block;width:60px;height:60px;border-radius:14px;background:#2f7cf6;
              font-size:28px;font-weight:700;line-height:60px}
            .badge{position:absolute;top:-7px;right:-9px;min-width:24px;height:24px;padding:0 6px;box-sizing:border-box;border-radius:12px;
              background:#ff3b30;font-size:15px;line-height:24px;font-weight:600}
            </style></head>
            <body>
            <div class="clock"><div class="date">\(Self.escape(Self.format(now, "EEEE d MMMM")))</div><div class="hour">\(Self.escape(Self.format(now, "H:mm")))</div></div>
            <main class="list">
            \(groups.joined(separator: "\n"))
            </main>
            <div class="dock"><span class="appicon">\(Self.escape(String(appName.prefix(1))))\(badge)</span></div>
            </body></html>
            """
    }

    /// The first image attachment of a notification in the store, as a data: URL.
    private func thumbnail(for identifier: String, in notifications: [StoreIndex.Notification]) -> String? {
        let types = ["public.jpeg": "image/jpeg", "public.png": "image/png", "com.compuserve.gif": "image/gif"]
        guard let notification = notifications.first(where: { $0.identifier == identifier }),
            let entry = notification.attachments.first(where: { types[$0.type] != nil && $0.size <= 5_000_000 }),
            let data = FileManager.default.contents(atPath: store.folder.appendingPathComponent(entry.file).path)
        else { return nil }
        return "data:\(types[entry.type] ?? "image/jpeg");base64,\(data.base64EncodedString())"
    }

    /// A communication notification's avatar (nothing for another notification).
    private static func sender(_ item: CenterState.Delivered, appName: String) -> String {
        CommunicationSender(content: item.content)?.avatarHTML(size: 38, appInitial: String(appName.prefix(1))) ?? ""
    }

    /// The title: a communication notification's sender (and its group) in place of the content's title.
    private static func titleLines(_ item: CenterState.Delivered) -> String {
        guard let sender = CommunicationSender(content: item.content) else { return field("title", item) }
        return "<div class=\"title\" data-sender=\"\(escape(sender.name))\">\(escape(sender.name))</div>"
            + (sender.groupName.map { "<div class=\"group-name\">\(escape($0))</div>" } ?? "")
    }

    private static func field(_ name: String, _ item: CenterState.Delivered) -> String {
        guard let text = item.content[name]?.stringValue, !text.isEmpty else { return "" }
        return "<div class=\"\(name)\">\(escape(text))</div>"
    }

    /// "now", "5m ago", "2h ago", or the date.
    static func relative(_ date: Double, now: Double) -> String {
        let seconds = max(0, now - date)
        if seconds < 60 { return "now" }
        if seconds < 3600 { return "\(Int(seconds / 60))m ago" }
        if seconds < 86400 { return "\(Int(seconds / 3600))h ago" }
        return format(Date(timeIntervalSince1970: date), "d MMM")
    }

    static func format(_ date: Date, _ pattern: String) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = pattern
        return formatter.string(from: date)
    }

    /// Text for HTML.
    static func escape(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
    }
}
