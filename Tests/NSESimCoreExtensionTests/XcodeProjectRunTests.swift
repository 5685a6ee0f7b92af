import Foundation
import NSESimCore
import Testing

/// `Fixtures/projects/NAME`: small Xcode projects written for these tests.
func projectPath(_ name: String) -> String { repositoryPath("Fixtures/projects/\(name)") }

/// `nsesim run --project`, `targets` and `build --explain` with the real executable.
@Suite("Xcode projects")
struct XcodeProjectRunTests {
    @Test("run --project ChatApp: shared file, xcconfig, entitlements' app group, local package, framework target")
    func chatApp() async throws {
        let data = FileManager.default.temporaryDirectory.appendingPathComponent("nsesim-chatapp-\(UUID().uuidString.prefix(8))")
        defer { try? FileManager.default.removeItem(at: data) }
        let result = try await nsesim(
            "run", "--project", projectPath("ChatApp"), "--payload", payloadPath("alert-mutable.json"),
            "--deadline", "20", "--format", "json", dataDirectory: data)
        #expect(result.status == 0, "\(result)")
        let object = try result.jsonObject()
        #expect(object["outcome"] as? String == "modified")
        let delivered = try #require(object["delivered"] as? [String: Any])
        #expect(delivered["title"] as? String == "[ChatCore] New message")
        #expect(delivered["subtitle"] as? String == "From Alice (via ChatKitLocal)")
        #expect(
            delivered["body"] as? String == "flags=DEBUG,BASE_CONFIG,NSE,CHAT_EXTENSION;greeting=Hi there;"
                + "group=group.com.acme.chat:open;other=refused;style=friendly")
        let warnings = (object["warnings"] as? [[String: Any]] ?? []).compactMap { $0["code"] as? String }
        #expect(warnings.contains("app-group-not-entitled"))
        let project = try #require((object["extension"] as? [String: Any])?["project"] as? [String: Any])
        #expect(project["target"] as? String == "NotificationService")
        #expect(project["configuration"] as? String == "Debug")
        #expect(project["appGroups"] as? [String] == ["group.com.acme.chat"])
        #expect(project["files"] as? [String] == ["NotificationService/NotificationService.swift", "Shared/MessageFormatter.swift"])
        #expect(project["frameworks"] as? [String] == ["ChatCore"])
        #expect(project["packages"] as? [String] == ["Packages/ChatKitLocal"])
        // The app's data is the project's app (PRODUCT_BUNDLE_IDENTIFIER without its last part).
        #expect(
            FileManager.default.fileExists(atPath: data.appendingPathComponent("apps/com.acme.chat/AppGroups/group.com.acme.chat").path))
        // An asset catalog in the Resources phase (a folder) is copied whole into the bundle
        // (it stopped the build with "cannot be read" before: found on a public project).
        let library = try #require((object["extension"] as? [String: Any])?["library"] as? String)
        let bundle = URL(fileURLWithPath: library).deletingLastPathComponent()
        #expect(FileManager.default.fileExists(atPath: bundle.appendingPathComponent("Media.xcassets/badge.imageset/badge.png").path))
    }

    @Test("SWIFT_VERSION = 3.0 (old projects of the corpus): exit 65 naming the setting and --swift-version 4, which builds it")
    func swiftThree() async throws {
        let refused = try await nsesim("build", "--project", projectPath("Habits"), "--setting", "SWIFT_VERSION=3.0")
        #expect(refused.status == 65, "\(refused)")
        #expect(
            refused.stderr.contains("SWIFT_VERSION = 3") && refused.stderr.contains("--swift-version 4 (the closest"), "\(refused.stderr)")
        let built = try await nsesim("build", "--project", projectPath("Habits"), "--setting", "SWIFT_VERSION=3.0", "--swift-version", "4")
        #expect(built.status == 0, "\(built)")
    }

    @Test(
        "Swift 4 mode has UIKit's UIImagePNGRepresentation and UIImageJPEGRepresentation; Swift 5 names their replacements, as Xcode does")
    func swiftFourImageFunctions() async throws {
        let folder = try temporaryFolder("swift4")
        defer { try? FileManager.default.removeItem(at: folder) }
        let service = folder.appendingPathComponent("ImageService")
        try FileManager.default.createDirectory(at: service, withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            at: URL(fileURLWithPath: repositoryPath("Fixtures/extensions/FoundationOnly/Info.plist")),
            to: service.appendingPathComponent("Info.plist"))
        try """
        import UIKit
        import UserNotifications

        class NotificationService: UNNotificationServiceExtension {
            override func didReceive(_ request: UNNotificationRequest, withContentHandler contentHandler: @escaping (UNNotificationContent) -> Void) {
                let content = request.content.mutableCopy() as! UNMutableNotificationContent
                let image = UIGraphicsImageRenderer(size: CGSize(width: 4, height: 4)).image { context in
                    UIColor.red.setFill()
                    context.fill(CGRect(x: 0, y: 0, width: 4, height: 4))
                }
                let png = UIImagePNGRepresentation(image)
                let jpeg = UIImageJPEGRepresentation(image, 0.8)
                content.subtitle = "png \\(png?.prefix(4).map { $0 } ?? []) jpeg \\(jpeg?.prefix(2).map { $0 } ?? [])"
                contentHandler(content)
            }
        }
        """.write(to: service.appendingPathComponent("NotificationService.swift"), atomically: true, encoding: .utf8)
        let run = try await nsesim(
            "run", "--extension", service.path, "--swift-version", "4", "--payload", payloadPath("alert-mutable.json"),
            "--deadline", "20", "--format", "json")
        #expect(run.status == 0, "\(run)")
        #expect(
            (try run.jsonObject()["delivered"] as? [String: Any])?["subtitle"] as? String == "png [137, 80, 78, 71] jpeg [255, 216]",
            "\(run)")
        let five = try await nsesim("build", "--extension", service.path)
        #expect(
            five.status == 65
                && five.stderr.contains("'UIImagePNGRepresentation' has been replaced by instance method 'UIImage.pngData()'"),
            "\(five)")
    }

    @Test(
        "run --project ChatStore: the .xcdatamodeld of the Sources phase (an XCVersionGroup) becomes the bundle's .momd; no omission warning"
    )
    func coreDataModel() async throws {
        let data = FileManager.default.temporaryDirectory.appendingPathComponent("nsesim-chatstore-\(UUID().uuidString.prefix(8))")
        defer { try? FileManager.default.removeItem(at: data) }
        let result = try await nsesim(
            "run", "--project", projectPath("ChatStore"), "--payload", payloadPath("coredata-chat.json"),
            "--deadline", "20", "--format", "json", dataDirectory: data)
        #expect(result.status == 0, "\(result)")
        let object = try result.jsonObject()
        let delivered = try #require(object["delivered"] as? [String: Any])
        #expect(delivered["title"] as? String == "Lunch crew" && delivered["subtitle"] as? String == "1 unread")
        let records = try #require(object["coreData"] as? [[String: Any]])
        #expect(records.first?["entities"] as? [String] == ["Conversation", "Message"])
        let warnings = (object["extension"] as? [String: Any])?["buildWarnings"] as? [String] ?? []
        #expect(!warnings.contains { $0.contains("xcdatamodeld") }, "\(warnings)")
        #expect(
            FileManager.default.fileExists(
                atPath: data.appendingPathComponent(
                    "apps/com.example.coredata/AppGroups/group.com.example.coredata/Shared.sqlite"
                ).path))
    }

    @Test("run --project SyncedFolder and GeneratedPlist: a synchronized folder with exceptions; a generated Info.plist")
    func syncedAndGenerated() async throws {
        let synced = try await nsesim(
            "run", "--project", projectPath("SyncedFolder") + "/SyncedFolder.xcodeproj",
            "--target", "NotificationService", "--payload", payloadPath("alert-mutable.json"),
            "--deadline", "20", "--format", "json")
        #expect(synced.status == 0, "\(synced)")
        let syncedBody = (try synced.jsonObject()["delivered"] as? [String: Any])?["body"] as? String
        #expect(syncedBody == "synced: Are we still on for lunch? (greeted) tone=soft chime=true")
        let generated = try await nsesim(
            "run", "--project", projectPath("GeneratedPlist"), "--payload", payloadPath("alert-mutable.json"),
            "--deadline", "20", "--format", "json")
        #expect(generated.status == 0, "\(generated)")
        let body = (try generated.jsonObject()["delivered"] as? [String: Any])?["body"] as? String
        #expect(
            body == "CFBundleDisplayName=Chat Alerts;CFBundleExecutable=ChatAlerts;CFBundleIdentifier=com.acme.alerts.ChatAlerts;"
                + "CFBundleShortVersionString=3.1;CFBundleVersion=42;NSHumanReadableCopyright=© Acme 2026")
    }

    @Test("targets lists the extension targets; build --explain prints the resolved target; bad input exits 65/66")
    func commands() async throws {
        let targets = try await nsesim("targets", "--project", projectPath("ChatApp"))
        #expect(targets.status == 0, "\(targets)")
        #expect(targets.stdout.contains("NotificationService  service  2"))
        #expect(targets.stdout.contains("com.acme.chat.NotificationService"))
        #expect(targets.stdout.contains("NotificationContent  content  1"))
        // The content extension builds (its storyboard compiled), but `run` runs service extensions.
        let content = try await nsesim("build", "--project", projectPath("ChatApp"), "--target", "NotificationContent")
        #expect(content.status == 0, "\(content)")
        let runContent = try await nsesim(
            "run", "--project", projectPath("ChatApp"), "--target", "NotificationContent",
            "--payload", payloadPath("alert-mutable.json"))
        #expect(
            runContent.status == 65
                && runContent.stderr.contains(
                    "is a notification content extension, not a notification "
                        + "service extension: a content extension draws a delivered notification: run it with nsesim show"),
            "\(runContent)")
        let explained = try await nsesim("build", "--project", projectPath("GeneratedPlist"), "--explain")
        #expect(explained.status == 0, "\(explained)")
        #expect(explained.stdout.contains("Target    Alerts (app-extension), configuration Debug"))
        #expect(explained.stdout.contains("INFOPLIST_KEY_CFBundleDisplayName = Chat Alerts"))
        let framework = try await nsesim("build", "--project", projectPath("ChatApp"), "--target", "ChatCore")
        #expect(framework.status == 65 && framework.stderr.contains("is a framework, not an app extension"), "\(framework)")
        let missing = try await nsesim("run", "--project", "/nonexistent/App.xcodeproj", "--payload", payloadPath("alert-mutable.json"))
        #expect(missing.status == 66, "\(missing)")
        let both = try await nsesim("build", "--project", projectPath("ChatApp"), "--extension", testExtension("Xcode Variables"))
        #expect(both.status == 64, "\(both)")
        let explainFolder = try await nsesim("build", "--extension", testExtension("Xcode Variables"), "--explain")
        #expect(explainFolder.status == 64, "\(explainFolder)")
    }
}
