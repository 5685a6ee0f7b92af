import Foundation
import NSESimRuntime

/// One log entry, as nsesim's report shows it. Inside an extension process started by nsesim
/// it becomes a `record` event (source "os.log"); anywhere else it is written to standard error.
enum LogRecord {
    static func emit(_ type: OSLogType, subsystem: String, category: String, full: String, redacted: String) {
        guard NSESimReport.isConnected else {
            FileHandle.standardError.write(Data("[\(subsystem):\(category)] \(type.name): \(redacted)\n".utf8))
            return
        }
        NSESimReport.send(
            source: .log,
            .object([
                "level": .string(type.name),
                "subsystem": .string(subsystem),
                "category": .string(category),
                "message": .string(redacted),
                "private": .string(full),
            ]))
    }
}
