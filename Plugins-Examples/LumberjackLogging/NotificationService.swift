import CocoaLumberjackSwift
import UserNotifications

/// Logging as apps that share CocoaLumberjack with their extension do: the OS logger and a
/// file logger in the caches folder, set up once; the lines of each push at their levels.
class NotificationService: UNNotificationServiceExtension {
    static let fileLogger: DDFileLogger = {
        let fileLogger = DDFileLogger()
        fileLogger.rollingFrequency = 60 * 60 * 24
        fileLogger.logFileManager.maximumNumberOfLogFiles = 7
        return fileLogger
    }()

    static let setUpLogging: Void = {
        DDLog.add(DDOSLogger.sharedInstance)
        DDLog.add(fileLogger, with: .info)
        dynamicLogLevel = .debug
    }()

    var contentHandler: ((UNNotificationContent) -> Void)?
    var bestAttemptContent: UNMutableNotificationContent?

    override func didReceive(_ request: UNNotificationRequest, withContentHandler contentHandler: @escaping (UNNotificationContent) -> Void) {
        _ = NotificationService.setUpLogging
        self.contentHandler = contentHandler
        bestAttemptContent = (request.content.mutableCopy() as? UNMutableNotificationContent)
        guard let bestAttemptContent = bestAttemptContent else { return }

        DDLogInfo("didReceive \(request.content.title)")
        DDLogDebug("payload keys: \(request.content.userInfo.keys.compactMap { $0 as? String }.sorted())")
        DDLogVerbose("not logged: the level is .debug")
        if let sender = request.content.userInfo["sender"] as? String {
            bestAttemptContent.body = "\(bestAttemptContent.body) (from \(sender))"
        } else {
            DDLogWarn("no sender in the payload")
        }
        if request.content.userInfo["conversation-id"] == nil {
            DDLogError("no conversation-id: the push cannot be threaded")
        }
        DDLog.flushLog()
        let logFile = NotificationService.fileLogger.currentLogFileInfo
        let lines = (try? String(contentsOfFile: logFile?.filePath ?? "", encoding: .utf8))?.split(separator: "\n").count ?? 0
        bestAttemptContent.subtitle = "\(lines) lines in the log file"
        contentHandler(bestAttemptContent)
    }

    override func serviceExtensionTimeWillExpire() {
        DDLogWarn("serviceExtensionTimeWillExpire")
        if let contentHandler = contentHandler, let bestAttemptContent = bestAttemptContent {
            contentHandler(bestAttemptContent)
        }
    }
}
