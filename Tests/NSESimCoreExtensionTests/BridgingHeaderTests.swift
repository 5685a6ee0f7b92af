import Foundation
import Testing

/// Objective-C bridging headers: nsesim builds Swift only, so a header is never
/// silently ignored: a warning names it and each thing it imports with the way in, and a
/// failing build says it beside the compiler's errors.
@Suite("Objective-C bridging headers")
struct BridgingHeaderTests {
    @Test("--extension: Xcode's NAME-Bridging-Header.h with CommonCrypto and the project's own header; the build fails naming both ways in")
    func folderHeader() async throws {
        let folder = try temporaryFolder("bridging")
        defer { try? FileManager.default.removeItem(at: folder) }
        let service = folder.appendingPathComponent("DigestService")
        try FileManager.default.createDirectory(at: service, withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            at: URL(fileURLWithPath: repositoryPath("Fixtures/extensions/FoundationOnly/Info.plist")),
            to: service.appendingPathComponent("Info.plist"))
        try """
        // DigestService-Bridging-Header.h
        /* The digest comes from Apple's C library. */
        #import <CommonCrypto/CommonCrypto.h>
        #import "LegacyHelpers.h"
        """.write(to: service.appendingPathComponent("DigestService-Bridging-Header.h"), atomically: true, encoding: .utf8)
        try """
        import UserNotifications

        class NotificationService: UNNotificationServiceExtension {
            override func didReceive(_ request: UNNotificationRequest, withContentHandler contentHandler: @escaping (UNNotificationContent) -> Void) {
                var digest = [UInt8](repeating: 0, count: Int(CC_MD5_DIGEST_LENGTH))
                _ = digest
                contentHandler(request.content)
            }
        }
        """.write(to: service.appendingPathComponent("NotificationService.swift"), atomically: true, encoding: .utf8)
        let result = try await nsesim("build", "--extension", service.path)
        #expect(result.status == 65, "\(result)")
        #expect(result.stderr.contains("cannot find 'CC_MD5_DIGEST_LENGTH' in scope"), "\(result)")
        #expect(
            result.stderr.contains(
                "note: DigestService-Bridging-Header.h (the Objective-C bridging header, SWIFT_OBJC_BRIDGING_HEADER) is not read"),
            "\(result)")
        #expect(
            result.stderr.contains("<CommonCrypto/CommonCrypto.h> (Apple-only: Linux has no CommonCrypto")
                && result.stderr.contains("`import CryptoKit`, then Insecure.MD5.hash(data:) for CC_MD5"), "\(result)")
        #expect(result.stderr.contains("\"LegacyHelpers.h\" (the project's Objective-C: nsesim builds Swift only; port"), "\(result)")
    }

    @Test(
        "--project: SWIFT_OBJC_BRIDGING_HEADER is a warning of a build that succeeds (UIKit: nothing lost; an Apple-only framework; a C header); a missing header is named"
    )
    func projectSetting() async throws {
        let folder = try temporaryFolder("bridging-project")
        defer { try? FileManager.default.removeItem(at: folder) }
        let copy = folder.appendingPathComponent("GeneratedPlist")
        try FileManager.default.copyItem(at: URL(fileURLWithPath: projectPath("GeneratedPlist")), to: copy)
        let project = copy.appendingPathComponent("GeneratedPlist.xcodeproj/project.pbxproj")
        try (try String(contentsOf: project, encoding: .utf8))
            .replacingOccurrences(
                of: "\t\t\t\tCOPYRIGHT_YEAR = 2026;\n",
                with: "\t\t\t\tCOPYRIGHT_YEAR = 2026;\n\t\t\t\tSWIFT_OBJC_BRIDGING_HEADER = \"Alerts/Alerts-Bridging-Header.h\";\n"
            )
            .write(to: project, atomically: true, encoding: .utf8)
        let missing = try await nsesim("build", "--project", copy.path)
        #expect(missing.status == 0, "\(missing)")
        #expect(
            missing.stderr.contains(
                "warning: Alerts/Alerts-Bridging-Header.h (the Objective-C bridging header, SWIFT_OBJC_BRIDGING_HEADER) "
                    + "does not exist and is not read"), "\(missing)")

        try "#import <UIKit/UIKit.h>\n#import <CoreTelephony/CTCarrier.h>\n#include <sqlite3.h>\n@import Firebase;\n@import Mixpanel;\n"
            .write(to: copy.appendingPathComponent("Alerts/Alerts-Bridging-Header.h"), atomically: true, encoding: .utf8)
        let result = try await nsesim("build", "--project", copy.path)
        #expect(result.status == 0, "\(result)")
        let warning = result.stderr.split(separator: "\n").first { $0.contains("Alerts-Bridging-Header.h") }.map(String.init) ?? ""
        #expect(warning.contains("<UIKit/UIKit.h> (nothing lost: nsesim's Swift UIKit gives it"), "\(result)")
        #expect(
            warning.contains("<CoreTelephony/CTCarrier.h> (Apple-only: Linux has no CoreTelephony and nsesim does not provide it"),
            "\(result)")
        #expect(
            warning.contains("<sqlite3.h> (a C header: give it as a Swift package's C or system-library target with --package PATH)"),
            "\(result)")
        // Firebase's umbrella module is a stand-in now; Mixpanel is not.
        #expect(warning.contains("@import Firebase (nothing lost: nsesim's Swift Firebase gives it"), "\(result)")
        #expect(warning.contains("@import Mixpanel (the Objective-C framework or pod Mixpanel"), "\(result)")
    }
}

/// A folder whose sources use what its project keeps elsewhere (docs/COMPATIBILITY.md's corpus #15, #19, #26, #30).
@Suite("A folder's failed build names the project above it")
struct FolderProjectHintTests {
    @Test("--extension on a target's folder that uses a file from elsewhere in the project: the error names --project and the target")
    func projectAbove() async throws {
        let folder = try temporaryFolder("project-hint")
        defer { try? FileManager.default.removeItem(at: folder) }
        let project = folder.appendingPathComponent("Chat.xcodeproj")
        try FileManager.default.createDirectory(at: project, withIntermediateDirectories: true)
        let service = folder.appendingPathComponent("ChatService")
        try FileManager.default.createDirectory(at: service, withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            at: URL(fileURLWithPath: repositoryPath("Fixtures/extensions/FoundationOnly/Info.plist")),
            to: service.appendingPathComponent("Info.plist"))
        try """
        import UserNotifications

        class NotificationService: UNNotificationServiceExtension {
            override func didReceive(_ request: UNNotificationRequest, withContentHandler contentHandler: @escaping (UNNotificationContent) -> Void) {
                let content = request.content.mutableCopy() as! UNMutableNotificationContent
                content.title = SharedFormatter.title(for: content)
                contentHandler(content)
            }
        }
        """.write(to: service.appendingPathComponent("NotificationService.swift"), atomically: true, encoding: .utf8)
        let result = try await nsesim("build", "--extension", service.path)
        #expect(result.status == 65, "\(result)")
        #expect(result.stderr.contains("cannot find 'SharedFormatter' in scope"), "\(result)")
        #expect(
            result.stderr.contains("note: only the sources in ChatService/ were built; the target in \(project.path) may take files")
                && result.stderr.contains("--project \(project.path) --target ChatService"), "\(result)")
    }
}
