import Foundation
import NSESimProject
import NSESimTestSupport
import Testing

@testable import NSESimBuild

/// The table of frameworks nsesim provides, the import scan it is read with, and the
/// extension points.
@Suite("Framework table")
struct FrameworkTableTests {
    @Test("Imports are found in every form Swift allows, with file and line")
    func importForms() {
        var imports = SourceImports()
        imports.scan(
            """
            import UserNotifications
            @testable import A.Sub
            @preconcurrency internal import B
            import struct C.Thing
            public import D // comment
            let x = "import E"
            // import F
            """, file: "NotificationService.swift")
        #expect(imports.modules == ["UserNotifications", "A", "B", "C", "D"])
        #expect(imports.sites["B"] == SourceImports.Site(file: "NotificationService.swift", line: 3))
    }

    @Test("UserNotifications and what it re-exports are always linked; CryptoKit only when imported")
    func linking() {
        #expect(FrameworkTable.libraries(importing: []) == ["UserNotifications", "NSESimDownloads"])
        #expect(FrameworkTable.libraries(importing: ["CryptoKit", "Foundation"]) == ["UserNotifications", "NSESimDownloads", "CryptoKit"])
        #expect(Set(FrameworkTable.allLibraries).isSuperset(of: ["UserNotifications", "CryptoKit", "NSESimDownloads"]))
    }

    @Test("Each module appears once and each row's library is among nsesim's build products")
    func rowsAreBuilt() throws {
        let modules = FrameworkTable.all.map(\.module)
        #expect(Set(modules).count == modules.count)
        let products = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent(".build/debug")
        for library in FrameworkTable.allLibraries {
            let path = products.appendingPathComponent("lib\(library).so").path
            #expect(FileManager.default.fileExists(atPath: path), "\(path) missing: is its package in Package.swift's frameworks?")
        }
    }

    @Test("A missing module's error names the module and what nsesim provides")
    func missingModule() {
        let line = MissingModule.explain("NotificationService.swift:3:8: error: no such module 'FirebaseMessaging'")
        #expect(line.hasPrefix("NotificationService.swift:3:8: error: no such module 'FirebaseMessaging'"))
        #expect(line.contains("UserNotifications, CryptoKit"))
        #expect(MissingModule.explain("A.swift:1:1: error: other") == "A.swift:1:1: error: other")
    }

    @Test("The service extension point and its generated entry point")
    func servicePoint() {
        #expect(ExtensionPoint.named("com.apple.usernotifications.service") == .service)
        #expect(ExtensionPoint.named("com.apple.widgetkit-extension") == nil)
        let source = ExtensionPoint.service.entrySource(principalClassName: "NotificationService", symbol: "entry_v1")
        #expect(source.contains("import UserNotifications"))
        #expect(source.contains("@_cdecl(\"entry_v1\")\npublic func __nsesimExtensionMain(_ input: Int32, _ output: Int32) -> Int32 {"))
        #expect(source.contains("() -> UNNotificationServiceExtension in"))
        #expect(source.contains("NotificationService()"))
    }
}

/// The names apps import the push SDKs by besides the stand-ins' own (older and CocoaPods names).
@Suite("Push SDK module aliases in the table")
struct SDKAliasTableTests {
    @Test("Firebase's umbrella, Appboy's and Airship's CocoaPods names import the stand-ins, linked only then")
    func aliases() {
        #expect(FrameworkTable.aliases["Firebase"] == "FirebaseMessaging")
        #expect(FrameworkTable.aliases["Appboy_iOS_SDK"] == "AppboyKit")
        #expect(FrameworkTable.aliases["AirshipServiceExtension"] == "AirshipNotificationServiceExtension")
        #expect(FrameworkTable.libraries(importing: ["Firebase"]).contains("FirebaseMessaging"))
        #expect(FrameworkTable.libraries(importing: ["Appboy_iOS_SDK"]).suffix(2) == ["AppboyKit", "NSESimSDKSupport"])
        #expect(!FrameworkTable.libraries(importing: ["Foundation"]).contains("AppboyKit"))
        #expect(FrameworkTable.aliases["CioMessagingPush"] == "CioMessagingPushAPN")
        let rewritten = ModuleAliases.rewrite("import UserNotifications\nimport Firebase\nimport Appboy_iOS_SDK\n")
        #expect(rewritten.text == "import UserNotifications\nimport FirebaseMessaging\nimport AppboyKit     \n")
    }
}

/// The project reader's stand-in tables (pods, SwiftPM products) against the framework table.
@Suite("Stand-in tables and the framework table")
struct StandInModulesTests {
    @Test("Every module a pod or a SwiftPM product is stood in with is a module of the framework table")
    func standInsAreProvided() {
        #expect(
            ProjectResolver.standInModules.subtracting(FrameworkTable.modules).isEmpty,
            "\(ProjectResolver.standInModules.subtracting(FrameworkTable.modules))")
        #expect(ProjectResolver.standInModules.contains("MoEngageRichNotification"))
    }
}
