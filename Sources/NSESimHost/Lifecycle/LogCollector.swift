import Synchronization

/// The extension's printed output, kept to its last 64 KB.
final class LogCollector: Sendable {
    private let storage = Mutex(String())
    private static let limit = 64 * 1024

    func append(_ line: String) {
        storage.withLock { text in
            text += line + "\n"
            if text.utf8.count > Self.limit { text = String(text.suffix(Self.limit / 2)) }
        }
    }

    var text: String { storage.withLock { $0 } }
}
