import Foundation
import NSESimTestSupport
import Testing

@testable import NSESimProject

/// A target of an Xcode project resolved as Xcode builds it.
@Suite("Xcode project targets")
struct XcodeProjectResolutionTests {
    @Test("ChatApp: the only service extension, its sources through groups (a shared file in another folder), resources")
    func chatAppFiles() throws {
        let target = try resolveTarget(projectFixture("ChatApp"))
        #expect(target.name == "NotificationService")
        #expect(target.configuration == "Debug")
        #expect(
            target.sources.map(target.relativePath) == ["NotificationService/NotificationService.swift", "Shared/MessageFormatter.swift"])
        #expect(target.resources.map(\.bundlePath) == ["Greeting.txt", "Media.xcassets", "en.lproj/Localizable.strings"])
        #expect(target.infoPlist.map(target.relativePath) == "NotificationService/Info.plist")
        #expect(!target.generatesInfoPlist)
    }

    @Test("ChatApp: settings layered defaults → project xcconfig → project → target xcconfig (#include) → target, with $(inherited)")
    func chatAppSettings() throws {
        let target = try resolveTarget(projectFixture("ChatApp"))
        #expect(target.compilationConditions == ["DEBUG", "BASE_CONFIG", "NSE", "CHAT_EXTENSION"])
        #expect(target.settings["PRODUCT_BUNDLE_IDENTIFIER"] == "com.acme.chat.NotificationService")
        #expect(target.appIdentifier == "com.acme.chat")
        #expect(target.settings["PRODUCT_MODULE_NAME"] == "NotificationService")
        #expect(target.settings["APP_GROUP_IDENTIFIER"] == "group.com.acme.chat")
        #expect(target.settings["GREETING_STYLE"] == "friendly")
        #expect(target.settings["MARKETING_VERSION"] == "2.3")
        #expect(target.swiftVersion == "5")
        let release = try resolveTarget(projectFixture("ChatApp"), configuration: "Release")
        #expect(release.compilationConditions == ["BASE_CONFIG"])
        let given = try resolveTarget(projectFixture("ChatApp"), settings: ["GREETING_STYLE": "terse"])
        #expect(given.settings["GREETING_STYLE"] == "terse")
    }

    @Test("ChatApp: entitlements (app group and keychain group expanded), the local package, the framework target")
    func chatAppLinks() throws {
        let target = try resolveTarget(projectFixture("ChatApp"))
        let entitlements = try #require(target.entitlements)
        #expect(entitlements.appGroups == ["group.com.acme.chat"])
        #expect(entitlements.keychainGroups == ["ABCDE12345.com.acme.chat.shared"])
        let release = try #require(try resolveTarget(projectFixture("ChatApp"), configuration: "Release").entitlements)
        #expect(release.keychainGroups == ["com.acme.chat.shared"], "no DEVELOPMENT_TEAM: $(AppIdentifierPrefix) is empty")
        #expect(!entitlements.filtering && !entitlements.communication)
        #expect(target.packages.map(target.relativePath) == ["Packages/ChatKitLocal"])
        #expect(target.frameworks.map(\.moduleName) == ["ChatCore"])
        #expect(target.frameworks.first?.sources.map(target.relativePath) == ["ChatCore/ChatCore.swift"])
        #expect(target.explanation.contains("app groups: group.com.acme.chat"))
    }

    @Test(
        "SyncedFolder: a synchronized folder's files less its membership exceptions; a file of another target's folder its exception set adds"
    )
    func synchronizedFolder() throws {
        let target = try resolveTarget(projectFixture("SyncedFolder"))
        #expect(
            target.sources.map(target.relativePath) == [
                "NotificationService/Decoration.swift", "NotificationService/NotificationService.swift",
                "Shared/Greeter.swift",
            ])
        #expect(target.resources.map(\.bundlePath) == ["Sounds/Alerts/chime.txt", "Sounds/Readme.swift", "tone.txt"])
        #expect(target.skippedSources.map(target.relativePath) == ["NotificationService/Legacy.m"])
    }

    @Test("GeneratedPlist: GENERATE_INFOPLIST_FILE = YES, the bundle identifier from the settings")
    func generatedInfoPlist() throws {
        let target = try resolveTarget(projectFixture("GeneratedPlist"))
        #expect(target.generatesInfoPlist)
        #expect(target.settings["PRODUCT_BUNDLE_IDENTIFIER"] == "com.acme.alerts.ChatAlerts")
        #expect(target.settings["INFOPLIST_KEY_CFBundleDisplayName"] == "Chat Alerts")
    }

    @Test("nsesim targets: the project's notification extension targets with kind, sources, Info.plist, bundle id")
    func extensionTargets() throws {
        let resolver = ProjectTargetResolver(
            project: try XcodeProject(path: projectFixture("ChatApp") + "/ChatApp.xcodeproj"), context: projectResolver())
        #expect(
            try resolver.extensionTargets() == [
                .init(
                    name: "NotificationService", kind: "service", sourceCount: 2,
                    infoPlist: "NotificationService/Info.plist",
                    bundleIdentifier: "com.acme.chat.NotificationService"),
                .init(
                    name: "NotificationContent", kind: "content", sourceCount: 1,
                    infoPlist: "NotificationContent/Info.plist",
                    bundleIdentifier: "com.acme.chat.NotificationContent"),
            ])
        // Without --target the service extension is chosen, not the content extension.
        #expect(try resolveTarget(projectFixture("ChatApp")).name == "NotificationService")
        #expect(try resolveTarget(projectFixture("ChatApp"), target: "NotificationContent").name == "NotificationContent")
    }

    @Test("Wrong choices: a target that is not an extension, no such target, no such configuration")
    func wrongChoices() throws {
        let path = projectFixture("ChatApp")
        let framework = try #require(resolveError(path, target: "ChatCore"))
        #expect(framework.description.contains("target \"ChatCore\" is a framework, not an app extension"))
        #expect(framework.exitStatus == .badInput)
        let missing = try #require(resolveError(path, target: "Widget"))
        #expect(
            missing.description.contains(
                "no target named \"Widget\"; its targets are ChatApp, NotificationService, ChatCore, NotificationContent"))
        let configuration = try #require(resolveError(path, configuration: "Staging"))
        #expect(configuration.description.contains("has no configuration \"Staging\"; give --configuration one of Debug, Release"))
        #expect(configuration.exitStatus == .badInput)
    }

    @Test("Without --target, two service extension targets: an error listing both")
    func ambiguous() throws {
        try withProjectCopy("ChatApp") { copy in
            // ChatCore made a second service extension.
            try edit(
                "ChatApp.xcodeproj/project.pbxproj", in: copy, replacing: "productType = \"com.apple.product-type.framework\";",
                with: "productType = \"com.apple.product-type.app-extension\";")
            try edit(
                "ChatApp.xcodeproj/project.pbxproj", in: copy, replacing: "DEFINES_MODULE = YES;",
                with: "INFOPLIST_FILE = NotificationService/Info.plist;")
            let error = try #require(resolveError(copy.path))
            #expect(
                error
                    == .ambiguousTarget(
                        project: copy.appendingPathComponent("ChatApp.xcodeproj").path,
                        candidates: ["NotificationService", "ChatCore"]))
            #expect(error.description.contains("choose one with --target NAME"))
            #expect(try resolveTarget(copy.path, target: "ChatCore").sources.count == 1)
        }
    }

    @Test("Not a project: nothing there (66), a folder without one (66), a file (65)")
    func notAProject() throws {
        #expect(resolveError("/nonexistent/App.xcodeproj")?.exitStatus == .missingFile)
        let empty = repositoryRoot.appendingPathComponent("Fixtures/payloads").path
        let none = try #require(resolveError(empty))
        #expect(none.description.contains("no .xcodeproj in this folder") && none.exitStatus == .missingFile)
        let file = try #require(resolveError(projectFixture("ChatApp") + "/Config/Base.xcconfig"))
        #expect(file.exitStatus == .badInput)
    }

    @Test("A file the project names but the disk lacks: both named, exit 66")
    func missingFile() throws {
        try withProjectCopy("ChatApp") { copy in
            try FileManager.default.removeItem(at: copy.appendingPathComponent("Shared/MessageFormatter.swift"))
            let error = try #require(resolveError(copy.path))
            #expect(error.exitStatus == .missingFile)
            #expect(
                error.description.contains("compiles MessageFormatter.swift, but \(copy.path)/Shared/MessageFormatter.swift does not exist")
            )
            try FileManager.default.copyItem(
                atPath: projectFixture("ChatApp") + "/Shared/MessageFormatter.swift",
                toPath: copy.appendingPathComponent("Shared/MessageFormatter.swift").path)
            try FileManager.default.removeItem(at: copy.appendingPathComponent("NotificationService/NotificationService.entitlements"))
            let entitlements = try #require(resolveError(copy.path, target: "NotificationService"))
            #expect(entitlements.exitStatus == .missingFile)
            #expect(
                entitlements.description.contains(
                    "names CODE_SIGN_ENTITLEMENTS = NotificationService/NotificationService.entitlements, but "))
        }
    }

    @Test("A corrupt project.pbxproj: line and column of the error, exit 65")
    func corrupt() throws {
        try withProjectCopy("GeneratedPlist") { copy in
            try edit("GeneratedPlist.xcodeproj/project.pbxproj", in: copy, replacing: "path = Alerts;", with: "path = Alerts")
            let error = try #require(resolveError(copy.path))
            #expect(error.exitStatus == .badInput)
            let file = copy.appendingPathComponent("GeneratedPlist.xcodeproj/project.pbxproj").path
            #expect(error.description.hasPrefix("\(file):34:17: error: expected ; after the value of \"path\""), "\(error)")
        }
    }

    @Test("A missing base configuration or #include is a warning naming the xcconfig and its line, as in Xcode")
    func missingConfigurationFiles() throws {
        try withProjectCopy("ChatApp") { copy in
            try edit(
                "Config/NotificationService.xcconfig", in: copy, replacing: "#include \"Base.xcconfig\"",
                with: "#include \"Shared.xcconfig\"")
            let include = try resolveTarget(copy.path)
            #expect(include.warnings.count == 1)
            #expect(
                include.warnings.first?.hasPrefix(
                    "Config/NotificationService.xcconfig:1: #include: Config/Shared.xcconfig does not exist: "
                        + "its settings are left out") == true, "\(include.warnings)")
            try FileManager.default.removeItem(at: copy.appendingPathComponent("Config/Base.xcconfig"))
            let base = try resolveTarget(copy.path)
            #expect(
                base.warnings.contains {
                    $0.contains("the base configuration of the project (Debug): Config/Base.xcconfig does not exist")
                },
                "\(base.warnings)")
            #expect(base.compilationConditions == ["DEBUG", "NSE", "CHAT_EXTENSION"], "Base.xcconfig's BASE_CONFIG is left out")
        }
    }

    @Test(
        "A remote package no Package.resolved pins: the reference's rule, resolved as Xcode does; without a rule an error naming it, its URL and --package; a --package that provides it is taken"
    )
    func remotePackage() throws {
        try withProjectCopy("ChatApp") { copy in
            try edit(
                "ChatApp.xcodeproj/project.pbxproj", in: copy,
                replacing: """
                    \t\t\tisa = XCLocalSwiftPackageReference;
                    \t\t\trelativePath = Packages/ChatKitLocal;
                    """,
                with: """
                    \t\t\tisa = XCRemoteSwiftPackageReference;
                    \t\t\trepositoryURL = "https://github.com/acme/ChatKitLocal.git";
                    \t\t\trequirement = { kind = upToNextMajorVersion; minimumVersion = 1.0.0; };
                    """)
            // Without a Package.resolved, the project's rule, which SwiftPM resolves against the tags as Xcode does.
            #expect(
                try resolveTarget(copy.path).remotePackages == [
                    RemotePackage(
                        url: "https://github.com/acme/ChatKitLocal.git", products: ["ChatKitLocal"], requirement: .from("1.0.0"),
                        version: nil, resolvedFile: nil)
                ])
            #expect(
                try resolveTarget(copy.path).explanation.contains(
                    "ChatKitLocal from https://github.com/acme/ChatKitLocal.git (from 1.0.0): no Package.resolved pins it"))
            // A reference without a rule nsesim reads: nothing pins it.
            try edit(
                "ChatApp.xcodeproj/project.pbxproj", in: copy,
                replacing: "requirement = { kind = upToNextMajorVersion; minimumVersion = 1.0.0; };",
                with: "requirement = { kind = somethingNew; };")
            let error = try #require(resolveError(copy.path))
            #expect(
                error
                    == .missingPin(
                        target: "NotificationService", product: "ChatKitLocal",
                        url: "https://github.com/acme/ChatKitLocal.git", resolvedFiles: []))
            #expect(error.description.contains("--package PATH"))
            let given = try resolveTarget(copy.path, packages: [copy.appendingPathComponent("Packages/ChatKitLocal")])
            #expect(given.packages.isEmpty)
        }
    }
}

/// Build settings layered as Xcode layers them.
@Suite("Build settings layers")
struct BuildSettingsLayersTests {
    @Test("$(inherited), references expanded recursively with modifiers, unknown names empty")
    func layering() {
        var layers = BuildSettingsLayers(defaults: ["TARGET_NAME": "My Ext", "PRODUCT_NAME": "$(TARGET_NAME)"])
        layers.apply([
            ("FLAGS", "-DA"), ("FLAGS", "$(inherited) -DB"), ("ID", "com.acme.$(PRODUCT_NAME:rfc1034identifier)"),
            ("EMPTY", "$(NOT_SET)x"), ("LOOP", "$(LOOP2)"), ("LOOP2", "$(LOOP)"),
        ])
        let values = layers.expanded
        #expect(values["FLAGS"] == "-DA -DB")
        #expect(values["ID"] == "com.acme.My-Ext")
        #expect(values["EMPTY"] == "x")
        #expect(values["LOOP"] != nil)
        #expect(BuildSettingsLayers.words("A \"B C\"  D") == ["A", "B C", "D"])
    }

    @Test("xcconfig: comments, #include, conditional settings skipped, errors with line")
    func xcconfig() throws {
        let folder = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("nsesim-xcconfig-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try "A = 1 // one\nURL = https://example.com/x\n".write(
            to: folder.appendingPathComponent("Base.xcconfig"), atomically: true, encoding: .utf8)
        try "#include \"Base.xcconfig\"\n#include? \"Missing.xcconfig\"\nB[sdk=iphoneos*] = 2\nC = $(inherited) 3;\n"
            .write(to: folder.appendingPathComponent("Target.xcconfig"), atomically: true, encoding: .utf8)
        let assignments = try XCConfigFile.assignments(at: folder.appendingPathComponent("Target.xcconfig"))
        #expect(assignments.map(\.name) == ["A", "URL", "C"])
        #expect(assignments.map(\.value) == ["1", "https://example.com/x", "$(inherited) 3"])
        try "A = 1\nnot an assignment\n".write(to: folder.appendingPathComponent("Bad.xcconfig"), atomically: true, encoding: .utf8)
        do {
            _ = try XCConfigFile.assignments(at: folder.appendingPathComponent("Bad.xcconfig"))
            Issue.record("expected an error")
        } catch {
            #expect(error.description.contains("Bad.xcconfig:2: error: expected NAME = VALUE"))
        }
    }
}

/// File references resolved through their groups as Xcode resolves them.
@Suite("Xcode project paths")
struct XcodeProjectPathTests {
    @Test("<group> through groups (a group without a path adds nothing), SOURCE_ROOT, <absolute>, projectDirPath, build products")
    func sourceTrees() throws {
        let folder = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("nsesim-paths-\(UUID().uuidString.prefix(8))")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("Project/App.xcodeproj"), withIntermediateDirectories: true)
        let text = """
            { objects = {
                R = { isa = PBXProject; mainGroup = M; projectDirPath = ..; targets = (); };
                M = { isa = PBXGroup; children = (V, S, A, P); sourceTree = "<group>"; };
                V = { isa = PBXGroup; children = (G); name = Virtual; sourceTree = "<group>"; };
                G = { isa = PBXGroup; children = (F); path = Sources/Ext; sourceTree = "<group>"; };
                F = { isa = PBXFileReference; path = File.swift; sourceTree = "<group>"; };
                S = { isa = PBXFileReference; path = Shared/Model.swift; sourceTree = SOURCE_ROOT; };
                A = { isa = PBXFileReference; path = /opt/Absolute.swift; sourceTree = "<absolute>"; };
                P = { isa = PBXFileReference; path = Ext.appex; sourceTree = BUILT_PRODUCTS_DIR; };
            }; rootObject = R; }
            """
        try text.write(to: folder.appendingPathComponent("Project/App.xcodeproj/project.pbxproj"), atomically: true, encoding: .utf8)
        let project = try XcodeProject(path: folder.appendingPathComponent("Project").path)
        let root = folder.standardizedFileURL.path
        #expect(project.sourceRoot.path == root)
        let resolver = ProjectTargetResolver(project: project, context: projectResolver())
        #expect(resolver.path(of: "F")?.path == root + "/Sources/Ext/File.swift")
        #expect(resolver.path(of: "S")?.path == root + "/Shared/Model.swift")
        #expect(resolver.path(of: "A")?.path == "/opt/Absolute.swift")
        #expect(resolver.path(of: "P") == nil)
        #expect(resolver.path(of: "missing") == nil)
    }
}
