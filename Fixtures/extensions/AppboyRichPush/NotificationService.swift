import UserNotifications
import Appboy_iOS_SDK

// Braze's SDK before its Swift SDK (pod 'Appboy-iOS-SDK'): the extension downloads `ab.att` itself,
// as Appboy's sample did, after asking ABKPushUtils whether the push is Braze's.
class NotificationService: UNNotificationServiceExtension {

    var contentHandler: ((UNNotificationContent) -> Void)?
    var bestAttemptContent: UNMutableNotificationContent?
    var originalContent: UNMutableNotificationContent?

    override func didReceive(_ request: UNNotificationRequest, withContentHandler contentHandler: @escaping (UNNotificationContent) -> Void) {
        self.contentHandler = contentHandler
        self.bestAttemptContent = (request.content.mutableCopy() as! UNMutableNotificationContent)
        self.originalContent = (request.content.mutableCopy() as! UNMutableNotificationContent)
        let userInfo = request.content.userInfo

        guard ABKPushUtils.isAppboyRemoteNotification(userInfo), !ABKPushUtils.isAppboyInternalRemoteNotification(userInfo) else {
            displayOriginalContent("Push is not from Appboy.")
            return
        }
        UNUserNotificationCenter.current().setNotificationCategories(ABKPushUtils.getAppboyUNNotificationCategorySet())
        guard let appboyPayload = userInfo["ab"] as? [AnyHashable: Any],
              let attachmentPayload = appboyPayload["att"] as? [AnyHashable: Any],
              let attachmentURLString = attachmentPayload["url"] as? String,
              let attachmentType = attachmentPayload["type"] as? String,
              let attachmentURL = URL(string: attachmentURLString) else {
            displayOriginalContent("Push has no attachment.")
            return
        }
        let session = URLSession(configuration: URLSessionConfiguration.default)
        session.downloadTask(with: attachmentURL) { temporaryFileLocation, _, error in
            guard error == nil, let temporaryFileLocation = temporaryFileLocation else {
                self.displayOriginalContent("Error fetching attachment.")
                return
            }
            let typedAttachmentURL = URL(fileURLWithPath: "\(temporaryFileLocation.path).\(attachmentType)")
            do {
                try FileManager.default.moveItem(at: temporaryFileLocation, to: typedAttachmentURL)
                let attachment = try UNNotificationAttachment(identifier: "", url: typedAttachmentURL, options: nil)
                self.bestAttemptContent!.attachments = [attachment]
                self.contentHandler!(self.bestAttemptContent!)
            } catch {
                self.displayOriginalContent("Attachment returned error.")
            }
        }.resume()
    }

    func displayOriginalContent(_ extraLogging: String) {
        print("[APPBOY] \(extraLogging)")
        self.contentHandler!(self.originalContent!)
    }

    override func serviceExtensionTimeWillExpire() {
        displayOriginalContent("Service extension called, displaying original content.")
    }
}
