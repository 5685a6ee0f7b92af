import Foundation
import NSESimProject
import NSESimTestSupport
import Testing

@testable import NSESimBuild

/// Resolves a target as `nsesim run --project` does: with the builder's resolver, which knows
/// every module of the framework table.
private func resolveTarget(
    _ path: String, target: String? = nil, configuration: String? = nil,
    settings: [String: String] = [:]
) throws -> ProjectTarget {
    try ProjectResolver(appIdentifier: BuildSettings.defaultAppIdentifier, settings: settings, providedModules: FrameworkTable.modules)
        .resolve(ProjectSelection(path: path, target: target, configuration: configuration))
}

/// A project's resolved target as the build takes it (`ExtensionFolder(target:)`): the
/// users' paths, the bundle's files, the Info.plist expanded with the target's settings, the
/// project's modules, the warnings of resolution and of the build.
@Suite("Builds from a project's target")
struct ProjectTargetBuildInputTests {
    private let habits = projectFixture("Habits")

    @Test("ChatApp: the build input keeps users' paths, puts the entitlements into the bundle, expands the Info.plist")
    func chatAppExtensionFolder() throws {
        let folder = try ExtensionFolder(target: try resolveTarget(projectFixture("ChatApp")))
        #expect(folder.moduleName == "NotificationService")
        #expect(folder.info.principalClassName == "NotificationService")
        #expect(folder.info.bundleIdentifier == "com.acme.chat.NotificationService")
        #expect(folder.relativePath(of: folder.sources[1]) == "Shared/MessageFormatter.swift")
        #expect(folder.bundleFiles.keys.sorted() == ["NotificationService.entitlements"])
        #expect(folder.imports.modules.isSuperset(of: ["ChatCore", "ChatKitLocal"]))
        #expect(folder.projectModules.keys.sorted() == ["ChatCore"])
        let plist = try #require(try PropertyListSerialization.propertyList(from: folder.info.expandedPlist, format: nil) as? [String: Any])
        #expect(plist["GreetingStyle"] as? String == "friendly")
        #expect(plist["CFBundleShortVersionString"] as? String == "2.3")
    }

    @Test("SyncedFolder: a non-Swift file of the Sources phase is a build warning")
    func synchronizedFolderWarning() throws {
        let target = try resolveTarget(projectFixture("SyncedFolder"))
        #expect(
            try ExtensionFolder(target: target).buildWarnings == [
                "NotificationService/Legacy.m: in the target's Sources phase "
                    + "but not Swift: not compiled (nsesim builds Swift sources)"
            ])
    }

    @Test("GeneratedPlist: GENERATE_INFOPLIST_FILE with INFOPLIST_KEY_* merged with the file's NSExtension")
    func generatedInfoPlist() throws {
        let target = try resolveTarget(projectFixture("GeneratedPlist"))
        #expect(target.generatesInfoPlist)
        #expect(target.settings["PRODUCT_BUNDLE_IDENTIFIER"] == "com.acme.alerts.ChatAlerts")
        let folder = try ExtensionFolder(target: target)
        #expect(folder.moduleName == "ChatAlerts")
        let plist = try #require(try PropertyListSerialization.propertyList(from: folder.info.expandedPlist, format: nil) as? [String: Any])
        #expect(plist["CFBundleDisplayName"] as? String == "Chat Alerts")
        #expect(plist["NSHumanReadableCopyright"] as? String == "© Acme 2026")
        #expect(plist["CFBundleExecutable"] as? String == "ChatAlerts")
        #expect(plist["CFBundleVersion"] as? String == "42")
        #expect((plist["NSExtension"] as? [String: Any])?["NSExtensionPrincipalClass"] as? String == "ChatAlerts.NotificationService")
        let release = try ExtensionFolder(target: try resolveTarget(projectFixture("GeneratedPlist"), configuration: "Release"))
        let releasePlist = try PropertyListSerialization.propertyList(from: release.info.expandedPlist, format: nil) as? [String: Any]
        #expect(releasePlist?["CFBundleDisplayName"] as? String == "Chat Alerts (Release)")
    }

    @Test("ChatApp's content extension: its storyboard (a resource) is compiled into the bundle and names the principal class")
    func contentExtension() throws {
        let content = try ExtensionFolder(target: try resolveTarget(projectFixture("ChatApp"), target: "NotificationContent"))
        #expect(content.info.point == .content)
        #expect(content.info.principalClassName == "NotificationViewController")
        #expect(content.info.contentAttributes?.categories == ["MESSAGE"])
        #expect(content.bundleFiles["MainInterface.storyboardc"] != nil)
    }

    @Test("Habits: the framework target linked without a target dependency is a module of the build")
    func implicitFrameworkModule() throws {
        #expect(try ExtensionFolder(target: try resolveTarget(habits)).projectModules.keys.sorted() == ["HabitsKit"])
    }

    @Test("Habits: a missing configuration file's warning is among the build's warnings")
    func missingConfigurationFileWarning() throws {
        let target = try resolveTarget(habits)
        #expect(try ExtensionFolder(target: target).buildWarnings.contains(target.warnings[0]))
    }

    @Test("Undefined Info.plist variables: empty, as Xcode expands them, and one warning naming all (sorted) with --setting")
    func undefinedInfoPlistVariables() throws {
        let folder = try ExtensionFolder(target: try resolveTarget(habits))
        let expected =
            "HabitsNotificationService/Info.plist: $(API_HOST) (APIHost), $(APP_GROUP_ID) (AppGroup), "
            + "$(SENTRY_KEY) (SentryDSN) are not build settings nsesim knows: expanded to an empty string, as Xcode expands an "
            + "undefined setting; give values with --setting API_HOST=VALUE --setting APP_GROUP_ID=VALUE --setting SENTRY_KEY=VALUE "
            + "(a replay case: \"settings\" in its options)"
        #expect(folder.buildWarnings.filter { $0.contains("not build settings") } == [expected])
        // The same words every time (a dictionary's order changes from run to run).
        for _ in 0..<3 {
            #expect(try ExtensionFolder(target: try resolveTarget(habits)).buildWarnings.last == expected)
        }
        let plist = try #require(try PropertyListSerialization.propertyList(from: folder.info.expandedPlist, format: nil) as? [String: Any])
        #expect(plist["AppGroup"] as? String == "")
        #expect(plist["SentryDSN"] as? String == "https://@sentry.example.com/42")
        // Given: no warning.
        let given = try ExtensionFolder(
            target: try resolveTarget(
                habits,
                settings: [
                    "API_HOST": "api.example.com",
                    "APP_GROUP_ID": "group.com.acme.habits",
                    "SENTRY_KEY": "k",
                ]))
        #expect(!given.buildWarnings.contains { $0.contains("not build settings") })
    }

    @Test("An undefined variable where the value is needed to run (the principal class, the extension point) stays an error")
    func undefinedWhereNeeded() throws {
        let settings = BuildSettings(targetName: "NSE")
        let written: [String: Any] = [
            "NSExtension": [
                "NSExtensionPointIdentifier": "com.apple.usernotifications.service",
                "NSExtensionPrincipalClass": "$(CLASS_PREFIX)NotificationService",
            ],
            "Other": "$(ALSO_UNKNOWN)",
        ]
        do {
            _ = try ExtensionInfo(written: written, path: "Info.plist", settings: settings)
            Issue.record("expected an error")
        } catch {
            #expect(error == .unknownBuildSetting(name: "CLASS_PREFIX", place: "Info.plist > NSExtension > NSExtensionPrincipalClass"))
            #expect(error.description.contains("the extension needs this value to run"))
            #expect(error.description.contains("--setting CLASS_PREFIX=VALUE"))
        }
        let point: [String: Any] = ["NSExtension": ["NSExtensionPointIdentifier": "$(POINT)", "NSExtensionPrincipalClass": "A"]]
        #expect(throws: ExtensionError.unknownBuildSetting(name: "POINT", place: "Info.plist > NSExtension > NSExtensionPointIdentifier")) {
            try ExtensionInfo(written: point, path: "Info.plist", settings: settings)
        }
    }
}
