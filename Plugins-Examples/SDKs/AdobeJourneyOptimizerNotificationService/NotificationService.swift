// Adobe Journey Optimizer has no service-extension helper: its guide ("Displaying rich push
// notification", Adobe Experience Platform Mobile SDK docs) has the extension read the
// `adb_media` key itself, load it with Data(contentsOf:) and attach it as a .jpg.
import UserNotifications

class NotificationService: UNNotificationServiceExtension {

    var contentHandler: ((UNNotificationContent) -> Void)?
    var bestAttemptContent: UNMutableNotificationContent?

    override func didReceive(_ request: UNNotificationRequest, withContentHandler contentHandler: @escaping (UNNotificationContent) -> Void) {
        self.contentHandler = contentHandler
        bestAttemptContent = (request.content.mutableCopy() as? UNMutableNotificationContent)

        // the handler is called however this function returns
        defer {
            contentHandler(bestAttemptContent ?? request.content)
        }

        guard let attachment = request.adobeAttachment else { return }
        bestAttemptContent?.attachments = [attachment]
    }

    override func serviceExtensionTimeWillExpire() {
        if let contentHandler = contentHandler, let bestAttemptContent = bestAttemptContent {
            contentHandler(bestAttemptContent)
        }
    }
}

extension UNNotificationRequest {
    /// The `adb_media` of an Adobe Journey Optimizer push, downloaded and made an attachment.
    var adobeAttachment: UNNotificationAttachment? {
        guard let attachmentString = content.userInfo["adb_media"] as? String else {
            return nil
        }
        guard let attachmentURL = URL(string: attachmentString) else {
            return nil
        }
        guard let attachmentData = try? Data(contentsOf: attachmentURL) else {
            return nil
        }
        return try? UNNotificationAttachment(data: attachmentData, options: nil, attachmentURL: attachmentURL)
    }
}

extension UNNotificationAttachment {
    /// An attachment of `data`, written to a new temporary folder as a .jpg (as the guide does).
    convenience init(data: Data, options: [NSObject: AnyObject]?, attachmentURL: URL) throws {
        let fileManager = FileManager.default
        let temporaryFolderURL = URL(fileURLWithPath: NSTemporaryDirectory())
            .appendingPathComponent(ProcessInfo.processInfo.globallyUniqueString, isDirectory: true)
        try fileManager.createDirectory(at: temporaryFolderURL, withIntermediateDirectories: true, attributes: nil)
        let attachmentType = ".jpg"
        let attachmentName = UUID().uuidString + attachmentType
        let fileURL = temporaryFolderURL.appendingPathComponent(attachmentName)
        try data.write(to: fileURL)
        try self.init(identifier: attachmentName, url: fileURL, options: options)
    }
}
