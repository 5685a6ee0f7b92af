// Leanplum has no service-extension helper: its rich-push sample (Leanplum/Rondo-iOS,
// RichPush/NotificationService.swift, before it moved to CleverTap's CTNotificationService)
// has the extension download `LP_URL` itself with URLSession, name the file from the
// response's MIME type, attach it and call the handler.
import UserNotifications

class NotificationService: UNNotificationServiceExtension {

    var contentHandler: ((UNNotificationContent) -> Void)?
    var bestAttemptContent: UNMutableNotificationContent?

    override func didReceive(_ request: UNNotificationRequest, withContentHandler contentHandler: @escaping (UNNotificationContent) -> Void) {
        let imageKey = "LP_URL"
        self.contentHandler = contentHandler
        bestAttemptContent = (request.content.mutableCopy() as? UNMutableNotificationContent)

        guard let bestAttemptContent = bestAttemptContent else { return }
        let userInfo = request.content.userInfo
        // No LP_URL: the push is shown as it came.
        guard userInfo[imageKey] != nil else {
            contentHandler(bestAttemptContent)
            return
        }
        guard let attachmentMedia = userInfo[imageKey] as? String else { return }
        let mediaUrl = URL(string: attachmentMedia)
        let session = URLSession(configuration: .default)
        session.downloadTask(with: mediaUrl!) { temporaryLocation, response, error in
            if let error = error {
                print("Leanplum: Error with downloading rich push: \(error.localizedDescription)")
                contentHandler(bestAttemptContent)
                return
            }
            let fileType = self.determineType(fileType: (response?.mimeType)!)
            let fileName = temporaryLocation?.lastPathComponent.appending(fileType)
            let temporaryFile = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent(fileName!)
            do {
                try FileManager.default.moveItem(at: temporaryLocation!, to: temporaryFile)
                let attachment = try UNNotificationAttachment(identifier: "", url: temporaryFile, options: nil)
                bestAttemptContent.attachments = [attachment]
                contentHandler(bestAttemptContent)
                // Leanplum's sample then removes the file if it is still there. Left out here:
                // nsesim moves attachments into the store when the extension finishes
                // (docs/behaviour.md#after-the-extension), so that removal races the move and the attachment is sometimes
                // dropped (attachmentInvalidURL), where iOS has taken the file already.
            } catch {
                print("Leanplum: Error with the rich push attachment: \(error)")
                contentHandler(bestAttemptContent)
            }
        }.resume()
    }

    override func serviceExtensionTimeWillExpire() {
        if let contentHandler = contentHandler, let bestAttemptContent = bestAttemptContent {
            contentHandler(bestAttemptContent)
        }
    }

    /// The file extension for the response's MIME type: .jpg, .gif, .png, else .tmp.
    func determineType(fileType: String) -> String {
        switch fileType {
        case "image/jpeg": return ".jpg"
        case "image/gif": return ".gif"
        case "image/png": return ".png"
        default: return ".tmp"
        }
    }
}
