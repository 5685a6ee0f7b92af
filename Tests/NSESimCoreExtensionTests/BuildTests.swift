import Foundation
import NSESimBuild
import NSESimCore
import NSESimHost
import NSESimRuntime
import Testing
@_spi(NSESim) import UserNotifications

/// Building extension folders: the content-hash cache, prebuilt libraries, and clear errors
/// for extensions that cannot be built or are not service extensions.
@Suite("Extension builds")
struct BuildTests {
    /// A private copy of the Probe extension with a unique comment, so that its content
    /// hash is new and its first build really compiles, whatever the other tests built.
    private func uniqueProbeCopy() throws -> URL {
        let folder = URL(fileURLWithPath: NSTemporaryDirectory())
            .appendingPathComponent("nsesim-build-test-\(UUID().uuidString)")
            .appendingPathComponent("CachedProbe")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let source = URL(fileURLWithPath: testExtension("Probe"))
        try FileManager.default.copyItem(
            at: source.appendingPathComponent("Info.plist"),
            to: folder.appendingPathComponent("Info.plist"))
        let code = try String(contentsOf: source.appendingPathComponent("NotificationService.swift"), encoding: .utf8)
        try Data((code + "\n// build \(UUID().uuidString)\n").utf8)
            .write(to: folder.appendingPathComponent("NotificationService.swift"))
        return folder
    }

    @Test("A sanitized build is cached apart from the normal one, and says which sanitizer it has (docs/sanitizers.md)")
    func sanitizedBuildCachedApart() async throws {
        let folder = try uniqueProbeCopy()
        defer { try? FileManager.default.removeItem(at: folder.deletingLastPathComponent()) }
        let normal = try await TestToolchain.builder.prepare(path: folder.path)
        var builder = TestToolchain.builder
        builder.sanitizer = .thread
        let sanitized = try await builder.prepare(path: folder.path)
        #expect(!sanitized.cacheHit)
        #expect(sanitized.sanitizer == .thread)
        #expect(normal.sanitizer == nil)
        #expect(sanitized.library != normal.library)
        let again = try await builder.prepare(path: folder.path)
        #expect(again.cacheHit)
        #expect(again.library == sanitized.library)
        #expect(try await TestToolchain.builder.prepare(path: folder.path).library == normal.library)
    }

    @Test("A second prepare of the same folder comes from the cache, much faster; the library runs prebuilt")
    func cacheAndPrebuiltLibrary() async throws {
        let folder = try uniqueProbeCopy()
        defer { try? FileManager.default.removeItem(at: folder.deletingLastPathComponent()) }
        let builder = TestToolchain.builder

        let first = try await builder.prepare(path: folder.path)
        #expect(!first.cacheHit)
        #expect(FileManager.default.fileExists(atPath: first.library.path))
        #expect(first.library.path.hasPrefix(TestToolchain.cacheDirectory.path))
        #expect(first.principalClass == "$(PRODUCT_MODULE_NAME).NotificationService")

        let second = try await builder.prepare(path: folder.path)
        #expect(second.cacheHit)
        #expect(second.library == first.library)
        #expect(
            second.buildDuration * 5 < first.buildDuration,
            "cached \(second.buildDuration) vs built \(first.buildDuration)")

        // A changed source is a new build.
        let source = folder.appendingPathComponent("NotificationService.swift")
        try Data((try String(contentsOf: source, encoding: .utf8) + "// changed\n").utf8).write(to: source)
        let changed = try await builder.prepare(path: folder.path)
        #expect(!changed.cacheHit)
        #expect(changed.library != first.library)

        // The library of the first build, given directly, is loaded as it is.
        let prebuilt = try await builder.prepare(path: first.library.path)
        #expect(prebuilt.cacheHit)
        #expect(prebuilt.bundleDirectory == nil)
        #expect(prebuilt.library.path == first.library.path)
        let marker = UUID().uuidString
        let runner = ExtensionRunner(
            built: prebuilt, toolchain: TestToolchain.shared,
            configuration: shortConfiguration(deadline: 10, grace: 1, marker: marker))
        let result = await runner.run(ExtensionRequest(try fixturePayload("alert-mutable.json").request))
        #expect(result.outcome == .modified, "errors: \(result.errors), log: \(result.log)")
        let report = try probeReport(try #require(result.handedContent))
        #expect(report["counter"] as? Int == 1)
        await ProcessCheck.expectNothingLeft(marker: marker, built: prebuilt)
    }

    @Test("A type error fails the build with swiftc's diagnostic at the file and line")
    func brokenBuild() async throws {
        let folder = testExtension("BrokenBuild")
        let source = try String(contentsOfFile: folder + "/NotificationService.swift", encoding: .utf8)
        let lines = source.split(separator: "\n", omittingEmptySubsequences: false)
        let line = try #require(lines.firstIndex { $0.contains("BROKEN-LINE") }) + 1

        let error = await prepareError(folder)
        guard case .buildFailed(let failedFolder, let diagnostics) = error else {
            Issue.record("expected buildFailed, got \(String(describing: error))")
            return
        }
        #expect(failedFolder.hasSuffix("Fixtures/extensions/BrokenBuild"))
        #expect(
            diagnostics.contains { $0.hasPrefix("NotificationService.swift:\(line):") && $0.contains("error:") },
            "diagnostics: \(diagnostics)")
        #expect(error?.exitStatus == .badInput)
        #expect(error?.description.contains("NotificationService.swift:\(line):") == true)
    }

    @Test("An Info.plist naming a class the sources do not define says so")
    func missingPrincipalClass() async throws {
        let error = await prepareError(testExtension("MissingPrincipal"))
        guard case .buildFailed(_, let diagnostics) = error else {
            Issue.record("expected buildFailed, got \(String(describing: error))")
            return
        }
        #expect(
            diagnostics.contains { $0.contains("Info.plist") && $0.contains("ServiceThatIsNotThere") },
            "diagnostics: \(diagnostics)")
        // Not the generated entry point's path: the user never wrote that file.
        #expect(!diagnostics.contains { $0.contains("__NSESimEntry") }, "diagnostics: \(diagnostics)")
        #expect(error?.exitStatus == .badInput)
    }

    @Test("Another extension point is refused, naming NSExtensionPointIdentifier")
    func notAServiceExtension() async throws {
        let error = await prepareError(testExtension("NotAServiceExtension"))
        guard case .badInfoPlist(let path, let message) = error else {
            Issue.record("expected badInfoPlist, got \(String(describing: error))")
            return
        }
        #expect(path.hasSuffix("NotAServiceExtension/Info.plist"))
        #expect(message.contains("NSExtensionPointIdentifier"), "message: \(message)")
        #expect(message.contains("com.apple.widgetkit-extension"), "message: \(message)")
        #expect(message.contains("not a notification service or content extension"), "message: \(message)")
        #expect(error?.exitStatus == .badInput)
    }

    /// An extension importing a module nsesim does not provide, and what its build error must say.
    struct MissingModule: Sendable, CustomTestStringConvertible {
        let module: String
        let principalBase: String
        /// Modules the message must list among those nsesim provides.
        let listed: [String]
        var testDescription: String { module }
    }

    @Test(
        "A module nsesim does not provide (an unknown one; a push SDK nsesim does not stand in for, Mixpanel): exit 65 naming the module, the file:line, what nsesim provides and the ways in",
        arguments: [
            MissingModule(
                module: "NoSuchPushSDK", principalBase: "UNNotificationServiceExtension",
                listed: ["UserNotifications, CryptoKit"]),
            MissingModule(
                module: "Mixpanel", principalBase: "MPNotificationServiceExtension",
                listed: ["FirebaseMessaging", "OneSignalExtension", "KlaviyoSwiftExtension", "BatchExtension"]),
        ])
    func missingModule(_ missing: MissingModule) async throws {
        let base = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("nsesim-missing-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: base) }
        let folder = writeTestExtension(
            at: base.appendingPathComponent("NeedsSDK"),
            source: """
                import UserNotifications
                import \(missing.module)

                class NotificationService: \(missing.principalBase) {}
                """)
        let error = await prepareError(folder.path)
        guard case .buildFailed(_, let diagnostics) = error else {
            Issue.record("expected buildFailed, got \(String(describing: error))")
            return
        }
        let line = diagnostics.first { $0.contains(missing.module) } ?? ""
        #expect(line.hasPrefix("NotificationService.swift:2:8: error: no such module '\(missing.module)'"), "diagnostics: \(diagnostics)")
        #expect(missing.listed.allSatisfy { line.contains("nsesim provides") && line.contains($0) }, "diagnostics: \(diagnostics)")
        #expect(line.contains("Modules/\(missing.module)/") && line.contains("--modules DIR"), "diagnostics: \(diagnostics)")
        #expect(error?.exitStatus == .badInput)
    }

    @Test("A push SDK's module (and the library the SDKs share) is linked only into extensions that import it")
    func sdksLinkedWhenImported() async throws {
        func needs(_ library: String, _ built: BuiltExtension) throws -> Bool {
            try Data(contentsOf: built.library).range(of: Data("\(library)\u{0}".utf8)) != nil
        }
        let template = try await TestToolchain.builder.prepare(path: example("Template"))
        let firebase = try await TestToolchain.builder.prepare(path: example("SDKs/FirebaseNotificationService"))
        #expect(try !needs("libFirebaseMessaging.so", template) && !needs("libNSESimSDKSupport.so", template))
        #expect(try needs("libFirebaseMessaging.so", firebase) && !needs("libOneSignalExtension.so", firebase))
        let moengage = try await TestToolchain.builder.prepare(path: example("SDKs/MoEngageNotificationService"))
        #expect(try needs("libMoEngageRichNotification.so", moengage) && !needs("libFirebaseMessaging.so", moengage))
        #expect(try !needs("libMoEngageRichNotification.so", template) && !needs("libMoEngageRichNotification.so", firebase))
        // An older module name (`import MORichNotification`) links the same library.
        let moengageLegacy = try await TestToolchain.builder.prepare(path: testExtension("MoEngageLegacy"))
        #expect(try needs("libMoEngageRichNotification.so", moengageLegacy))
        // The second wave's stand-ins: each only where imported, by its name or an older one.
        let sdks = SDKStandIn.wave2
        for sdk in sdks {
            #expect(try !needs("lib\(sdk.library).so", template), "\(sdk.library) in an extension importing no SDK")
            let built = try await TestToolchain.builder.prepare(path: sdk.extensionPath)
            #expect(try needs("lib\(sdk.library).so", built) && needs("libNSESimSDKSupport.so", built), "\(sdk.extensionPath)")
            for other in sdks where other.library != sdk.library {
                #expect(try !needs("lib\(other.library).so", built), "\(other.library) in \(sdk.extensionPath)")
            }
        }
        #expect(try !needs("libCleverTapSDK.so", template) && !needs("libCioInternalCommon.so", template))
        let impressions = try await TestToolchain.builder.prepare(path: testExtension("CleverTapPushImpressions"))
        #expect(try needs("libCleverTapSDK.so", impressions) && needs("libCTNotificationService.so", impressions))
    }

    @Test("A framework is linked only into extensions that import it (Combine, CryptoKit); its example runs")
    func frameworksLinkedWhenImported() async throws {
        func needs(_ library: String, _ built: BuiltExtension) throws -> Bool {
            let bytes = try Data(contentsOf: built.library)
            return bytes.range(of: Data("\(library)\u{0}".utf8)) != nil  // a NEEDED entry's name in .dynstr
        }
        let template = try await TestToolchain.builder.prepare(path: example("Template"))
        let combine = try await TestToolchain.builder.prepare(path: example("CombinePipeline"))
        let decrypt = try await TestToolchain.builder.prepare(path: example("Decrypt"))
        #expect(try needs("libUserNotifications.so", template))
        #expect(try !needs("libCombine.so", template) && !needs("libCryptoKit.so", template))
        #expect(try needs("libCombine.so", combine) && !needs("libCryptoKit.so", combine))
        #expect(try needs("libCryptoKit.so", decrypt) && !needs("libCombine.so", decrypt))
        let resize = try await TestToolchain.builder.prepare(path: example("ImageResize"))
        #expect(try needs("libUIKit.so", resize) && !needs("libUIKit.so", template) && !needs("libUIKit.so", combine))
        // UIKit re-exports CoreGraphics (one copy of its types); ImageIO and SDWebImage only when imported.
        #expect(try needs("libCoreGraphics.so", resize) && !needs("libCoreGraphics.so", template) && !needs("libCoreGraphics.so", combine))
        let avatar = try await TestToolchain.builder.prepare(path: example("AvatarThumbnail"))
        #expect(try needs("libImageIO.so", avatar) && needs("libCoreGraphics.so", avatar) && !needs("libUIKit.so", avatar))
        #expect(try !needs("libImageIO.so", template) && !needs("libImageIO.so", resize) && !needs("libSDWebImage.so", template))
        // The center's and keychain's SQLite layer is under UserNotifications, but it loads
        // libsqlite3 on the first open: an extension that never opens a database does not load
        // it (1,452 symbol bindings at every start, a tenth of a replay's CPU, when it did).
        #expect(try !needs("libsqlite3.so.0", template) && !needs("libsqlite3.so.0", resize))
        // AVFAudio through `import AVFoundation`; libsndfile is loaded on the first audio file,
        // never at load. The library stand-ins are linked only into extensions importing them.
        let ringtone = try await TestToolchain.builder.prepare(path: example("RingtoneSound"))
        #expect(try needs("libAVFoundation.so", ringtone) && needs("libAVFAudio.so", ringtone) && !needs("libsndfile.so.1", ringtone))
        for library in ["libAVFAudio.so", "libAVFoundation.so", "libCocoaLumberjack.so", "libSentry.so"] {
            #expect(try !needs(library, template) && !needs(library, combine), "\(library)")
        }

        let runner = ExtensionRunner(
            built: combine, toolchain: TestToolchain.shared,
            configuration: shortConfiguration(deadline: 5, grace: 3, marker: UUID().uuidString))
        let result = await runner.run(ExtensionRequest(try fixturePayload("with-sender.json").request))
        #expect(result.outcome == .modified)
        #expect(result.handedContent?["title"]?.stringValue == "Alice (via Combine)")
    }

    @Test("An Info.plist with Xcode's variables: expanded into the bundle; an unknown one is empty, with a warning naming the flag")
    func xcodeVariables() async throws {
        let folder = testExtension("Xcode Variables")
        let unknown = try await TestToolchain.builder.prepare(path: folder)
        #expect(
            unknown.warnings == [
                "Info.plist: $(APP_GROUP_IDENTIFIER) (AppGroupIdentifier) is not a build setting nsesim knows: "
                    + "expanded to an empty string, as Xcode expands an undefined setting; give a value with --setting "
                    + "APP_GROUP_IDENTIFIER=VALUE (a replay case: \"settings\" in its options)"
            ])

        let builder = ExtensionBuilder(
            toolchain: TestToolchain.shared, appIdentifier: "com.acme.chat",
            settings: ["APP_GROUP_IDENTIFIER": "group.com.acme.chat", "MARKETING_VERSION": "2.3"])
        let built = try await builder.prepare(path: folder)
        #expect(built.principalClass == "$(PRODUCT_MODULE_NAME).NotificationService")
        let runner = ExtensionRunner(
            built: built, toolchain: TestToolchain.shared,
            configuration: shortConfiguration(deadline: 5, grace: 3, marker: UUID().uuidString))
        let result = await runner.run(ExtensionRequest(try fixturePayload("alert-mutable.json").request))
        #expect(result.outcome == .modified)
        let body = result.handedContent?["body"]?.stringValue ?? ""
        for expected in [
            "AppGroupIdentifier=group.com.acme.chat", "CFBundleDevelopmentRegion=en", "CFBundleExecutable=Xcode Variables",
            "CFBundleIdentifier=com.acme.chat.Xcode-Variables", "CFBundleName=Xcode Variables",
            "CFBundlePackageType=XPC!", "CFBundleShortVersionString=2.3", "CFBundleVersion=1",
        ] {
            #expect(body.contains(expected), "body: \(body)")
        }
    }

    @Test("A plist with only NSExtension still gets the keys every bundle has: Bundle.main.bundleIdentifier is never nil")
    func bundleKeysAdded() async throws {
        let built = try await TestToolchain.builder.prepare(path: example("Template"))
        let bundle = try #require(built.bundleDirectory)
        let data = try Data(contentsOf: bundle.appendingPathComponent("Info.plist"))
        let plist = try #require(try PropertyListSerialization.propertyList(from: data, format: nil) as? [String: Any])
        #expect(plist["CFBundleIdentifier"] as? String == "com.example.app.Template")
        #expect(plist["CFBundleExecutable"] as? String == "Template" && plist["CFBundlePackageType"] as? String == "XPC!")
    }

    @Test("@objc, @objcMembers, dynamic and #selector: built from a copy, one warning per place, the user's file untouched")
    func objcAttributes() async throws {
        let folder = testExtension("ObjCAttributes")
        let source = URL(fileURLWithPath: folder).appendingPathComponent("NotificationService.swift")
        let before = try Data(contentsOf: source)
        let built = try await TestToolchain.builder.prepare(path: folder)
        #expect(try Data(contentsOf: source) == before)
        #expect(built.warnings.count == 6, "\(built.warnings)")
        #expect(built.warnings.first?.hasPrefix("NotificationService.swift:5: @objc(NotificationService) removed") == true)
        #expect(built.warnings.contains { $0.hasPrefix("NotificationService.swift:10: #selector(") })
        let runner = ExtensionRunner(
            built: built, toolchain: TestToolchain.shared,
            configuration: shortConfiguration(deadline: 5, grace: 3, marker: UUID().uuidString))
        let result = await runner.run(ExtensionRequest(try fixturePayload("alert-mutable.json").request))
        #expect(result.outcome == .modified)
        #expect(result.handedContent?["subtitle"]?.stringValue == "@objc NotificationService.serviceExtensionTimeWillExpire")
        // A cache hit reports the same warnings.
        #expect(try await TestToolchain.builder.prepare(path: folder).warnings == built.warnings)
    }

    @Test("A compile error in a file with @objc names the user's file and line, not the copy")
    func objcCopyDiagnostics() async throws {
        let base = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("nsesim-objc-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: base) }
        let folder = writeTestExtension(
            at: base.appendingPathComponent("ObjCBroken"),
            source: """
                import UserNotifications

                @objc(NotificationService)
                class NotificationService: UNNotificationServiceExtension {
                    let count: Int = "three"
                }
                """)
        guard case .buildFailed(_, let diagnostics) = await prepareError(folder.path) else {
            Issue.record("expected buildFailed")
            return
        }
        #expect(diagnostics.contains { $0.hasPrefix("NotificationService.swift:5:22: error:") }, "\(diagnostics)")
        #expect(!diagnostics.contains { $0.contains("__NSESimSources") }, "\(diagnostics)")
    }

    @Test("In-house modules from Modules/: built in dependency order, linked, cached; a changed module rebuilds the extension")
    func inHouseModules() async throws {
        let base = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("nsesim-modules-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: base) }
        let folder = base.appendingPathComponent("InHouseModule")
        try FileManager.default.copyItem(at: URL(fileURLWithPath: example("InHouseModule")), to: folder)
        let first = try await TestToolchain.builder.prepare(path: folder.path)
        let runner = ExtensionRunner(
            built: first, toolchain: TestToolchain.shared,
            configuration: shortConfiguration(deadline: 5, grace: 3, marker: UUID().uuidString))
        var payload = try inlinePayload(#"{"aps": {"alert": {"title": "Hi"}, "mutable-content": 1}, "sender": "bob", "thread": "Lunch"}"#)
        var result = await runner.run(ExtensionRequest(payload.request))
        #expect(result.outcome == .modified)
        #expect(result.handedContent?["title"]?.stringValue == "Bob in Lunch")
        #expect(try await TestToolchain.builder.prepare(path: folder.path).cacheHit)

        // A change in a module the extension imports (through the other) is a new build.
        let contact = folder.appendingPathComponent("Modules/ChatCore/Contact.swift")
        let text = try String(contentsOf: contact, encoding: .utf8)
        try Data(text.replacingOccurrences(of: "id.prefix(1).uppercased() + id.dropFirst()", with: "id.uppercased()").utf8).write(
            to: contact)
        let second = try await TestToolchain.builder.prepare(path: folder.path)
        #expect(!second.cacheHit)
        payload = try inlinePayload(#"{"aps": {"alert": {"title": "Hi"}, "mutable-content": 1}, "sender": "bob"}"#)
        result = await ExtensionRunner(
            built: second, toolchain: TestToolchain.shared,
            configuration: shortConfiguration(deadline: 5, grace: 3, marker: UUID().uuidString)
        )
        .run(ExtensionRequest(payload.request))
        #expect(result.handedContent?["title"]?.stringValue == "BOB")
    }

    @Test("--modules DIR supplies a module; a broken module names its file; modules importing each other are refused")
    func modulesFolderErrors() async throws {
        let base = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("nsesim-modules-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: base) }
        let folder = writeTestExtension(
            at: base.appendingPathComponent("UsesSDK"),
            source: """
                import UserNotifications
                import PushKitStandIn

                class NotificationService: UNNotificationServiceExtension {
                    override func didReceive(_ request: UNNotificationRequest, withContentHandler contentHandler: @escaping (UNNotificationContent) -> Void) {
                        let content = request.content.mutableCopy() as! UNMutableNotificationContent
                        content.subtitle = PushHelper.tag
                        contentHandler(content)
                    }
                }
                """)
        let modules = base.appendingPathComponent("vendor")
        let helper = modules.appendingPathComponent("PushKitStandIn")
        try FileManager.default.createDirectory(at: helper, withIntermediateDirectories: true)
        try Data("public enum PushHelper { public static let tag = \"via --modules\" }\n".utf8)
            .write(to: helper.appendingPathComponent("PushHelper.swift"))
        let builder = ExtensionBuilder(toolchain: TestToolchain.shared, moduleFolders: [modules])
        let built = try await builder.prepare(path: folder.path)
        let result = await ExtensionRunner(
            built: built, toolchain: TestToolchain.shared,
            configuration: shortConfiguration(deadline: 5, grace: 3, marker: UUID().uuidString)
        )
        .run(ExtensionRequest(try fixturePayload("alert-mutable.json").request))
        #expect(result.handedContent?["subtitle"]?.stringValue == "via --modules")

        // A module that does not compile: its own file and line.
        try Data("public enum PushHelper { public static let tag: Int = \"x\" }\n".utf8)
            .write(to: helper.appendingPathComponent("PushHelper.swift"))
        do {
            _ = try await builder.prepare(path: folder.path)
            Issue.record("expected a build failure")
        } catch {
            guard case .buildFailed(_, let diagnostics) = error else {
                Issue.record("\(error)")
                return
            }
            #expect(diagnostics.contains { $0.hasPrefix("PushKitStandIn/PushHelper.swift:1:") }, "\(diagnostics)")
        }

        // Two modules importing each other.
        try Data("import Other\npublic enum PushHelper { public static let tag = \"x\" }\n".utf8)
            .write(to: helper.appendingPathComponent("PushHelper.swift"))
        let other = modules.appendingPathComponent("Other")
        try FileManager.default.createDirectory(at: other, withIntermediateDirectories: true)
        try Data("import PushKitStandIn\n".utf8).write(to: other.appendingPathComponent("Other.swift"))
        do {
            _ = try await builder.prepare(path: folder.path)
            Issue.record("expected a cycle error")
        } catch {
            #expect(error.description.contains("cycle: PushKitStandIn → Other → PushKitStandIn"), "\(error)")
            #expect(error.exitStatus == .badInput)
        }
    }

    @Test(
        "--package: a local package's library (Swift over C) is built by SwiftPM and linked; its executable is not; the package folder is not written"
    )
    func localPackage() async throws {
        let package = URL(fileURLWithPath: repositoryPath("Fixtures/packages/GreetingKit"))
        let builder = ExtensionBuilder(toolchain: TestToolchain.shared, packages: [package])
        let built = try await builder.prepare(path: testExtension("UsesPackage"))
        #expect(!FileManager.default.fileExists(atPath: package.appendingPathComponent(".build").path))
        let result = await ExtensionRunner(
            built: built, toolchain: TestToolchain.shared,
            configuration: shortConfiguration(deadline: 5, grace: 3, marker: UUID().uuidString)
        )
        .run(ExtensionRequest(try fixturePayload("with-sender.json").request))
        #expect(result.outcome == .modified)
        #expect(result.handedContent?["title"]?.stringValue == "Hello, Alice!!")
        #expect(try await builder.prepare(path: testExtension("UsesPackage")).cacheHit)

        // Without --package: the missing module's error says how to give it.
        let error = await prepareError(testExtension("UsesPackage"))
        guard case .buildFailed(_, let diagnostics) = error else {
            Issue.record("\(String(describing: error))")
            return
        }
        #expect(diagnostics.contains { $0.contains("no such module 'GreetingKit'") && $0.contains("--package PATH") }, "\(diagnostics)")

        // A folder without Package.swift.
        let notAPackage = ExtensionBuilder(toolchain: TestToolchain.shared, packages: [URL(fileURLWithPath: testExtension("Probe"))])
        do {
            _ = try await notAPackage.prepare(path: testExtension("UsesPackage"))
            Issue.record("expected an error")
        } catch {
            #expect(error.description.contains("no Package.swift there"), "\(error)")
            #expect(error.exitStatus == .badInput)
        }
    }

    @Test("An Info.plist without NSExtensionPrincipalClass is refused, naming the key")
    func noPrincipalClassKey() async throws {
        let error = await prepareError(testExtension("NoPrincipalClassKey"))
        guard case .badInfoPlist(let path, let message) = error else {
            Issue.record("expected badInfoPlist, got \(String(describing: error))")
            return
        }
        #expect(path.hasSuffix("NoPrincipalClassKey/Info.plist"))
        #expect(message.contains("NSExtensionPrincipalClass"), "message: \(message)")
        #expect(error?.exitStatus == .badInput)
    }

    @Test("A folder without Info.plist is refused")
    func noInfoPlist() async throws {
        let error = await prepareError(testExtension("NoInfoPlist"))
        guard case .missingInfoPlist(let folder) = error else {
            Issue.record("expected missingInfoPlist, got \(String(describing: error))")
            return
        }
        #expect(folder.hasSuffix("Fixtures/extensions/NoInfoPlist"))
        #expect(error?.description.contains("Info.plist") == true)
        #expect(error?.exitStatus == .missingFile)
    }

    @Test("A missing folder is notFound, exit status 66")
    func missingFolder() async throws {
        let path = NSTemporaryDirectory() + "nsesim-no-such-extension-\(UUID().uuidString)"
        let error = await prepareError(path)
        #expect(error == .notFound(path: path))
        #expect(error?.exitStatus == .missingFile)
    }
}
