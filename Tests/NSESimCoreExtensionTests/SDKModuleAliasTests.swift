import Foundation
import NSESimCore
import Testing

/// The older and CocoaPods names apps import the push SDKs by: `import Firebase`,
/// `import OneSignal` (2.x's calls), `import Appboy_iOS_SDK` (`ABKPushUtils`), `import
/// AirshipServiceExtension`, each extension written as those SDKs' samples were, run by the
/// real `nsesim run` against its SDK's payload.
@Suite("Push SDK module aliases")
struct SDKModuleAliasTests {
    /// One extension importing an SDK by an older name, and what its run must show.
    struct Case: Sendable, CustomTestStringConvertible {
        let folder: String
        let payload: String
        let attachmentType: String
        /// The SDK module the report's `sdk` steps name.
        let sdk: String
        /// Texts some step's summary or api contains.
        let steps: [String]
        var category: String? = nil
        var badge: Int? = nil
        var testDescription: String { folder }
    }

    static let cases = [
        Case(
            folder: "FirebaseUmbrella", payload: "sdks/firebase.json", attachmentType: "public.jpeg", sdk: "FirebaseMessaging",
            steps: ["delivery metrics recorded (not sent)", "attached fcm_options.image"]),
        Case(
            folder: "OneSignalVersion2", payload: "sdks/onesignal.json", attachmentType: "public.jpeg", sdk: "OneSignalExtension",
            steps: ["badge incremented by 1 to 1", "registered 2 action buttons", "attached att.id"],
            category: "__onesignal__dynamic__5c9f2d1e-7a3b-4c8e-9f10-2b6d8e4a1c37", badge: 1),
        Case(
            folder: "AppboyRichPush", payload: "sdks/braze.json", attachmentType: "com.compuserve.gif", sdk: "AppboyKit",
            steps: [
                "ABKPushUtils.isAppboyRemoteNotification(_:)", "ABKPushUtils.isAppboyInternalRemoteNotification(_:)",
                "Braze's 4 default categories",
            ]),
        Case(
            folder: "CustomerIOExpo", payload: "sdks/customerio.json", attachmentType: "", sdk: "CioMessagingPushAPN",
            steps: ["not initialized (no initializeForExtension): content delivered as it came"]),
        Case(
            folder: "AirshipServiceExtension", payload: "sdks/airship.json", attachmentType: "public.png",
            sdk: "AirshipNotificationServiceExtension", steps: ["attached"]),
    ]

    @Test("An extension importing an SDK by its older or CocoaPods name builds and does what the SDK does", arguments: cases)
    func alias(_ test: Case) async throws {
        let data = FileManager.default.temporaryDirectory.appendingPathComponent("nsesim-alias-\(UUID().uuidString.prefix(8))")
        defer { try? FileManager.default.removeItem(at: data) }
        let run = try await nsesim(
            "run", "--extension", testExtension(test.folder), "--payload", payloadPath(test.payload),
            "--serve", repositoryPath("Fixtures/media"), "--format", "json", dataDirectory: data)
        #expect(run.status == 0, "\(run)")
        let report = try run.jsonObject()
        #expect(report["outcome"] as? String == "modified", "\(run)")
        let types = ((report["attachments"] as? [[String: Any]]) ?? []).compactMap { $0["type"] as? String }
        #expect(types == (test.attachmentType.isEmpty ? [] : [test.attachmentType]), "\(report)")
        let delivered = report["delivered"] as? [String: Any] ?? [:]
        if let category = test.category { #expect(delivered["categoryIdentifier"] as? String == category) }
        if let badge = test.badge { #expect(delivered["badge"] as? Int == badge) }
        let steps = report["sdk"] as? [[String: Any]] ?? []
        #expect(!steps.isEmpty && steps.allSatisfy { $0["sdk"] as? String == test.sdk }, "\(steps)")
        let texts = steps.map { "\($0["api"] as? String ?? "") \($0["summary"] as? String ?? "")" }
        for expected in test.steps {
            #expect(texts.contains { $0.contains(expected) }, "\(expected) not in \(texts)")
        }
    }

    @Test("Appboy's ABKPushUtils on a push that is not Braze's: false, recorded, the content left as it is")
    func appboyOtherPush() async throws {
        let run = try await nsesim(
            "run", "--extension", testExtension("AppboyRichPush"), "--payload", payloadPath("sdks/firebase.json"),
            "--serve", repositoryPath("Fixtures/media"), "--format", "json")
        #expect(run.status == 0, "\(run)")
        let report = try run.jsonObject()
        #expect(((report["attachments"] as? [[String: Any]]) ?? []).isEmpty, "\(report)")
        let steps = report["sdk"] as? [[String: Any]] ?? []
        #expect(steps.contains { ($0["summary"] as? String)?.hasPrefix("false (ab is a non-empty dictionary)") == true }, "\(steps)")
    }

    @Test(
        "CleverTap's push impressions (CleverTapSDK with CTNotificationService): the Notification Viewed event recorded with the push's wzrk_ keys, not sent; the media attached"
    )
    func cleverTapImpressions() async throws {
        let run = try await nsesim(
            "run", "--extension", testExtension("CleverTapPushImpressions"), "--payload", payloadPath("sdks/clevertap.json"),
            "--serve", repositoryPath("Fixtures/media"), "--format", "json")
        #expect(run.status == 0, "\(run)")
        let report = try run.jsonObject()
        #expect(((report["attachments"] as? [[String: Any]]) ?? []).map { $0["type"] as? String } == ["com.compuserve.gif"], "\(report)")
        let steps = report["sdk"] as? [[String: Any]] ?? []
        let viewed = try #require(steps.first { $0["api"] as? String == "recordNotificationViewedEvent(withData:)" }, "\(steps)")
        #expect(viewed["sdk"] as? String == "CleverTapSDK" && viewed["accountId"] as? String == "TEST-R78-ZZK-955Z")
        let data = viewed["evtData"] as? [String: Any] ?? [:]
        #expect(data["wzrk_id"] as? String == "1700000000_20231114" && data["wzrk_pivot"] as? String == "wzrk_default", "\(data)")
        #expect(data["wzrk_cts"] != nil && data["ct_mediaUrl"] == nil, "\(data)")
        #expect(
            steps.contains { $0["sdk"] as? String == "CTNotificationService" && ($0["summary"] as? String)?.hasPrefix("attached") == true })
    }
}
