import BackgroundTasks
import UserNotifications
import notify

/// Tells the running app that a message arrived (a Darwin notification the app observes, as
/// Phoenix does), keeps the unread count in the name's state, and asks for a background refresh
/// with the app's shared scheduling code, which iOS refuses in an extension.
class NotificationService: UNNotificationServiceExtension {
    override func didReceive(_ request: UNNotificationRequest, withContentHandler contentHandler: @escaping (UNNotificationContent) -> Void) {
        let content = request.content.mutableCopy() as! UNMutableNotificationContent
        let name = (request.content.userInfo["signal"] as? String) ?? "com.example.app.newData"

        var token: Int32 = NOTIFY_TOKEN_INVALID
        var unread: UInt64 = 0
        if notify_register_check(name, &token) == NOTIFY_STATUS_OK, notify_is_valid_token(token) {
            notify_get_state(token, &unread)
            unread += 1
            notify_set_state(token, unread)
            notify_cancel(token)
        }
        let posted = notify_post(name) == NOTIFY_STATUS_OK

        let refresh = BGAppRefreshTaskRequest(identifier: "com.example.app.refresh")
        refresh.earliestBeginDate = Date(timeIntervalSinceNow: 60)
        var scheduling = "refresh scheduled"
        do {
            try BGTaskScheduler.shared.submit(refresh)
        } catch BGTaskScheduler.Error.unavailable {
            scheduling = "refresh unavailable"
        } catch {
            scheduling = "refresh failed"
        }
        content.subtitle = (posted ? "app told (\(unread) unread)" : "app not told") + ", " + scheduling
        contentHandler(content)
    }
}
