import Foundation
import NSESimRuntime
import NSESimSDKSupport
import UserNotifications

/// Batch's rich notifications helper (`BAERichNotificationHelper` in Objective-C): one per
/// service extension. It downloads the push's `com.batch.at.u` through nsesim's downloader
/// (so network profiles, faults and bench apply), within Batch's 20 s, attaches it as
/// `batch_rich_attachment` with `com.batch.at.t` as the type hint, and hands the content
/// back; on any error the content is handed back as it came. Each step is in the report.
public class RichNotificationHelper: NSObject {
    static let sdk = "BatchExtension"
    /// Batch's resource timeout for the download, in seconds.
    static let timeoutIntervalSecs = 20.0
    /// Batch's attachment identifier.
    static let attachmentIdentifier = "batch_rich_attachment"

    /// Whether the download may use iOS 13's Low Data Mode (Batch's default: false). nsesim has
    /// no Low Data Mode: the value is reported, the download always runs.
    nonisolated(unsafe) public static var allowInLowDataMode = false

    /// A helper for one extension.
    override public init() { super.init() }

    /// Appends the push's rich content to a copy of `content` and calls `completionHandler`
    /// with it, on a thread of its own once downloaded (possibly after
    /// `serviceExtensionTimeWillExpire`); on an error, calls it with `content` and the error.
    public func appendRichData(
        toContent content: UNNotificationContent,
        completionHandler: @escaping ((UNNotificationContent?, (any Error)?) -> Void)
    ) {
        appendRichData(toContent: content, api: "appendRichData(toContent:completionHandler:)", completionHandler: completionHandler)
    }

    /// Batch's `didReceive`: appends the rich content and calls `contentHandler` with the
    /// result, or with the request's content when there is none or it failed.
    public func didReceive(_ request: UNNotificationRequest, withContentHandler contentHandler: @escaping (UNNotificationContent) -> Void) {
        let api = "didReceive(_:withContentHandler:)"
        appendRichData(toContent: request.content, api: api) { content, error in
            if let error {
                SDKActivity.record(
                    sdk: Self.sdk, api: api, "content delivered as it came: \(Self.describe(error))",
                    ["error": .string(Self.describe(error))])
            } else {
                SDKActivity.record(sdk: Self.sdk, api: api, "content delivered with the rich attachment")
            }
            contentHandler(content ?? request.content)
        }
    }

    /// Batch's helper does nothing when time is up: unless the download ends within iOS's
    /// grace, iOS shows the push as it came.
    public func serviceExtensionTimeWillExpire() {
        SDKActivity.record(
            sdk: Self.sdk, api: "serviceExtensionTimeWillExpire()",
            "nothing done, as Batch's helper: the content handler waits for the download")
    }

    private func appendRichData(
        toContent content: UNNotificationContent, api: String,
        completionHandler: @escaping ((UNNotificationContent?, (any Error)?) -> Void)
    ) {
        let attachment: BatchRichAttachment
        switch BatchRichAttachment.from(content.userInfo) {
        case .success(let found):
            attachment = found
        case .failure(let error):
            SDKActivity.record(
                sdk: Self.sdk, api: api, "no rich content: \(Self.describe(error))", ["error": .string(Self.describe(error))])
            completionHandler(content, error)
            return
        }
        SDKActivity.record(
            sdk: Self.sdk, api: api, "downloading com.batch.at.u (type \(attachment.type))",
            [
                "url": .string(attachment.url.absoluteString), "typeHint": .string(attachment.type),
                "timeout": .double(Self.timeoutIntervalSecs), "allowInLowDataMode": .bool(Self.allowInLowDataMode),
            ])
        let job = PendingRichData(content: content, completionHandler: completionHandler)
        let thread = Thread {
            let result = SDKMedia.attachment(
                from: attachment.url, identifier: RichNotificationHelper.attachmentIdentifier,
                options: [UNNotificationAttachmentOptionsTypeHintKey: attachment.type],
                timeout: RichNotificationHelper.timeoutIntervalSecs)
            switch result {
            case .success(let made):
                let mutable = job.content.mutableCopy() as! UNMutableNotificationContent
                mutable.attachments.append(made)
                SDKActivity.record(
                    sdk: RichNotificationHelper.sdk, api: api, "attached com.batch.at (\(made.type))",
                    SDKMedia.fields(of: made).merging(["url": .string(attachment.url.absoluteString)]) { first, _ in first })
                job.completionHandler(mutable, nil)
            case .failure(let failure):
                let error: RichDataError =
                    failure.description.hasPrefix("download failed")
                    ? .downloadError(underlyingError: failure) : .unknownError
                SDKActivity.record(
                    sdk: RichNotificationHelper.sdk, api: api, "com.batch.at failed: \(failure.description)",
                    ["url": .string(attachment.url.absoluteString), "error": .string(failure.description)])
                job.completionHandler(job.content, error)
            }
        }
        thread.name = "nsesim.sdk.batch"
        thread.start()
    }

    static func describe(_ error: any Error) -> String {
        guard let richError = error as? RichDataError else { return "\(error)" }
        return "RichDataError.\(richError.caseName): \(richError.localizedDescription)"
    }
}
