import Foundation
import Testing

/// The push SDK stand-ins end to end: each SDK's example extension (written as the SDK's
/// setup guide says) run by `nsesim run` against its payload, the media served by the real
/// fixture server; the report's `sdk` section shows what the SDK's helper did. The 404 and
/// slow-network cases are replay cases in Fixtures/cases/sdks.
@Suite("Push SDK stand-ins")
struct SDKExampleTests {
    /// One SDK's example, its payload, and what the report must show.
    struct Example: Sendable, CustomTestStringConvertible {
        let sdk: String
        let folder: String
        let payload: String
        let attachmentType: String
        var category: String? = nil
        var badge: Int? = nil
        /// The step saying the media is attached: the SDK's own, or the app's code's (Marketing Cloud).
        var attachedStep = "attached"
        var testDescription: String { sdk }
    }

    static let examples = [
        Example(sdk: "FirebaseMessaging", folder: "FirebaseNotificationService", payload: "firebase.json", attachmentType: "public.jpeg"),
        Example(
            sdk: "OneSignalExtension", folder: "OneSignalNotificationServiceExtension", payload: "onesignal.json",
            attachmentType: "public.jpeg", category: "__onesignal__dynamic__5c9f2d1e-7a3b-4c8e-9f10-2b6d8e4a1c37", badge: 1),
        Example(
            sdk: "BrazeNotificationService", folder: "BrazeNotificationServiceExtension", payload: "braze.json",
            attachmentType: "com.compuserve.gif"),
        Example(
            sdk: "AirshipNotificationServiceExtension", folder: "AirshipNotificationService", payload: "airship.json",
            attachmentType: "public.png"),
        Example(
            sdk: "IterableAppExtensions", folder: "IterableNotificationService", payload: "iterable.json",
            attachmentType: "public.jpeg", category: "6a1e3f0c9b2d4e8f"),
        Example(
            sdk: "KlaviyoSwiftExtension", folder: "KlaviyoNotificationService", payload: "klaviyo.json",
            attachmentType: "public.png", category: "com.klaviyo.dynamic.restock_product_abc123", badge: 1),
        Example(
            sdk: "MoEngageRichNotification", folder: "MoEngageNotificationService", payload: "moengage.json",
            attachmentType: "com.compuserve.gif"),
        Example(
            sdk: "MCExtensionSDK", folder: "MarketingCloudNotificationService", payload: "marketing-cloud.json",
            attachmentType: "public.jpeg", attachedStep: "handler called with 1 custom key"),
        Example(
            sdk: "RNNotifeeCore", folder: "NotifeeNotificationService", payload: "notifee.json",
            attachmentType: "public.png", badge: 3),  // its category is the app's own, not registered by Notifee
        // The second wave's vendors.
        Example(sdk: "BatchExtension", folder: "BatchNotificationService", payload: "batch.json", attachmentType: "public.jpeg"),
        Example(
            sdk: "PushwooshFramework", folder: "PushwooshNotificationService", payload: "pushwoosh.json",
            attachmentType: "public.png", badge: 1),
        Example(
            sdk: "NotificareNotificationServiceExtensionKit", folder: "NotificareNotificationService", payload: "notificare.json",
            attachmentType: "public.jpeg"),
        Example(
            sdk: "CioMessagingPushAPN", folder: "CustomerIONotificationService", payload: "customerio.json",
            attachmentType: "public.jpeg"),
        Example(
            sdk: "CTNotificationService", folder: "CleverTapNotificationService", payload: "clevertap.json",
            attachmentType: "com.compuserve.gif"),
    ]

    @Test(
        "the example runs against its payload: the attachment, category and badge the SDK sets, and its steps in the report",
        arguments: examples)
    func example(_ example: Example) async throws {
        let scratch = ReplayRun.scratch("sdk")
        let result = try await NSESimCommand.run(
            [
                "run", "--extension", repositoryPath("Plugins-Examples/SDKs/\(example.folder)"),
                "--payload", repositoryPath("Fixtures/payloads/sdks/\(example.payload)"),
                "--serve", repositoryPath("Fixtures/media"), "--store", scratch.appendingPathComponent("store").path,
                "--format", "json",
            ],
            environment: ReplayRun.environment)
        #expect(result.status == 0, "\(result)")
        let report = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        #expect(report["outcome"] as? String == "modified", "\(result)")
        let attachments = report["attachments"] as? [[String: Any]] ?? []
        #expect(attachments.map { $0["type"] as? String } == [example.attachmentType], "\(attachments)")
        let delivered = report["delivered"] as? [String: Any] ?? [:]
        if let category = example.category {
            #expect(delivered["categoryIdentifier"] as? String == category)
            let changes = ((report["center"] as? [String: Any])?["changes"] as? [[String: Any]]) ?? []
            #expect(changes.contains { $0["change"] as? String == "categoriesSet" }, "\(changes)")
        }
        if let badge = example.badge {
            #expect(delivered["badge"] as? Int == badge)
        }
        let steps = report["sdk"] as? [[String: Any]] ?? []
        #expect(!steps.isEmpty && steps.allSatisfy { $0["sdk"] as? String == example.sdk }, "\(steps)")
        #expect(steps.contains { ($0["summary"] as? String)?.contains(example.attachedStep) == true }, "\(steps)")
    }

    @Test("the replay cases of every SDK (image, 404, slow 3G past the deadline) pass")
    func replayCases() async throws {
        let result = try await replay([repositoryPath("Fixtures/cases/sdks"), "--serve", repositoryPath("Fixtures/media")])
        #expect(result.status == 0, "\(result)")
    }
}
