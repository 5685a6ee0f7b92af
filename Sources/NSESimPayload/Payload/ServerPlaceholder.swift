import Foundation

/// `{{server}}` in a payload or a replay case: the fixture server's base URL
/// (`http://127.0.0.1:PORT`) once the server runs (docs/behaviour.md#the-server-placeholder).
package enum ServerPlaceholder {
    /// The placeholder as written.
    package static let text = "{{server}}"

    /// What to say when a payload uses the placeholder but no server is given.
    package static let needsServe = "uses {{server}}: give --serve DIR, the folder nsesim serves on 127.0.0.1"

    /// Whether `payload` uses the placeholder.
    package static func isUsed(in payload: String) -> Bool { payload.contains(text) }

    /// `payload` with the placeholder replaced by `server`'s address.
    package static func fill(_ payload: String, server: URL) -> String {
        payload.replacingOccurrences(of: text, with: server.absoluteString)
    }
}
