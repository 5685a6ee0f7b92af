import AttachmentValidation
import Foundation
import NSESimRuntime
import NSESimSDKSupport
import UserNotifications

/// MoEngage's media download: the file named from the server's Content-Type, falling back to
/// the URL's extension (MoEngageRichNotification 8.01.10), through nsesim's downloader.
enum MoEngageMedia {
    static func attachment(from url: URL) -> Result<UNNotificationAttachment, SDKMedia.Failure> {
        SDKMedia.download(url).flatMap { download in
            let byType = download.mimeType.flatMap { AttachmentType(mimeType: $0)?.fileExtensions.first }
            return SDKMedia.attachment(of: download, identifier: "", fileExtension: byType)
        }
    }
}
