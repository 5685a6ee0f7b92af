import Foundation
import NSESimTestSupport
import Testing

@testable import NSESimBuild

/// Info.plist build settings, expanded as Xcode expands them (docs/behaviour.md#build-variables).
@Suite("Build settings")
struct BuildSettingsTests {
    let settings = BuildSettings(
        targetName: "Notification Service", appIdentifier: "com.acme.chat",
        explicit: ["APP_GROUP_IDENTIFIER": "group.com.acme.chat"])

    @Test("Xcode's defaults for an app extension target")
    func defaults() throws {
        func value(_ text: String) throws -> String { try settings.expand(text, where: "Info.plist") }
        #expect(try value("$(PRODUCT_NAME)") == "Notification Service")
        #expect(try value("$(PRODUCT_MODULE_NAME).NotificationService") == "Notification_Service.NotificationService")
        #expect(try value("${EXECUTABLE_NAME}") == "Notification Service")
        #expect(try value("$(PRODUCT_BUNDLE_IDENTIFIER)") == "com.acme.chat.Notification-Service")
        #expect(
            try value("$(PRODUCT_BUNDLE_PACKAGE_TYPE) $(DEVELOPMENT_LANGUAGE) $(MARKETING_VERSION) ($(CURRENT_PROJECT_VERSION))")
                == "XPC! en 1.0 (1)")
        #expect(try value("$(APP_GROUP_IDENTIFIER)") == "group.com.acme.chat")
    }

    @Test("Modifiers, text around variables, and dollars that are not variables")
    func modifiers() throws {
        func value(_ text: String) throws -> String { try settings.expand(text, where: "Info.plist") }
        #expect(try value("com.acme.$(PRODUCT_NAME:rfc1034identifier)") == "com.acme.Notification-Service")
        #expect(try value("$(PRODUCT_NAME:c99extidentifier)") == "Notification_Service")
        #expect(try value("$(DEVELOPMENT_LANGUAGE:upper)") == "EN")
        #expect(try value("costs $5 (or $)") == "costs $5 (or $)")
        #expect(try value("plain") == "plain")
    }

    @Test("An unknown setting or modifier is an error naming it, where, and the flag")
    func unknown() {
        do {
            _ = try settings.expand("$(TEAM_ID).keychain", where: "Info.plist > KeychainGroup")
            Issue.record("expected an error")
        } catch {
            #expect(error == .unknownBuildSetting(name: "TEAM_ID", place: "Info.plist > KeychainGroup"))
            #expect(error.description.contains("--setting TEAM_ID=VALUE"))
            #expect(error.exitStatus == .badInput)
        }
        #expect(throws: ExtensionError.self) { try settings.expand("$(PRODUCT_NAME:reverse)", where: "Info.plist") }
    }

    @Test("Settings given by hand win; a product name carries into the names derived from it")
    func explicit() throws {
        let renamed = BuildSettings(targetName: "NSE", explicit: ["PRODUCT_NAME": "Rich Push", "MARKETING_VERSION": "4.2"])
        #expect(
            try renamed.expand("$(PRODUCT_MODULE_NAME) $(EXECUTABLE_NAME) $(MARKETING_VERSION)", where: "x") == "Rich_Push Rich Push 4.2")
        #expect(BuildSettings.parse("A_B=c=d")! == ("A_B", "c=d"))
        #expect(BuildSettings.parse("=x") == nil)
        #expect(BuildSettings.parse("A B=x") == nil)
    }

    @Test("Whole property lists: strings in dictionaries and arrays, keys left alone")
    func plist() throws {
        var undefined = UndefinedBuildSettings()
        let expanded =
            try settings.expand(
                plist: [
                    "$(KEY)": ["$(PRODUCT_NAME)", 3], "n": ["v": "$(MARKETING_VERSION)"],
                    "z": ["$(UNSET_B)", "$(UNSET_A)-$(UNSET_B)"],
                ],
                where: "Info.plist", undefined: &undefined) as? [String: Any]
        #expect((expanded?["$(KEY)"] as? [Any])?.first as? String == "Notification Service")
        #expect(((expanded?["n"] as? [String: Any])?["v"]) as? String == "1.0")
        // Undefined names are empty, as in Xcode, and noted with their places.
        #expect((expanded?["z"] as? [Any])?.compactMap { $0 as? String } == ["", "-"])
        #expect(undefined.names == ["UNSET_A", "UNSET_B"])
        #expect(undefined.places["UNSET_B"] == ["Info.plist > z[0]", "Info.plist > z[1]"])
    }

    @Test("The app of an extension: its literal CFBundleIdentifier without the last component")
    func appIdentifier() throws {
        let folder = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("nsesim-appid-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        func write(_ identifier: String) throws {
            let plist = try PropertyListSerialization.data(fromPropertyList: ["CFBundleIdentifier": identifier], format: .xml, options: 0)
            try plist.write(to: folder.appendingPathComponent("Info.plist"))
        }
        try write("com.acme.chat.NotificationService")
        #expect(ExtensionInfo.appIdentifier(inPlistOf: folder.path) == "com.acme.chat")
        try write("$(PRODUCT_BUNDLE_IDENTIFIER)")
        #expect(ExtensionInfo.appIdentifier(inPlistOf: folder.path) == nil)
        try write("single")
        #expect(ExtensionInfo.appIdentifier(inPlistOf: folder.path) == nil)
    }
}
