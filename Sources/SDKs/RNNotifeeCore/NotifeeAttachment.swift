import Foundation
import NSESimRuntime
import NSESimSDKSupport
import UserNotifications

/// Notifee's attachment download, through nsesim's downloader: the file's extension is the
/// one of the server's suggested file name, else `.<subtype>` of an `image/*` MIME type;
/// the attachment's options are the payload's (`NotifeeAttachmentOptions`).
enum NotifeeAttachment {
    static func load(_ url: URL, identifier: String, options: [AnyHashable: Any]) -> Result<UNNotificationAttachment, SDKMedia.Failure> {
        SDKMedia.download(url).flatMap { download in
            var wanted =
                (NSESimSuggestedFilename.name(contentDisposition: nil, url: download.finalURL, mimeType: download.mimeType)
                as NSString).pathExtension
            if wanted.isEmpty, let mimeType = download.mimeType, mimeType.hasPrefix("image/") {
                wanted = String(mimeType.dropFirst("image/".count))
            }
            return SDKMedia.attachment(of: download, identifier: identifier, fileExtension: wanted, options: options)
        }
    }
}
