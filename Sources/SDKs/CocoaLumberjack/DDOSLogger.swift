import Foundation
import NSESimRuntime

/// Writes each message to unified logging, as CocoaLumberjack's `DDOSLogger` calls `os_log`:
/// errors at the error level, warnings and information at info, the rest at debug, the text
/// public. In nsesim each line is a log record of the report (source `os.log`), with the
/// file and line it came from.
open class DDOSLogger: DDAbstractLogger, @unchecked Sendable {
    /// The logger for the default subsystem and category (`OS_LOG_DEFAULT`).
    public static let sharedInstance = DDOSLogger()

    private let subsystem: String?
    private let category: String?

    /// A logger for the default subsystem and category.
    public override init() {
        subsystem = nil
        category = nil
        super.init()
    }

    /// A logger for `subsystem` and `category` (both or neither).
    public init(subsystem: String?, category: String?) {
        self.subsystem = subsystem
        self.category = category
        super.init()
    }

    /// Writes the message as a unified-logging entry.
    open override func log(message logMessage: DDLogMessage) {
        guard let text = line(for: logMessage) else { return }
        let level: String
        switch logMessage.flag {
        case .error: level = "error"
        case .warning, .info: level = "info"
        default: level = "debug"
        }
        guard NSESimReport.isConnected else {
            FileHandle.standardError.write(Data("[\(subsystem ?? ""):\(category ?? "")] \(level): \(text)\n".utf8))
            return
        }
        NSESimReport.send(
            source: .log,
            .object([
                "level": .string(level),
                "subsystem": .string(subsystem ?? ""),
                "category": .string(category ?? ""),
                "message": .string(text),
                "private": .string(text),
                "file": .string((logMessage.file as NSString).lastPathComponent),
                "line": .integer(Int64(logMessage.line)),
                "function": logMessage.function.map(JSONValue.string) ?? .null,
                "logger": .string("DDOSLogger"),
                "flag": .string(logMessage.flag.name),
            ]))
    }
}

/// Writes each message to standard error, as `DDTTYLogger` writes to Xcode's console: in
/// nsesim, the extension's output in the report. Lines are "date time process[pid:thread] text"
/// unless a formatter says otherwise.
open class DDTTYLogger: DDAbstractLogger, @unchecked Sendable {
    /// The console logger.
    public static let sharedInstance: DDTTYLogger? = DDTTYLogger()

    /// Whether colours are used (recorded; standard error is not a terminal in nsesim).
    open var colorsEnabled = false

    private static let stamp: DateFormatter = {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.dateFormat = "yyyy-MM-dd HH:mm:ss:SSS"
        return formatter
    }()

    /// Writes the message to standard error.
    open override func log(message logMessage: DDLogMessage) {
        let text: String
        if let formatter = logFormatter {
            guard let formatted = formatter.format(message: logMessage) else { return }
            text = formatted
        } else {
            text =
                "\(Self.stamp.string(from: logMessage.timestamp)) \(ProcessInfo.processInfo.processName)"
                + "[\(ProcessInfo.processInfo.processIdentifier):\(logMessage.threadID)] \(logMessage.message)"
        }
        FileHandle.standardError.write(Data((text + "\n").utf8))
    }
}
