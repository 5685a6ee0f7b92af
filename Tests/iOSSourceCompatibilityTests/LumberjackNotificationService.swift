import CocoaLumberjack
import UserNotifications

/// Collects what it is given, as an app's own logger (a crash reporter's breadcrumbs) does.
class CollectingLogger: DDAbstractLogger {
    var lines: [String] = []

    override func log(message logMessage: DDLogMessage) {
        let line = logFormatter?.format(message: logMessage) ?? logMessage.message
        lines.append("\(logMessage.fileName):\(logMessage.line) \(line)")
    }
}

/// Prefixes the flag, as apps' formatters do.
class FlagFormatter: NSObject, DDLogFormatter {
    func format(message logMessage: DDLogMessage) -> String? {
        switch logMessage.flag {
        case .error: return "E \(logMessage.message)"
        case .warning: return "W \(logMessage.message)"
        case .info: return "I \(logMessage.message)"
        default: return nil  // debug and verbose lines are left out
        }
    }
}

/// The CocoaLumberjack sample of this target (Swift 5 mode, the library's names only): loggers
/// set up once, each push's lines at their levels, the file logger's file read back.
class LumberjackNotificationService: UNNotificationServiceExtension {
    let log = DDLog()
    let collector = CollectingLogger()
    let fileLogger: DDFileLogger

    init(logsDirectory: String) {
        fileLogger = DDFileLogger(logFileManager: DDLogFileManagerDefault(logsDirectory: logsDirectory))
        super.init()
        fileLogger.rollingFrequency = 60 * 60 * 24
        fileLogger.logFileManager.maximumNumberOfLogFiles = 2
        collector.logFormatter = FlagFormatter()
        log.add(collector, with: .info)
        log.add(fileLogger)
        log.add(DDOSLogger.sharedInstance)
    }

    override func didReceive(_ request: UNNotificationRequest, withContentHandler contentHandler: @escaping (UNNotificationContent) -> Void)
    {
        let content = request.content.mutableCopy() as! UNMutableNotificationContent
        DDLogInfo("didReceive \(request.identifier)", ddlog: log)
        DDLogDebug("userInfo has \(request.content.userInfo.count) keys", ddlog: log)
        DDLogVerbose("left out below .debug", level: .debug, ddlog: log)
        if request.content.userInfo["sender"] == nil {
            DDLogWarn("no sender", ddlog: log)
        }
        DDLogError(NSError(domain: "Push", code: 7, userInfo: nil), ddlog: log)
        log.flushLog()
        content.subtitle = "\(collector.lines.count) lines"
        contentHandler(content)
    }
}
