import Foundation
import Synchronization

/// A one-line progress bar on standard error, redrawn in place: only when standard error
/// is a terminal (CI logs and pipes get nothing).
final class ProgressBar: Sendable {
    private let enabled: Bool
    private let width = 28
    private let lastDrawn = Mutex<Int>(-1)

    init(enabled: Bool = isatty(STDERR_FILENO) == 1) {
        self.enabled = enabled
    }

    /// Draws `[######......] 12/30  LABEL`.
    func update(done: Int, total: Int, label: String) {
        guard enabled, total > 0 else { return }
        let filled = min(width, done * width / total)
        let bar = String(repeating: "#", count: filled) + String(repeating: ".", count: width - filled)
        let columns = Int(ProcessInfo.processInfo.environment["COLUMNS"] ?? "") ?? 100
        var line = "[\(bar)] \(done)/\(total)  \(label)"
        if line.count > columns - 1 { line = String(line.prefix(max(10, columns - 1))) }
        lastDrawn.withLock { $0 = done }
        FileHandle.standardError.write(Data("\r\u{1B}[2K\(line)".utf8))
    }

    /// Clears the bar, leaving the line free for the report.
    func finish() {
        guard enabled, lastDrawn.withLock({ $0 >= 0 }) else { return }
        FileHandle.standardError.write(Data("\r\u{1B}[2K".utf8))
    }
}
