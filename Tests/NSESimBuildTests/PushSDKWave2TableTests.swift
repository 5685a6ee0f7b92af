import NSESimTestSupport
import Testing

@testable import NSESimBuild

/// The wave-2 push SDKs in the tables: the modules apps import (and older names), the pods
/// that give them, and what an import links.
@Suite("Push SDKs, wave 2, in the tables")
struct PushSDKWave2TableTests {
    @Test("MORichNotification (the older MoEngage pod's module) imports MoEngage's stand-in")
    func olderModule() {
        #expect(FrameworkTable.aliases["MORichNotification"] == "MoEngageRichNotification")
    }

    @Test("Importing one links it and the library the SDKs share, and none of the others")
    func linking() {
        for module in ["MoEngageRichNotification", "MCExtensionSDK", "RNNotifeeCore"] {
            let libraries = FrameworkTable.libraries(importing: [module])
            #expect(libraries == ["UserNotifications", "NSESimDownloads", module, "NSESimSDKSupport"], "\(module): \(libraries)")
        }
        #expect(FrameworkTable.libraries(importing: ["MORichNotification"]).contains("MoEngageRichNotification"))
    }
}
