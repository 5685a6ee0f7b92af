import Synchronization

/// The extension's printed output, kept to its last 64 KB; the Swift runtime's crash report
/// (``SwiftBacktrace``, one JSON line) kept apart, whatever its size, for the report's `crash`.
final class LogCollector: Sendable {
    private let storage = Mutex(String())
    private let backtrace = Mutex<String?>(nil)
    private static let limit = 64 * 1024

    func append(_ line: String) {
        if SwiftBacktrace.isReportLine(line) {
            backtrace.withLock { $0 = line }
            append("(the Swift runtime's crash report: in the report's crash section)")
            return
        }
        storage.withLock { text in
            text += line + "\n"
            if text.utf8.count > Self.limit { text = String(text.suffix(Self.limit / 2)) }
        }
    }

    var text: String { storage.withLock { $0 } }

    /// The runtime's crash report line, when the process printed one.
    var backtraceLine: String? { backtrace.withLock { $0 } }
}
