import Foundation
import NSESimRuntime
import NSESimSDKSupport

/// The loggers messages go to, each with the level it takes. Messages are handed to the
/// loggers in order, on the caller's thread (the asynchronous flag is kept but not used:
/// every line reaches the report, none is lost when the extension process ends).
open class DDLog: NSObject, @unchecked Sendable {
    /// The log the Swift functions write to.
    public static let sharedInstance = DDLog()

    private let lock = NSRecursiveLock()
    private var loggers: [(logger: any DDLogger, level: DDLogLevel)] = []

    /// An empty log.
    public override init() { super.init() }

    /// Every logger of the shared log.
    open class var allLoggers: [any DDLogger] { sharedInstance.allLoggers }
    /// Every logger of the shared log with its level.
    open class var allLoggersWithLevel: [(any DDLogger, DDLogLevel)] { sharedInstance.allLoggersWithLevel }

    /// Adds a logger that takes every level to the shared log.
    open class func add(_ logger: any DDLogger) { sharedInstance.add(logger) }
    /// Adds a logger that takes `level` to the shared log.
    open class func add(_ logger: any DDLogger, with level: DDLogLevel) { sharedInstance.add(logger, with: level) }
    /// Removes a logger from the shared log.
    open class func remove(_ logger: any DDLogger) { sharedInstance.remove(logger) }
    /// Removes every logger of the shared log.
    open class func removeAllLoggers() { sharedInstance.removeAllLoggers() }
    /// Writes out what the shared log's loggers hold back.
    open class func flushLog() { sharedInstance.flushLog() }
    /// Hands a message to the shared log's loggers.
    open class func log(asynchronous: Bool, message logMessage: DDLogMessage) {
        sharedInstance.log(asynchronous: asynchronous, message: logMessage)
    }

    /// Every logger.
    open var allLoggers: [any DDLogger] { lock.withLock { loggers.map(\.logger) } }
    /// Every logger with its level.
    open var allLoggersWithLevel: [(any DDLogger, DDLogLevel)] { lock.withLock { loggers.map { ($0.logger, $0.level) } } }

    /// Adds a logger that takes every level.
    open func add(_ logger: any DDLogger) { add(logger, with: .all) }

    /// Adds a logger that takes `level` (a logger already added is not added twice).
    open func add(_ logger: any DDLogger, with level: DDLogLevel) {
        let added: Bool = lock.withLock {
            guard !loggers.contains(where: { $0.logger === logger }) else { return false }
            loggers.append((logger, level))
            return true
        }
        guard added else { return }
        logger.didAdd()
        SDKActivity.record(
            sdk: "CocoaLumberjack", api: "DDLog.add(_:with:)", "added \(logger.loggerName) at level \(level)",
            ["logger": .string(logger.loggerName), "level": .string("\(level)")])
    }

    /// Removes a logger.
    open func remove(_ logger: any DDLogger) {
        let removed: Bool = lock.withLock {
            guard let index = loggers.firstIndex(where: { $0.logger === logger }) else { return false }
            loggers.remove(at: index)
            return true
        }
        if removed { logger.willRemove() }
    }

    /// Removes every logger.
    open func removeAllLoggers() {
        let removed = lock.withLock {
            defer { loggers.removeAll() }
            return loggers.map(\.logger)
        }
        removed.forEach { $0.willRemove() }
    }

    /// Writes out what the loggers hold back (a file logger's buffered lines).
    open func flushLog() {
        allLoggers.forEach { $0.flush() }
    }

    /// Hands a message to each logger whose level takes its flag.
    open func log(asynchronous: Bool, message logMessage: DDLogMessage) {
        lock.withLock {
            for (logger, level) in loggers where level.rawValue & logMessage.flag.rawValue != 0 {
                logger.log(message: logMessage)
            }
        }
    }
}
