import NSESimCenter
import NSESimCore
import NSESimRuntime
import NSESimStore

/// What a case with steps expects of the app's center at the end (`expect.center`); only
/// what is given is checked.
///
/// ```json
/// "center": {
///   "delivered": ["photo", "chat-2", "chat-1"],            // identifiers, newest first
///   "pending": ["standup-mon"],
///   "badge": 3,
///   "summaries": {"chat": "1 more notification from Alice"},
///   "stored": {"photo": 1},                                // files in the store per notification
///   "content": {"chat-2": {"body": "At noon?"}}            // fields of a delivered notification's content
/// }
/// ```
package struct ReplayCenterExpectation: Sendable {
    var delivered: [String]?
    var pending: [String]?
    var badge: Int64??
    var summaries: [String: JSONValue]?
    var stored: [String: JSONValue]?
    var content: [String: JSONValue]?

    init(_ object: [String: JSONValue]) throws(JSONTypeError) {
        let path = "expect.center"
        delivered = try object.array("delivered", in: path)?.map { $0.stringValue ?? $0.serializedString() }
        pending = try object.array("pending", in: path)?.map { $0.stringValue ?? $0.serializedString() }
        if let badge = object["badge"] { self.badge = .some(badge.integerValue) }
        summaries = try object.object("summaries", in: path)
        stored = try object.object("stored", in: path)
        content = try object.object("content", in: path)
        for (identifier, fields) in content ?? [:] where fields.objectValue == nil {
            throw JSONTypeError(
                path: "\(path).content.\(identifier)", expected: "a dictionary of content fields", found: fields.typeDescription)
        }
    }

    /// How the center and the store differ from what is expected.
    func differences(state: CenterState, store: StoreIndex) -> [String] {
        var differences: [String] = []
        if let delivered, delivered != state.delivered.map(\.identifier) {
            differences.append("center.delivered: expected \(delivered), got \(state.delivered.map(\.identifier))")
        }
        if let pending, pending != state.pending.map(\.identifier) {
            differences.append("center.pending: expected \(pending), got \(state.pending.map(\.identifier))")
        }
        if let badge, badge != state.badge {
            differences.append("center.badge: expected \(badge.map(String.init) ?? "none"), got \(state.badge.map(String.init) ?? "none")")
        }
        let threads = state.threads
        for (thread, summary) in summaries ?? [:] {
            let actual = threads.first { $0.identifier == thread }?.summary
            if actual != summary.stringValue {
                differences.append(
                    "center.summaries.\(thread): expected \(summary.serializedString()), got \(actual.map { "\"\($0)\"" } ?? "none")")
            }
        }
        for (identifier, count) in stored ?? [:] {
            let actual = store.notifications.first { $0.identifier == identifier }?.attachments.count ?? 0
            if Int64(actual) != count.integerValue {
                differences.append("center.stored.\(identifier): expected \(count.serializedString()) file(s), got \(actual)")
            }
        }
        if let stored, Set(store.notifications.map(\.identifier)) != Set(stored.keys) {
            differences.append(
                "center.stored: expected files for \(stored.keys.sorted()), got \(store.notifications.map(\.identifier).sorted())")
        }
        for (identifier, fields) in (content ?? [:]).sorted(by: { $0.key < $1.key }) {
            guard let delivered = state.delivered.first(where: { $0.identifier == identifier }) else {
                differences.append("center.content.\(identifier): no delivered notification \(identifier)")
                continue
            }
            for (key, expected) in (fields.objectValue ?? [:]).sorted(by: { $0.key < $1.key }) where delivered.content[key] != expected {
                differences.append(
                    "center.content.\(identifier).\(key): expected \(expected.serializedString()), got "
                        + (delivered.content[key]?.serializedString() ?? "none"))
            }
        }
        return differences
    }
}
