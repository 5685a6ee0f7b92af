// docs/behaviour.md#frameworks-and-modules: an iOS file that uses URLSession after importing only
// UserNotifications builds unchanged, because the module re-exports FoundationNetworking.

import UserNotifications

final class URLSessionWithoutImportService: UNNotificationServiceExtension {
    override func didReceive(_ request: UNNotificationRequest, withContentHandler contentHandler: @escaping (UNNotificationContent) -> Void)
    {
        let session = URLSession(configuration: .ephemeral)
        let attachment = try? UNNotificationAttachment(identifier: "", url: URL(fileURLWithPath: "/nonexistent.png"))
        session.invalidateAndCancel()
        let content = request.content.mutableCopy() as! UNMutableNotificationContent
        content.body = attachment == nil ? "no attachment" : "attachment"
        contentHandler(content)
    }
}
