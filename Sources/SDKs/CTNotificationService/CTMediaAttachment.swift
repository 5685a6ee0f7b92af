import Foundation
import NSESimDownloads
import NSESimSDKSupport
import UserNotifications

/// CleverTap's media download: the file named with the extension of its media type (image →
/// jpg, video → mp4, audio → mp3; another type → the server's MIME type's: image/jpeg → jpeg,
/// image/png → png, image/gif → gif, else none), attached with the identifier "".
enum CTMediaAttachment {
    static func load(_ url: URL, mediaType: String) -> Result<UNNotificationAttachment, SDKMedia.Failure> {
        let download: NSESimDownloader.Download
        do {
            download = try NSESimDownloader().downloadBlocking(from: url)
        } catch {
            return .failure(SDKMedia.Failure(description: "download failed: \(error)"))
        }
        let fileExtension = self.fileExtension(mediaType: mediaType, mimeType: download.mimeType)
        let local = URL(fileURLWithPath: download.fileURL.path + "." + fileExtension)
        do {
            try FileManager.default.moveItem(at: download.fileURL, to: local)
            return .success(try UNNotificationAttachment(identifier: "", url: local, options: nil))
        } catch {
            return .failure(SDKMedia.Failure(description: "not an attachment: \(error)"))
        }
    }

    static func fileExtension(mediaType: String, mimeType: String?) -> String {
        switch mediaType {
        case "image": return "jpg"
        case "video": return "mp4"
        case "audio": return "mp3"
        default:
            switch mimeType?.split(separator: ";").first.map({ $0.trimmingCharacters(in: .whitespaces) }) {
            case "image/jpeg": return "jpeg"
            case "image/png": return "png"
            case "image/gif": return "gif"
            default: return ""
            }
        }
    }
}
