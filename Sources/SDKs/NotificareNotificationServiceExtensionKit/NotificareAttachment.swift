import AttachmentValidation
import Foundation
import NSESimDownloads
import NSESimRuntime
import NSESimSDKSupport
import UserNotifications

/// Notificare's attachment: `attachment.uri` of the payload, downloaded on the calling thread,
/// written under the URL's last path component, attached as `file_<name>` with a thumbnail
/// clipping rect of the whole image and the type hint of the server's MIME type, as
/// Notificare's helper does. A server answering with an error status gives a body that is
/// not the medium: the attachment fails and Notificare says `downloadFailed`.
enum NotificareAttachment {
    static func fetch(for request: UNNotificationRequest, api: String) throws -> UNNotificationAttachment? {
        let sdk = NotificareNotificationServiceExtension.sdk
        guard let attachment = request.content.userInfo["attachment"] as? [String: Any],
            let uri = attachment["uri"] as? String
        else {
            SDKActivity.record(sdk: sdk, api: api, "no attachment.uri: content as it came")
            return nil
        }
        guard let url = URL(string: uri) else {
            throw NotificareNotificationServiceExtension.Error.invalidUrl
        }
        SDKActivity.record(sdk: sdk, api: api, "downloading attachment.uri", ["url": .string(uri)])
        let download: NSESimDownloader.Download
        do {
            download = try NSESimDownloader().downloadBlocking(from: url)
        } catch {
            // Other failures are thrown as they are, as URLSession's errors are on iOS.
            guard let status = httpStatus(of: error) else { throw error }
            SDKActivity.record(sdk: sdk, api: api, "HTTP \(status): the body is not the medium", ["url": .string(uri)])
            throw NotificareNotificationServiceExtension.Error.downloadFailed
        }
        let fileName = url.pathComponents.last ?? "attachment"
        let file = download.fileURL.deletingLastPathComponent().appendingPathComponent(fileName)
        do {
            if FileManager.default.fileExists(atPath: file.path) { try FileManager.default.removeItem(at: file) }
            try FileManager.default.moveItem(at: download.fileURL, to: file)
        } catch {
            throw NotificareNotificationServiceExtension.Error.downloadFailed
        }
        var options: [AnyHashable: Any] = [UNNotificationAttachmentOptionsThumbnailClippingRectKey: CGRect(x: 0, y: 0, width: 1, height: 1)]
        if let mimeType = download.mimeType?.split(separator: ";").first.map({ $0.trimmingCharacters(in: .whitespaces) }),
            let type = UniformTypes.record(mimeType: mimeType)
        {
            options[UNNotificationAttachmentOptionsTypeHintKey] = type.identifier
        }
        do {
            return try UNNotificationAttachment(identifier: "file_\(fileName)", url: file, options: options)
        } catch {
            SDKActivity.record(sdk: sdk, api: api, "not an attachment: \(error)", ["error": .string("\(error)")])
            throw NotificareNotificationServiceExtension.Error.downloadFailed
        }
    }

    /// The status of an HTTP error response, if that is the failure.
    private static func httpStatus(of error: NSESimDownloadError) -> Int? {
        switch error {
        case .httpStatus(let status, _): status
        default: nil
        }
    }
}
