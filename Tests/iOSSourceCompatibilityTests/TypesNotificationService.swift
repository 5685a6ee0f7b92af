import MobileCoreServices
import UniformTypeIdentifiers
import UserNotifications

/// An iOS-style extension that picks an attachment's type hint from the server's MIME type
/// with UTType, and checks it the pre-iOS-14 way with MobileCoreServices (the sample of
/// UniformTypeIdentifiers and MobileCoreServices: compiled in Swift 5 mode, run by its test).
class TypesNotificationService: UNNotificationServiceExtension {
    static func typeHint(mimeType: String) -> String? {
        guard let type = UTType(mimeType: mimeType), type.conforms(to: .image) || type.conforms(to: .audiovisualContent) else {
            return nil
        }
        return type.identifier
    }

    static func legacyIdentifier(forExtension fileExtension: String) -> String? {
        guard
            let identifier = UTTypeCreatePreferredIdentifierForTag(kUTTagClassFilenameExtension, fileExtension as CFString, nil)?
                .takeRetainedValue()
        else { return nil }
        return identifier as String
    }

    static func isImage(_ identifier: String) -> Bool {
        UTTypeConformsTo(identifier as CFString, kUTTypeImage)
    }

    override func didReceive(_ request: UNNotificationRequest, withContentHandler contentHandler: @escaping (UNNotificationContent) -> Void)
    {
        let content = request.content.mutableCopy() as! UNMutableNotificationContent
        content.subtitle = Self.typeHint(mimeType: request.content.userInfo["mime"] as? String ?? "") ?? "no hint"
        contentHandler(content)
    }
}
