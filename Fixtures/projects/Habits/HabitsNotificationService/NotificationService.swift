import UserNotifications
import FirebaseMessaging
import HabitsKit
import StreakFormatting

class NotificationService: UNNotificationServiceExtension {

    var contentHandler: ((UNNotificationContent) -> Void)?
    var bestAttemptContent: UNMutableNotificationContent?

    override func didReceive(_ request: UNNotificationRequest, withContentHandler contentHandler: @escaping (UNNotificationContent) -> Void) {
        self.contentHandler = contentHandler
        bestAttemptContent = (request.content.mutableCopy() as? UNMutableNotificationContent)
        guard let bestAttemptContent = bestAttemptContent else { return }

        let habit = Habit(name: "Water", days: 3)
        let group = Bundle.main.object(forInfoDictionaryKey: "AppGroup") as? String ?? "nil"
        bestAttemptContent.title = "\(habit.name): \(StreakFormatter.describe(days: habit.days))"
        bestAttemptContent.subtitle = ReleaseNotes.summary()
        bestAttemptContent.body = "group=[\(group)]"

        guard let imageURL = (request.content.userInfo["image-url"] as? String).flatMap(URL.init(string:)) else {
            FIRMessagingExtensionHelper().populateNotificationContent(bestAttemptContent, withContentHandler: contentHandler)
            return
        }
        AttachmentDownloader().download(imageURL) { file in
            if let file, let attachment = try? UNNotificationAttachment(identifier: "image", url: file, options: nil) {
                bestAttemptContent.attachments = [attachment]
                bestAttemptContent.body += " file=\(file.lastPathComponent)"
            } else {
                bestAttemptContent.body += " file=none"
            }
            FIRMessagingExtensionHelper().populateNotificationContent(bestAttemptContent, withContentHandler: contentHandler)
        }
    }

    override func serviceExtensionTimeWillExpire() {
        if let contentHandler = contentHandler, let bestAttemptContent = bestAttemptContent {
            contentHandler(bestAttemptContent)
        }
    }
}
