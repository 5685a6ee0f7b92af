import Foundation
import NSESimCore
import Testing

/// What real iOS extensions and projects do that nsesim used to refuse, through
/// the real `nsesim`.
@Suite("Real projects")
struct RealProjectTests {
    @Test("Files importing only Foundation or UIKit use URLSession, URLRequest, HTTPURLResponse, XMLParser; suggestedFilename is iOS's")
    func foundationOnlyFiles() async throws {
        let run = try await nsesim(
            "run", "--extension", testExtension("FoundationOnly"), "--payload", payloadPath("image-url.json"),
            "--serve", repositoryPath("Fixtures/media"), "--format", "json")
        #expect(run.status == 0, "\(run)")
        let report = try run.jsonObject()
        #expect(report["outcome"] as? String == "modified", "\(run)")
        let delivered = try #require(report["delivered"] as? [String: Any])
        #expect(delivered["subtitle"] as? String == "One, Two")
        // Linux's Foundation says "Unknown" (no extension: the attachment would be refused).
        #expect(delivered["body"] as? String == "saved as sample.jpg")
        let attachments = (report["attachments"] as? [[String: Any]]) ?? []
        #expect(attachments.map { $0["type"] as? String } == ["public.jpeg"], "\(report)")
    }

    @Test(
        "run --project Habits: FIRMessagingExtensionHelper from the FirebaseMessaging stand-in, an implicit framework, a package added as a folder, SWIFT_VERSION 5.5, a missing xcconfig and undefined Info.plist variables as warnings"
    )
    func habits() async throws {
        let data = FileManager.default.temporaryDirectory.appendingPathComponent("nsesim-habits-\(UUID().uuidString.prefix(8))")
        defer { try? FileManager.default.removeItem(at: data) }
        let run = try await nsesim(
            "run", "--project", projectPath("Habits"), "--payload", payloadPath("image-url.json"),
            "--serve", repositoryPath("Fixtures/media"), "--deadline", "20", "--format", "json",
            dataDirectory: data)
        #expect(run.status == 0, "\(run)")
        let report = try run.jsonObject()
        #expect(report["outcome"] as? String == "modified", "\(run)")
        let delivered = try #require(report["delivered"] as? [String: Any])
        #expect(delivered["title"] as? String == "Water: 3 days in a row")
        #expect(delivered["subtitle"] as? String == "2 new features")
        #expect(delivered["body"] as? String == "group=[] file=sample.jpg")
        #expect(((report["attachments"] as? [[String: Any]]) ?? []).map { $0["type"] as? String } == ["public.jpeg"])
        let sdk = ((report["sdk"] as? [[String: Any]]) ?? []).compactMap { $0["sdk"] as? String }
        #expect(sdk.contains("FirebaseMessaging"), "\(report["sdk"] ?? "")")
        let built = try #require(report["extension"] as? [String: Any])
        let warnings = built["buildWarnings"] as? [String] ?? []
        #expect(
            warnings.contains { $0.hasPrefix("Config/NotificationService.xcconfig:3: #include: Config/Secrets.xcconfig does not exist") },
            "\(warnings)")
        #expect(warnings.filter { $0.contains("are not build settings nsesim knows") }.count == 1, "\(warnings)")
        let project = try #require(built["project"] as? [String: Any])
        #expect(project["target"] as? String == "HabitsNotificationService")
        #expect(project["frameworks"] as? [String] == ["HabitsKit"])
        #expect(project["packages"] as? [String] == ["Packages/StreakFormatting"])
        #expect(project["standIns"] as? [String] == ["FirebaseMessaging"])
    }

    @Test(
        "OneSignal before version 5 (import OneSignal, OneSignal.didReceiveNotificationExtensionRequest): the media attached, the buttons registered"
    )
    func oneSignalVersion3() async throws {
        let run = try await nsesim(
            "run", "--extension", testExtension("OneSignalVersion3"), "--payload", payloadPath("sdks/onesignal.json"),
            "--serve", repositoryPath("Fixtures/media"), "--format", "json")
        #expect(run.status == 0, "\(run)")
        let report = try run.jsonObject()
        #expect(report["outcome"] as? String == "modified", "\(run)")
        #expect(((report["attachments"] as? [[String: Any]]) ?? []).map { $0["type"] as? String } == ["public.jpeg"])
        let delivered = try #require(report["delivered"] as? [String: Any])
        #expect(delivered["categoryIdentifier"] as? String == "__onesignal__dynamic__5c9f2d1e-7a3b-4c8e-9f10-2b6d8e4a1c37")
    }

    @Test("targets --project Habits: the service extension; a share extension whose Pods xcconfig is missing does not stop it")
    func habitsTargets() async throws {
        let targets = try await nsesim("targets", "--project", projectPath("Habits"))
        #expect(targets.status == 0, "\(targets)")
        #expect(targets.stdout.contains("HabitsNotificationService  service  3"), "\(targets)")
        #expect(!targets.stdout.contains("ShareExtension"), "a share extension is not a notification extension")

        // Its Pods xcconfig there but damaged: listed with the problem, the others still listed.
        let copy = FileManager.default.temporaryDirectory.appendingPathComponent("nsesim-habits-\(UUID().uuidString.prefix(8))")
        defer { try? FileManager.default.removeItem(at: copy) }
        try FileManager.default.copyItem(atPath: projectPath("Habits"), toPath: copy.path)
        let pods = copy.appendingPathComponent("Pods/Target Support Files/Pods-ShareExtension")
        try FileManager.default.createDirectory(at: pods, withIntermediateDirectories: true)
        try "not a setting\n".write(
            to: pods.appendingPathComponent("Pods-ShareExtension.debug.xcconfig"), atomically: true, encoding: .utf8)
        let damaged = try await nsesim("targets", "--project", copy.path)
        #expect(damaged.status == 0, "\(damaged)")
        #expect(damaged.stdout.contains("HabitsNotificationService  service  3"), "\(damaged)")
        #expect(
            damaged.stdout.contains("! ShareExtension cannot be resolved: ")
                && damaged.stdout.contains("Pods-ShareExtension.debug.xcconfig:1: error: expected NAME = VALUE"), "\(damaged)")
    }
}
