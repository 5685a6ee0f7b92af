import Testing
@testable import NSESimBuild
import NSESimTestSupport

/// The wave-2 push SDKs in the tables: the modules apps import (and older names), the pods
/// that give them, and what an import links.
@Suite("Push SDKs, wave 2, in the tables")
struct PushSDKWave2TableTests {
    @Test("MoEngage, Marketing Cloud and Notifee: their pods give the stand-ins; MORichNotification imports MoEngage's")
    func pods() {
        #expect(PodStandIns.modules(for: "MoEngageRichNotification") == ["MoEngageRichNotification"])
        #expect(PodStandIns.modules(for: "MORichNotification") == ["MoEngageRichNotification"])
        #expect(FrameworkTable.aliases["MORichNotification"] == "MoEngageRichNotification")
        #expect(PodStandIns.modules(for: "MarketingCloud-ExtensionSDK") == ["MCExtensionSDK"])
        #expect(PodStandIns.modules(for: "RNNotifeeCore") == ["RNNotifeeCore"])
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
