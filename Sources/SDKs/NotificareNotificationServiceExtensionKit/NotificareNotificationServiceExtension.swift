import Foundation
import NSESimRuntime
import NSESimSDKSupport
import UserNotifications

/// Notificare's notification service extension helper: the push's `attachment.uri`
/// downloaded through nsesim's downloader, attached as `file_<name>` with the server's MIME
/// type as the type hint, the content handed back; every step in the report's `sdk` section.
public class NotificareNotificationServiceExtension {
    static let sdk = "NotificareNotificationServiceExtensionKit"

    private init() {}

    /// Downloads and attaches the push's attachment (none: the content as it came) and calls
    /// `completion` on a thread of its own with the content, or with the error
    /// (`Error.invalidUrl`, `Error.downloadFailed`, or the download's own).
    public static func handleNotificationRequest(
        _ request: UNNotificationRequest,
        _ completion: @escaping (Result<UNNotificationContent, any Swift.Error>) -> Void
    ) {
        let job = NotificareJob(request: request, completion: completion)
        let thread = Thread {
            job.completion(Result { try handle(job.request, api: "handleNotificationRequest(_:_:)") })
        }
        thread.name = "nsesim.sdk.notificare"
        thread.start()
    }

    /// The same, as an async function: the content, or the error thrown.
    public static func handleNotificationRequest(_ request: UNNotificationRequest) async throws -> UNNotificationContent {
        let job = NotificareJob(request: request, completion: { _ in })
        return try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<NotificareResult, any Swift.Error>) in
            let thread = Thread {
                continuation.resume(
                    with: Result { NotificareResult(content: try handle(job.request, api: "handleNotificationRequest(_:) async")) })
            }
            thread.name = "nsesim.sdk.notificare"
            thread.start()
        }.content
    }

    /// Why Notificare's helper gave no content.
    public enum Error: Swift.Error {
        /// `attachment.uri` is not a URL.
        case invalidUrl
        /// The file could not be written or made an attachment.
        case downloadFailed
    }

    /// A copy of the request's content with the attachment, if the payload names one.
    static func handle(_ request: UNNotificationRequest, api: String) throws -> UNNotificationContent {
        let content = request.content.mutableCopy() as! UNMutableNotificationContent
        do {
            if let attachment = try NotificareAttachment.fetch(for: request, api: api) {
                content.attachments = [attachment]
                SDKActivity.record(sdk: sdk, api: api, "attached attachment.uri (\(attachment.type))", SDKMedia.fields(of: attachment))
            }
        } catch {
            SDKActivity.record(
                sdk: sdk, api: api, "failed: \(describe(error)) (the extension decides what to deliver)",
                ["error": .string(describe(error))])
            throw error
        }
        return content
    }

    static func describe(_ error: any Swift.Error) -> String {
        if let own = error as? Error { return "NotificareNotificationServiceExtension.Error.\(own)" }
        return "\(error)"
    }
}
