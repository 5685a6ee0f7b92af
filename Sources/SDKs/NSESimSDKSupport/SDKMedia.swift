import Foundation
import NSESimRuntime
import UserNotifications

/// A media URL of a push payload downloaded through nsesim's downloader (so network
/// profiles, faults and bench apply) and made an attachment, as the SDKs' helpers do.
public enum SDKMedia {
    /// Why a media URL gave no attachment.
    public struct Failure: Error, Sendable, CustomStringConvertible {
        /// What went wrong, readable.
        public let description: String

        /// A failure saying `description`.
        public init(description: String) { self.description = description }
    }

    /// Downloads `url` on the calling thread and creates an attachment `identifier` from the
    /// file. `fileExtension` replaces the server's extension when given (a payload's type
    /// hint, as Braze's `ab.att.type`); the attachment's type comes from it. `options` are the
    /// attachment's (`UNNotificationAttachmentOptions*Key`). `timeout` limits the whole
    /// transfer, in seconds, when the SDK sets one (its URLSession's resource timeout).
    public static func attachment(
        from url: URL, identifier: String, fileExtension: String? = nil,
        options: [AnyHashable: Any]? = nil, timeout: Double? = nil
    ) -> Result<UNNotificationAttachment, Failure> {
        download(url, timeout: timeout).flatMap {
            attachment(of: $0, identifier: identifier, fileExtension: fileExtension, options: options)
        }
    }

    /// Downloads `url` (http or https) on the calling thread; `timeout` limits the whole
    /// transfer, in seconds, when the SDK sets one.
    public static func download(_ url: URL, timeout: Double? = nil) -> Result<NSESimDownloader.Download, Failure> {
        guard let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https" else {
            return .failure(Failure(description: "not an http(s) URL: \(url.absoluteString)"))
        }
        do {
            var configuration = NSESimDownloader.Configuration()
            if let timeout { configuration.timeout = timeout }
            return .success(try NSESimDownloader(configuration: configuration).downloadBlocking(from: url))
        } catch {
            return .failure(Failure(description: "download failed: \(error)"))
        }
    }

    /// A downloaded file made an attachment `identifier`: renamed first to `fileExtension`
    /// when given and not already its extension, which gives the attachment its type.
    public static func attachment(
        of download: NSESimDownloader.Download, identifier: String, fileExtension: String? = nil,
        options: [AnyHashable: Any]? = nil
    ) -> Result<UNNotificationAttachment, Failure> {
        var file = download.fileURL
        let wanted = fileExtension?.trimmingCharacters(in: CharacterSet(charactersIn: ".")) ?? ""
        if !wanted.isEmpty, wanted != file.pathExtension {
            let renamed = file.deletingPathExtension().appendingPathExtension(wanted)
            do {
                try FileManager.default.moveItem(at: file, to: renamed)
                file = renamed
            } catch {
                return .failure(Failure(description: "could not name the file .\(wanted): \(error)"))
            }
        }
        do {
            return .success(try UNNotificationAttachment(identifier: identifier, url: file, options: options))
        } catch {
            return .failure(Failure(description: "not an attachment: \(error)"))
        }
    }

    /// `attachment(from:identifier:fileExtension:)` on a thread of its own, then `completion`
    /// on that thread.
    public static func attachment(
        from url: URL, identifier: String, fileExtension: String? = nil,
        completion: @escaping @Sendable (Result<UNNotificationAttachment, Failure>) -> Void
    ) {
        let thread = Thread {
            completion(attachment(from: url, identifier: identifier, fileExtension: fileExtension))
        }
        thread.name = "nsesim.sdk.media"
        thread.start()
    }

    /// The report fields of an attachment: identifier, type and file.
    public static func fields(of attachment: UNNotificationAttachment) -> [String: JSONValue] {
        ["identifier": .string(attachment.identifier), "type": .string(attachment.type), "file": .string(attachment.url.lastPathComponent)]
    }
}
