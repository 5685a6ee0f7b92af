import AttachmentValidation
import Foundation
import NSESimRuntime
import NSESimSDKSupport
import UserNotifications

/// MoEngage's media download: the file named from the server's Content-Type, falling back to
/// the URL's extension (MoEngageRichNotification 8.01.10), through nsesim's downloader.
enum MoEngageMedia {
    static func attachment(from url: URL) -> Result<UNNotificationAttachment, SDKMedia.Failure> {
        guard let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https" else {
            return .failure(SDKMedia.Failure(description: "not an http(s) URL: \(url.absoluteString)"))
        }
        let download: NSESimDownloader.Download
        do {
            download = try NSESimDownloader().downloadBlocking(from: url)
        } catch {
            return .failure(SDKMedia.Failure(description: "download failed: \(error)"))
        }
        var file = download.fileURL
        if let mimeType = download.mimeType, let wanted = AttachmentType(mimeType: mimeType)?.fileExtensions.first,
           wanted != file.pathExtension.lowercased() {
            let renamed = file.deletingPathExtension().appendingPathExtension(wanted)
            do {
                try FileManager.default.moveItem(at: file, to: renamed)
                file = renamed
            } catch {
                return .failure(SDKMedia.Failure(description: "could not name the file .\(wanted): \(error)"))
            }
        }
        do {
            return .success(try UNNotificationAttachment(identifier: "", url: file, options: nil))
        } catch {
            return .failure(SDKMedia.Failure(description: "not an attachment: \(error)"))
        }
    }
}
