import NotificareNotificationServiceExtensionKit
import UserNotifications

// Notificare's async form, as apps on Swift concurrency write it; the error enum's cases.
class NotificareAsyncNotificationService: UNNotificationServiceExtension {
    var lastError: Error?

    override func didReceive(_ request: UNNotificationRequest, withContentHandler contentHandler: @escaping (UNNotificationContent) -> Void)
    {
        Task {
            do {
                let content = try await NotificareNotificationServiceExtension.handleNotificationRequest(request)
                contentHandler(content)
            } catch NotificareNotificationServiceExtension.Error.invalidUrl {
                lastError = NotificareNotificationServiceExtension.Error.invalidUrl
                contentHandler(request.content)
            } catch {
                lastError = error
                contentHandler(request.content)
            }
        }
    }
}
