import BatchExtension
import UserNotifications

// Batch's setup guide: the drop-in base class, nothing overridden.
class BatchDropInNotificationService: BAENotificationServiceExtension {
}

// Batch's guide for an extension that changes the content itself: its helper appends the
// rich content to the changed content; the Low Data Mode switch set as the guide shows.
class BatchHelperNotificationService: UNNotificationServiceExtension {
    let batchHelper = RichNotificationHelper()
    var contentHandler: ((UNNotificationContent) -> Void)?
    var bestAttemptContent: UNMutableNotificationContent?
    var lastError: Error?

    override func didReceive(_ request: UNNotificationRequest, withContentHandler contentHandler: @escaping (UNNotificationContent) -> Void)
    {
        RichNotificationHelper.allowInLowDataMode = true
        self.contentHandler = contentHandler
        bestAttemptContent = (request.content.mutableCopy() as? UNMutableNotificationContent)
        guard let bestAttemptContent = bestAttemptContent else { return }
        bestAttemptContent.title = "[Batch] \(bestAttemptContent.title)"
        batchHelper.appendRichData(toContent: bestAttemptContent) { result, error in
            if let error = error {
                self.lastError = error
                print("Batch rich content: \((error as NSError).domain) \(error.localizedDescription)")
            }
            contentHandler(result ?? bestAttemptContent)
        }
    }

    override func serviceExtensionTimeWillExpire() {
        batchHelper.serviceExtensionTimeWillExpire()
        if let contentHandler = contentHandler, let bestAttemptContent = bestAttemptContent {
            contentHandler(bestAttemptContent)
        }
    }
}
