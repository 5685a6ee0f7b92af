import Foundation
import NSESimRuntime
import NSESimSDKSupport
import UserNotifications

/// Notifee's attachment download, through nsesim's downloader: the file's extension is the
/// one of the server's suggested file name, else `.<subtype>` of an `image/*` MIME type;
/// the attachment's options are the payload's (`NotifeeAttachmentOptions`).
enum NotifeeAttachment {
    static func load(_ url: URL, identifier: String, options: [AnyHashable: Any]) -> Result<UNNotificationAttachment, SDKMedia.Failure> {
        guard let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https" else {
            return .failure(SDKMedia.Failure(description: "not an http(s) URL: \(url.absoluteString)"))
        }
        let download: NSESimDownloader.Download
        do {
            download = try NSESimDownloader().downloadBlocking(from: url)
        } catch {
            return .failure(SDKMedia.Failure(description: "download failed: \(error)"))
        }
        let suggested = (NSESimSuggestedFilename.name(contentDisposition: nil, url: download.finalURL, mimeType: download.mimeType) as NSString).pathExtension
        var wanted = suggested
        if wanted.isEmpty, let mimeType = download.mimeType, mimeType.hasPrefix("image/") {
            wanted = String(mimeType.dropFirst("image/".count))
        }
        var file = download.fileURL
        if !wanted.isEmpty, wanted != file.pathExtension {
            let renamed = file.deletingPathExtension().appendingPathExtension(wanted)
            do {
                try FileManager.default.moveItem(at: file, to: renamed)
                file = renamed
            } catch {
                return .failure(SDKMedia.Failure(description: "could not name the file .\(wanted): \(error)"))
            }
        }
        do {
            return .success(try UNNotificationAttachment(identifier: identifier, url: file, options: options))
        } catch {
            return .failure(SDKMedia.Failure(description: "not an attachment: \(error)"))
        }
    }
}
