// A typical production extension, as found in iOS projects: it downloads an image named
// in the payload with URLSession, attaches it with a type hint and thumbnail options,
// sets a badge, a critical sound and an interruption level, and localizes a string.
// It imports only UserNotifications, as on iOS, where that makes Foundation visible;
// the one Linux addition is the `#if canImport(FoundationNetworking)` around URLSession.

import UserNotifications

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

final class RichNotificationService: UNNotificationServiceExtension {
    private var contentHandler: ((UNNotificationContent) -> Void)?
    private var bestAttemptContent: UNMutableNotificationContent?
    private var task: URLSessionDownloadTask?

    override func didReceive(_ request: UNNotificationRequest, withContentHandler contentHandler: @escaping (UNNotificationContent) -> Void)
    {
        self.contentHandler = contentHandler
        guard let content = request.content.mutableCopy() as? UNMutableNotificationContent else {
            contentHandler(request.content)
            return
        }
        bestAttemptContent = content
        content.badge = 3
        content.badge = NSNumber(value: 4)
        content.sound = UNNotificationSound.criticalSoundNamed(UNNotificationSoundName(rawValue: "alarm.caf"), withAudioVolume: 0.8)
        content.sound = .default
        content.interruptionLevel = .timeSensitive
        content.relevanceScore = 0.75
        content.threadIdentifier = "chat-42"
        content.categoryIdentifier = "MESSAGE"
        content.targetContentIdentifier = nil
        content.subtitle = NSString.localizedUserNotificationString(forKey: "From %@", arguments: ["Anna"])

        guard let urlString = request.content.userInfo["image-url"] as? String,
            let url = URL(string: urlString)
        else {
            contentHandler(content)
            return
        }
        task = URLSession.shared.downloadTask(with: url) { [weak self] location, response, error in
            guard let self = self else { return }
            defer { self.contentHandler?(content) }
            guard let location = location, error == nil else { return }
            let destination = URL(fileURLWithPath: NSTemporaryDirectory())
                .appendingPathComponent(UUID().uuidString)
                .appendingPathExtension("jpg")
            do {
                try FileManager.default.moveItem(at: location, to: destination)
                let options: [AnyHashable: Any] = [
                    UNNotificationAttachmentOptionsTypeHintKey: "public.jpeg",
                    UNNotificationAttachmentOptionsThumbnailHiddenKey: false,
                    UNNotificationAttachmentOptionsThumbnailClippingRectKey: CGRect(x: 0, y: 0, width: 1, height: 0.5)
                        .dictionaryRepresentation,
                ]
                let attachment = try UNNotificationAttachment(identifier: "image", url: destination, options: options)
                content.attachments = [attachment]
            } catch let error as UNError where error.code == .attachmentInvalidFileSize {
                content.body += " (image too large)"
            } catch UNError.attachmentUnrecognizedType {
                content.body += " (unknown image type)"
            } catch {
                content.body += " (\(error.localizedDescription))"
            }
        }
        task?.resume()
    }

    override func serviceExtensionTimeWillExpire() {
        task?.cancel()
        if let contentHandler = contentHandler, let bestAttemptContent = bestAttemptContent {
            contentHandler(bestAttemptContent)
        }
    }
}
