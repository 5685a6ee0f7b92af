import Foundation
import NSESimBuild
import NSESimCore
import NSESimHost
import NSESimRuntime
import Testing

/// SystemConfiguration and AudioToolbox in a real extension process: linked only when
/// imported, each call in the records, the network profile reaching reachability.
@Suite struct SystemFrameworksTests {
    func needs(_ library: String, _ built: BuiltExtension) throws -> Bool {
        try Data(contentsOf: built.library).range(of: Data("\(library)\u{0}".utf8)) != nil  // a NEEDED entry
    }

    @Test("SystemConfiguration and AudioToolbox are linked only into extensions that import them")
    func linkedWhenImported() async throws {
        let template = try await TestToolchain.builder.prepare(path: example("Template"))
        let reachability = try await TestToolchain.builder.prepare(path: testExtension("Reachability"))
        let sounds = try await TestToolchain.builder.prepare(path: testExtension("SystemSounds"))
        #expect(try !needs("libSystemConfiguration.so", template) && !needs("libAudioToolbox.so", template))
        #expect(try needs("libSystemConfiguration.so", reachability) && !needs("libAudioToolbox.so", reachability))
        #expect(try needs("libAudioToolbox.so", sounds) && !needs("libSystemConfiguration.so", sounds))
    }

    @Test(
        "CoreData (and its SQLite and model libraries) is linked only into extensions that import it; the model goes into the bundle as .momd"
    )
    func coreDataLinkedWhenImported() async throws {
        let template = try await TestToolchain.builder.prepare(path: example("Template"))
        let shared = try await TestToolchain.builder.prepare(path: testExtension("CoreDataShared"))
        #expect(try !needs("libCoreData.so", template) && !needs("libNSESimSQLite.so", template))
        #expect(try needs("libCoreData.so", shared) && !needs("libSystemConfiguration.so", shared))
        let bundle = try #require(shared.bundleDirectory)
        let momd = bundle.appendingPathComponent("Shared.momd")
        let info = try Data(contentsOf: momd.appendingPathComponent("VersionInfo.plist"))
        let plist = try PropertyListSerialization.propertyList(from: info, format: nil) as? [String: Any]
        #expect(plist?["NSManagedObjectModel_CurrentVersionName"] as? String == "Shared 2")
        #expect(try String(contentsOf: momd.appendingPathComponent("Shared 2.mom"), encoding: .utf8).contains("<entity name=\"Message\""))
        #expect(!FileManager.default.fileExists(atPath: bundle.appendingPathComponent("Shared.xcdatamodeld").path))
        #expect(shared.warnings.contains { $0.hasPrefix("Conversation+CoreDataProperties.swift:16: @NSManaged var title replaced") })
    }

    @Test("Reachability from the real state: localhost is reachable, local and direct; at 100% loss nothing is")
    func reachability() async throws {
        let built = try await TestToolchain.builder.prepare(path: testExtension("Reachability"))
        let payload = try fixturePayload("reachability.json")
        let online = await ExtensionRunner(
            built: built, toolchain: TestToolchain.shared,
            configuration: shortConfiguration(deadline: 5, grace: 3, marker: UUID().uuidString)
        )
        .run(ExtensionRequest(payload.request))
        let hasDefaultRoute = try String(contentsOfFile: "/proc/net/route", encoding: .utf8).split(separator: "\n")
            .contains { $0.split(separator: "\t").dropFirst().first == "00000000" }
        #expect(online.handedContent?["subtitle"]?.stringValue == "online: localhost (local)")
        let records = online.records(from: .reachability).map(\.record)
        #expect(records.first?["api"]?.stringValue == "SCNetworkReachabilityCreateWithAddress")
        #expect(records.first?["target"]?.stringValue == "0.0.0.0")
        #expect(records.dropFirst().first?["reachable"] == .bool(hasDefaultRoute))  // 0.0.0.0: a default route
        let local = try #require(records.last)
        #expect(local["target"]?.stringValue == "localhost")
        #expect(local["flags"] == .array([.string("reachable"), .string("isLocalAddress"), .string("isDirect")]))

        let lost = await ExtensionRunner(
            built: built, toolchain: TestToolchain.shared,
            configuration: shortConfiguration(
                deadline: 5, grace: 3, marker: UUID().uuidString,
                environment: [NSESimEnvironment.networkLoss.name: "100"])
        )
        .run(ExtensionRequest(payload.request))
        #expect(lost.handedContent?["subtitle"]?.stringValue == "offline")
        let flags = lost.records(from: .reachability).map(\.record).first { $0["api"]?.stringValue == "SCNetworkReachabilityGetFlags" }
        #expect(flags?["flags"] == .array([]) && flags?["reachable"] == .bool(false))
        #expect(flags?["reason"]?.stringValue?.contains("100% loss") == true)
    }

    @Test("System sounds: a bundled WAV is created, played and disposed of; a file that is not audio gets -1500")
    func systemSounds() async throws {
        let built = try await TestToolchain.builder.prepare(path: testExtension("SystemSounds"))
        let played = await ExtensionRunner(
            built: built, toolchain: TestToolchain.shared,
            configuration: shortConfiguration(deadline: 5, grace: 3, marker: UUID().uuidString)
        )
        .run(ExtensionRequest(try fixturePayload("system-sound.json").request))
        #expect(played.handedContent?["subtitle"]?.stringValue == "chimed chime.wav")
        let calls = played.records(from: .systemSound).map(\.record)
        #expect(
            calls.compactMap { $0["api"]?.stringValue } == [
                "AudioServicesPlayAlertSound", "AudioServicesCreateSystemSoundID",
                "AudioServicesPlaySystemSoundWithCompletion",
                "AudioServicesDisposeSystemSoundID",
            ])
        #expect(calls.first?["sound"]?.stringValue == "vibrate")
        #expect(calls[1]["mimeType"]?.stringValue == "audio/x-wav" && calls[1]["status"] == .integer(0))
        #expect(calls[2]["sound"]?.stringValue == "chime.wav" && calls[2]["soundID"] == calls[1]["soundID"])

        let refused = await ExtensionRunner(
            built: built, toolchain: TestToolchain.shared,
            configuration: shortConfiguration(deadline: 5, grace: 3, marker: UUID().uuidString)
        )
        .run(ExtensionRequest(try fixturePayload("system-sound-not-audio.json").request))
        #expect(refused.handedContent?["subtitle"]?.stringValue == "chime refused: -1500")
        let create = try #require(refused.records(from: .systemSound).first?.record)
        #expect(create["status"] == .integer(-1500) && create["statusName"]?.stringValue == "kAudioServicesSystemSoundUnspecifiedError")
        #expect(create["error"]?.stringValue?.contains("is not audio (text/plain)") == true)
    }

    @Test("The CoreFoundation names the frameworks share (kCFBooleanTrue, noErr) link from Security as from AudioToolbox")
    func sharedCFNamesLink() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("cf-names-\(UUID().uuidString)/SecurityNames")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder.deletingLastPathComponent()) }
        try FileManager.default.copyItem(
            at: URL(fileURLWithPath: testExtension("VoIPCall")).appendingPathComponent("Info.plist"),
            to: folder.appendingPathComponent("Info.plist"))
        try """
        import Security
        import UserNotifications

        class NotificationService: UNNotificationServiceExtension {
            override func didReceive(_ request: UNNotificationRequest, withContentHandler contentHandler: @escaping (UNNotificationContent) -> Void) {
                let content = request.content.mutableCopy() as! UNMutableNotificationContent
                let query: [String: Any] = [kSecClass as String: kSecClassGenericPassword, kSecReturnData as String: kCFBooleanTrue!]
                var item: CFTypeRef?
                let status: OSStatus = SecItemCopyMatching(query as CFDictionary, &item)
                content.subtitle = status == noErr ? "found" : "status \\(status)"
                contentHandler(content)
            }
        }
        """.write(to: folder.appendingPathComponent("NotificationService.swift"), atomically: true, encoding: .utf8)
        let built = try await TestToolchain.builder.prepare(path: folder.path)
        #expect(try needs("libNSESimCFTypes.so", built))
        let result = await ExtensionRunner(
            built: built, toolchain: TestToolchain.shared,
            configuration: shortConfiguration(deadline: 5, grace: 3, marker: UUID().uuidString)
        )
        .run(ExtensionRequest(try fixturePayload("alert-mutable.json").request))
        #expect(result.handedContent?["subtitle"]?.stringValue == "status -25300")
    }
}
