import UserNotifications
import os.log

/// Logs the way iOS extensions do: a `Logger` per category with privacy-annotated values,
/// the older `os_log` with a printf format, and a signpost around the work. nsesim shows each
/// entry in the report, private values redacted as in a release log (`--log-private` shows them).
class NotificationService: UNNotificationServiceExtension {
    private let logger = Logger(subsystem: "com.example.app.NotificationService", category: "push")
    private let legacyLog = OSLog(subsystem: "com.example.app.NotificationService", category: "legacy")
    private let signposter = OSSignposter(subsystem: "com.example.app.NotificationService", category: "timing")

    override func didReceive(_ request: UNNotificationRequest, withContentHandler contentHandler: @escaping (UNNotificationContent) -> Void) {
        let state = signposter.beginInterval("didReceive")
        let sender = request.content.userInfo["sender"] as? String ?? "unknown"
        logger.debug("payload keys: \(request.content.userInfo.count)")
        logger.info("push \(request.identifier, privacy: .public) from \(sender)")
        logger.notice("title length \(request.content.title.count, privacy: .public)")
        os_log("legacy: sender %@, public title %{public}@, %d keys", log: legacyLog, type: .info,
               sender, request.content.title, request.content.userInfo.count)

        guard let content = request.content.mutableCopy() as? UNMutableNotificationContent else {
            logger.error("content is not mutable")
            contentHandler(request.content)
            return
        }
        content.body = "\(content.body) (from \(sender))"
        signposter.endInterval("didReceive", state)
        contentHandler(content)
    }

    override func serviceExtensionTimeWillExpire() {
        logger.fault("time is up before the content was ready")
    }
}
