import Foundation
import NSESimCenter
import NSESimCore
import NSESimRuntime

/// The text and JSON that `nsesim center`, `schedule` and `deliver` print.
enum CenterText {
    /// `nsesim center ls`: badge, clock, categories, the delivered notifications by thread
    /// with their summaries, the pending requests with their next dates.
    static func listing(_ state: CenterState, folder: URL) -> String {
        var lines = [
            "Center    \(folder.path)",
            "Badge     \(state.badge.map(String.init) ?? "none")",
            "Clock     \(state.clock.map(CenterDuration.text) ?? "real time (not advanced yet)")",
        ]
        if let position = state.position { lines.append("Position  \(position.latitude),\(position.longitude)") }
        lines.append("Categories (\(state.categories.count))")
        for identifier in state.categories.keys.sorted() {
            let actions = (state.categories[identifier]?["actions"]?.arrayValue ?? []).map { action in
                let title = action["title"]?.stringValue ?? ""
                let input = action["textInputButtonTitle"] != nil ? ", text input" : ""
                return "\(action["identifier"]?.stringValue?.printable ?? "?") \"\(title.printable)\"\(input)"
            }
            lines.append("  \(identifier.printable): \(actions.isEmpty ? "no actions" : actions.joined(separator: "; "))")
        }
        let threads = state.threads  // grouped once: O(delivered)
        lines.append("Delivered (\(state.delivered.count)) in \(threads.count) thread(s), newest first")
        for thread in threads {
            let summary = thread.summary.map { " — \($0)" } ?? ""
            lines.append("  thread \(thread.identifier.isEmpty ? "(none)" : thread.identifier.printable)\(summary)")
            for item in thread.notifications { lines.append("    " + line(item)) }
        }
        lines.append("Pending (\(state.pending.count)), at most \(CenterState.maximumPending)")
        for item in state.pending {
            let type = item.trigger["type"]?.stringValue ?? "now"
            let next = item.nextDate.map { "next \(CenterDuration.text($0))" } ?? "on region entry/exit"
            let repeats = item.trigger["repeats"]?.boolValue == true ? ", repeats" : ""
            lines.append("  \(item.identifier.printable)  \(type)\(repeats)  \(next)")
        }
        return lines.joined(separator: "\n")
    }

    /// The properties of a delivered content that `listing` reads: the rest is not read from
    /// the database (`CenterStore.read(deliveredKeys:)`).
    static let listedKeys = ["title", "body", "threadIdentifier", "summaryArgument", "summaryArgumentCount"]

    /// One delivered notification: `ID  DATE  "title"  body`.
    static func line(_ item: CenterState.Delivered) -> String {
        let title = item.content["title"]?.stringValue ?? ""
        let body = item.content["body"]?.stringValue ?? ""
        let local = item.trigger == .null ? "" : "  (local, \(item.trigger["type"]?.stringValue ?? "?"))"
        return "\(item.identifier.printable)  \(CenterDuration.text(item.date))  \"\(title.printable)\"  \(body.printable)\(local)"
    }

    /// What `advance` and `move` did: each firing, then the clock or position.
    static func firings(_ changes: [CenterChange], format: OutputFormat, state: CenterState) -> String {
        let fired = changes.filter { $0.kind == .fired }
        switch format {
        case .json:
            var object = changes.last?.details ?? [:]
            object["fired"] = .array(fired.map(\.jsonValue))
            object["badge"] = state.badge.map(JSONValue.integer) ?? .null
            return JSONValue.object(object).serializedString(pretty: true)
        case .text:
            var lines: [String] = []
            if let last = changes.last, last.kind == .clockAdvanced {
                lines.append(
                    "Clock     \(CenterDuration.text(last.details["from"]?.numberValue ?? 0)) → "
                        + CenterDuration.text(last.details["to"]?.numberValue ?? 0))
            } else if let last = changes.last, last.kind == .moved {
                lines.append("Position  \(last.details["latitude"]?.numberValue ?? 0),\(last.details["longitude"]?.numberValue ?? 0)")
            }
            lines.append("Fired     \(fired.count) local notification(s); local notifications do not run the service extension")
            for change in fired {
                let identifier = change.details["identifier"]?.stringValue ?? ""
                let when = CenterDuration.text(change.details["date"]?.numberValue ?? 0)
                let reason = change.details["reason"]?.stringValue.map { $0 == "time" ? "" : "  (\($0))" } ?? ""
                let replaced = change.details["replaced"]?.boolValue == true ? "  replacing the one before" : ""
                lines.append("  \(when)  \(identifier.printable)\(reason)\(replaced)")
            }
            lines.append("Badge     \(state.badge.map(String.init) ?? "none")")
            return lines.joined(separator: "\n")
        }
    }

    /// `nsesim center show ID` as text: `Delivered ID` or `Pending ID`, then one line per field
    /// (objects as compact JSON).
    static func details(_ value: JSONValue) -> String {
        guard let (kind, item) = value.objectValue?.first, let fields = item.objectValue else { return value.serializedString() }
        var lines = ["\(kind == "delivered" ? "Delivered" : "Pending")  \(item["identifier"]?.stringValue?.printable ?? "")"]
        for name in fields.keys.sorted() where name != "identifier" {
            let field = fields[name] ?? .null
            let text = field.stringValue.map { $0.printable } ?? field.serializedString()
            lines.append("  \(name.padding(toLength: 24, withPad: " ", startingAt: 0)) \(text)")
        }
        return lines.joined(separator: "\n")
    }
}
