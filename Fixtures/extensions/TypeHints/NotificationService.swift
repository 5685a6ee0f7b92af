import CoreServices
import UniformTypeIdentifiers
import UserNotifications

/// Names a downloaded file's type from the server's MIME type with UTType (files saved without
/// an extension need a type hint) and checks it with the CoreServices functions.
class NotificationService: UNNotificationServiceExtension {
    override func didReceive(_ request: UNNotificationRequest, withContentHandler contentHandler: @escaping (UNNotificationContent) -> Void) {
        let content = request.content.mutableCopy() as! UNMutableNotificationContent
        let source = Bundle.main.url(forResource: "avatar", withExtension: "png")!
        let saved = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent(UUID().uuidString)
        try? FileManager.default.copyItem(at: source, to: saved)

        let serverMIMEType = "image/png"
        if let type = UTType(mimeType: serverMIMEType), type.conforms(to: .image),
           UTTypeConformsTo(type.identifier as CFString, kUTTypeImage),
           let attachment = try? UNNotificationAttachment(identifier: "avatar", url: saved,
                                                          options: [UNNotificationAttachmentOptionsTypeHintKey: type.identifier]) {
            content.attachments = [attachment]
            content.subtitle = "\(type.identifier) .\(type.preferredFilenameExtension ?? "?")"
        }
        contentHandler(content)
    }
}
