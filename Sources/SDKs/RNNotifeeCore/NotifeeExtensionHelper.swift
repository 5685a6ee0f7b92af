import Foundation
import NSESimRuntime
import NSESimSDKSupport
import UserNotifications

/// Notifee's service-extension helper (`NotifeeExtensionHelper` of the `RNNotifeeCore` pod,
/// which React Native apps using `@notifee/react-native`, or its fork
/// `react-native-notify-kit`, link into their extension target).
public final class NotifeeExtensionHelper: NSObject {
    static let sdk = "RNNotifeeCore"
    private override init() {}

    /// Rebuilds the notification from the payload's `notifee_options` as Notifee does: the
    /// options' title, subtitle and body (title and body default to the content's), its
    /// `data` as `userInfo` with the options under `__notifee_notification`, and its `ios`
    /// badge count, category, thread, sound, interruption level and summary; then downloads
    /// `ios.attachments[0]` (else `image`), attaches it and calls `contentHandler` once. A
    /// push without `notifee_options` is delivered as `content` is.
    public static func populateNotificationContent(
        _ request: UNNotificationRequest?, with content: UNMutableNotificationContent,
        withContentHandler contentHandler: @escaping (UNNotificationContent) -> Void
    ) {
        populate(request, content, contentHandler, api: "populateNotificationContent(_:with:withContentHandler:)")
    }

    /// The form before Notifee 1.11, without the request (so the options' `id` is not set from it).
    @available(*, deprecated, message: "pass the request: populateNotificationContent(_:with:withContentHandler:)")
    public static func populateNotificationContent(
        _ content: UNMutableNotificationContent,
        withContentHandler contentHandler: @escaping (UNNotificationContent) -> Void
    ) {
        populate(nil, content, contentHandler, api: "populateNotificationContent(_:withContentHandler:)")
    }

    private static func populate(
        _ request: UNNotificationRequest?, _ content: UNMutableNotificationContent,
        _ contentHandler: @escaping (UNNotificationContent) -> Void, api: String
    ) {
        guard var options = content.userInfo["notifee_options"] as? [AnyHashable: Any] else {
            SDKActivity.record(sdk: sdk, api: api, "no notifee_options: content delivered as it is")
            contentHandler(content)
            return
        }
        options["remote"] = true
        if options["data"] == nil { options["data"] = [AnyHashable: Any]() }
        if let request, options["id"] == nil { options["id"] = request.identifier }
        if options["title"] == nil { options["title"] = content.title }
        if options["body"] == nil { options["body"] = content.body }
        let built = NotifeeContent.build(from: options)
        SDKActivity.record(
            sdk: sdk, api: api, "notification built from notifee_options",
            [
                "title": .string(built.title), "category": .string(built.categoryIdentifier),
                "badge": built.badge.map { .integer(Int64($0.intValue)) } ?? .null,
            ])
        let ios = options["ios"] as? [AnyHashable: Any] ?? [:]
        if ios["communicationInfo"] != nil {
            SDKActivity.record(
                sdk: sdk, api: api, "ios.communicationInfo: the communication notification (INSendMessageIntent) is not simulated")
        }
        let delivery = SDKContentDelivery(content: built, handler: contentHandler)
        var attachment = (ios["attachments"] as? [[AnyHashable: Any]])?.first ?? [:]
        if attachment.isEmpty, let image = options["image"] as? String, image.count > 1 {
            attachment["url"] = image
        }
        guard let location = attachment["url"] as? String else {
            delivery.deliver()
            return
        }
        let identifier = attachment["id"] as? String ?? ""
        guard let url = URL(string: location) else {
            SDKActivity.record(sdk: sdk, api: api, "attachment url is not a URL: content delivered without it", ["url": .string(location)])
            delivery.deliver()
            return
        }
        SDKActivity.record(sdk: sdk, api: api, "downloading the attachment", ["url": .string(location)])
        // Built here, read once by the download thread (a dictionary of plist values).
        nonisolated(unsafe) let attachmentOptions = NotifeeAttachmentOptions.options(from: attachment)
        let thread = Thread {
            switch NotifeeAttachment.load(url, identifier: identifier, options: attachmentOptions) {
            case .success(let made):
                delivery.content.attachments = [made]
                SDKActivity.record(
                    sdk: sdk, api: api, "attached the attachment (\(made.type)); content delivered",
                    SDKMedia.fields(of: made).merging(["url": .string(location)]) { first, _ in first })
            case .failure(let failure):
                SDKActivity.record(
                    sdk: sdk, api: api, "the attachment failed: content delivered without it",
                    ["url": .string(location), "error": .string(failure.description)])
            }
            delivery.deliver()
        }
        thread.name = "nsesim.sdk.notifee"
        thread.start()
    }
}
