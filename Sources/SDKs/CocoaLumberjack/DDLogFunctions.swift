import Foundation

/// The level the Swift functions log at unless told otherwise (every level at first).
public var dynamicLogLevel: DDLogLevel {
    get { LogSettings.shared.withLock { $0.level } }
    set { LogSettings.shared.withLock { $0.level = newValue } }
}

/// The same level, under the name the functions' default argument uses.
public var DDDefaultLogLevel: DDLogLevel {
    get { dynamicLogLevel }
    set { dynamicLogLevel = newValue }
}

/// Whether the Swift functions log asynchronously by default (nsesim hands every message
/// over at once either way).
public var asyncLoggingEnabled: Bool {
    get { LogSettings.shared.withLock { $0.asynchronous } }
    set { LogSettings.shared.withLock { $0.asynchronous = newValue } }
}

/// Sets `dynamicLogLevel` back to every level.
public func resetDefaultLogLevel() { dynamicLogLevel = .all }

/// The name of the file this is called from, without folder and extension.
public func CurrentFileName(_ fileName: StaticString = #file) -> String {
    (("\(fileName)" as NSString).lastPathComponent as NSString).deletingPathExtension
}

/// Builds the message and hands it to `ddlog` when `level` takes `flag` (what the
/// functions below call).
public func _DDLogMessage(
    _ message: @autoclosure () -> Any, level: DDLogLevel, flag: DDLogFlag, context: Int, file: StaticString, function: StaticString,
    line: UInt, tag: Any?, asynchronous: Bool, ddlog: DDLog
) {
    guard level.rawValue & flag.rawValue != 0 else { return }
    let text: String
    switch message() {
    case let string as String: text = string
    case let value: text = String(describing: value)
    }
    let logMessage = DDLogMessage(
        message: text, level: level, flag: flag, context: context, file: "\(file)", function: "\(function)", line: line, tag: tag,
        options: [.copyFile, .copyFunction], timestamp: nil)
    ddlog.log(asynchronous: asynchronous, message: logMessage)
}

/// Logs a debug message.
public func DDLogDebug(
    _ message: @autoclosure () -> Any, level: DDLogLevel = DDDefaultLogLevel, context: Int = 0, file: StaticString = #file,
    function: StaticString = #function, line: UInt = #line, tag: Any? = nil, asynchronous async: Bool = asyncLoggingEnabled,
    ddlog: DDLog = .sharedInstance
) {
    _DDLogMessage(
        message(), level: level, flag: .debug, context: context, file: file, function: function, line: line, tag: tag, asynchronous: async,
        ddlog: ddlog)
}

/// Logs information.
public func DDLogInfo(
    _ message: @autoclosure () -> Any, level: DDLogLevel = DDDefaultLogLevel, context: Int = 0, file: StaticString = #file,
    function: StaticString = #function, line: UInt = #line, tag: Any? = nil, asynchronous async: Bool = asyncLoggingEnabled,
    ddlog: DDLog = .sharedInstance
) {
    _DDLogMessage(
        message(), level: level, flag: .info, context: context, file: file, function: function, line: line, tag: tag, asynchronous: async,
        ddlog: ddlog)
}

/// Logs a warning.
public func DDLogWarn(
    _ message: @autoclosure () -> Any, level: DDLogLevel = DDDefaultLogLevel, context: Int = 0, file: StaticString = #file,
    function: StaticString = #function, line: UInt = #line, tag: Any? = nil, asynchronous async: Bool = asyncLoggingEnabled,
    ddlog: DDLog = .sharedInstance
) {
    _DDLogMessage(
        message(), level: level, flag: .warning, context: context, file: file, function: function, line: line, tag: tag,
        asynchronous: async, ddlog: ddlog)
}

/// Logs a verbose message.
public func DDLogVerbose(
    _ message: @autoclosure () -> Any, level: DDLogLevel = DDDefaultLogLevel, context: Int = 0, file: StaticString = #file,
    function: StaticString = #function, line: UInt = #line, tag: Any? = nil, asynchronous async: Bool = asyncLoggingEnabled,
    ddlog: DDLog = .sharedInstance
) {
    _DDLogMessage(
        message(), level: level, flag: .verbose, context: context, file: file, function: function, line: line, tag: tag,
        asynchronous: async, ddlog: ddlog)
}

/// Logs an error (synchronously by default, as CocoaLumberjack logs errors).
public func DDLogError(
    _ message: @autoclosure () -> Any, level: DDLogLevel = DDDefaultLogLevel, context: Int = 0, file: StaticString = #file,
    function: StaticString = #function, line: UInt = #line, tag: Any? = nil, asynchronous async: Bool = false,
    ddlog: DDLog = .sharedInstance
) {
    _DDLogMessage(
        message(), level: level, flag: .error, context: context, file: file, function: function, line: line, tag: tag, asynchronous: async,
        ddlog: ddlog)
}

/// The Swift functions' settings, behind one lock.
final class LogSettings: @unchecked Sendable {
    static let shared = LogSettings()
    private let lock = NSLock()
    private var state = (level: DDLogLevel.all, asynchronous: true)

    func withLock<T>(_ body: (inout (level: DDLogLevel, asynchronous: Bool)) -> T) -> T {
        lock.withLock { body(&state) }
    }
}
