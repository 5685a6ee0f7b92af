import Testing

@testable import NSESimProject

/// The pods and SwiftPM products nsesim stands in for, and the modules they give.
@Suite("Stand-in tables")
struct StandInTableTests {
    @Test("Pods give the stand-ins their podspecs name: MoEngage (and its older pod), Marketing Cloud, Notifee, Appboy")
    func pods() {
        #expect(PodStandIns.modules(for: "MoEngageRichNotification") == ["MoEngageRichNotification"])
        #expect(PodStandIns.modules(for: "MORichNotification") == ["MoEngageRichNotification"])
        #expect(PodStandIns.modules(for: "MarketingCloud-ExtensionSDK") == ["MCExtensionSDK"])
        #expect(PodStandIns.modules(for: "RNNotifeeCore") == ["RNNotifeeCore"])
        #expect(PodStandIns.modules(for: "Appboy-iOS-SDK") == ["AppboyKit"])
    }

    @Test("SwiftPM products named otherwise than their module, or required beside it, are stood in for; a module nsesim provides is")
    func swiftPMProducts() {
        let resolver = projectResolver()
        #expect(resolver.standsIn(for: "MessagingPushAPN") && resolver.standsIn(for: "PushwooshCore"))
        #expect(resolver.standsIn(for: "BatchExtension") && !resolver.standsIn(for: "Mixpanel"))
        #expect(!ProjectResolver(appIdentifier: "com.example.app", providedModules: []).standsIn(for: "BatchExtension"))
    }
}
