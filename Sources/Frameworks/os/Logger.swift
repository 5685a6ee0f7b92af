/// Unified logging's `Logger`: `logger.info("downloaded \(bytes) bytes from \(url, privacy: .public)")`.
public struct Logger: Sendable {
    let subsystem: String
    let category: String
    let enabled: Bool

    /// A logger for a subsystem and category.
    public init(subsystem: String, category: String) {
        self.subsystem = subsystem
        self.category = category
        enabled = true
    }

    /// A logger writing to `log`.
    public init(_ log: OSLog) {
        subsystem = log.subsystem
        category = log.category
        enabled = log.enabled
    }

    /// A logger for the default log.
    public init() {
        self.init(OSLog.default)
    }

    /// Logs `message` at `level`.
    public func log(level: OSLogType, _ message: OSLogMessage) {
        guard enabled else { return }
        LogRecord.emit(level, subsystem: subsystem, category: category, full: message.full, redacted: message.redacted)
    }

    /// Logs `message` at the default (notice) level.
    public func log(_ message: OSLogMessage) { log(level: .default, message) }
    public func trace(_ message: OSLogMessage) { log(level: .debug, message) }
    public func debug(_ message: OSLogMessage) { log(level: .debug, message) }
    public func info(_ message: OSLogMessage) { log(level: .info, message) }
    public func notice(_ message: OSLogMessage) { log(level: .default, message) }
    public func warning(_ message: OSLogMessage) { log(level: .error, message) }
    public func error(_ message: OSLogMessage) { log(level: .error, message) }
    public func critical(_ message: OSLogMessage) { log(level: .fault, message) }
    public func fault(_ message: OSLogMessage) { log(level: .fault, message) }
}
