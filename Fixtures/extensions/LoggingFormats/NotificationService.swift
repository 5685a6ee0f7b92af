import os
import UserNotifications

/// An iOS-style extension that logs with `Logger` (every level, privacy, formats) and `os_log`
/// (built by nsesim as Xcode would, `import os`; run by LoggingTests and its replay case).
class NotificationService: UNNotificationServiceExtension {
    static let log = OSLog(subsystem: "com.example.app.NotificationService", category: "sample")
    let logger = Logger(subsystem: "com.example.app.NotificationService", category: "sample")

    override func didReceive(_ request: UNNotificationRequest, withContentHandler contentHandler: @escaping (UNNotificationContent) -> Void) {
        let token = request.content.userInfo["token"] as? String ?? ""
        logger.trace("trace")
        logger.debug("debug \(42)")
        logger.info("token \(token, privacy: .private) for \(request.identifier, privacy: .public)")
        logger.notice("ratio \(0.5, format: .fixed(precision: 2)) hex \(255, format: .hex) flag \(true)")
        logger.warning("warning")
        logger.error("error \(NSError(domain: "d", code: 7))")
        logger.critical("critical")
        logger.fault("fault")
        os_log("%{public}@ has %d items, secret %@", log: Self.log, type: .debug, "list", 3, token)
        os_log(.info, log: Self.log, "modern \(token)")
        contentHandler(request.content)
    }
}
