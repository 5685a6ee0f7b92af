import Foundation
import NSESimPayload
import NSESimTestSupport
import Testing

@testable import NSESimCore

/// The one rule that says which app a push belongs to (``AppIdentity``), in its order.
@Suite("Which app")
struct AppIdentityTests {
    func payload(_ text: String, name: String) throws -> ParsedPayload {
        try PayloadParser.parse(data: Data(text.utf8), path: name, options: PayloadOptions())
    }

    @Test("--bundle-id, then the .apns file's Simulator Target Bundle, then the extension's app, then com.example.app")
    func order() throws {
        let apns = try payload(
            #"{"Simulator Target Bundle": "com.acme.sim", "aps": {"alert": "Hi", "mutable-content": 1}}"#, name: "push.apns")
        let plain = try payload(#"{"aps": {"alert": "Hi", "mutable-content": 1}}"#, name: "push.json")
        #expect(
            AppIdentity.bundleIdentifier(given: "com.acme.given", payloads: [apns], extensionApp: { "com.acme.app" }) == "com.acme.given")
        #expect(AppIdentity.bundleIdentifier(given: nil, payloads: [plain, apns], extensionApp: { "com.acme.app" }) == "com.acme.sim")
        #expect(AppIdentity.bundleIdentifier(given: nil, payloads: [plain], extensionApp: { "com.acme.app" }) == "com.acme.app")
        #expect(AppIdentity.bundleIdentifier(given: nil, payloads: [plain]) == "com.example.app")
    }

    @Test("The extension is not read when an earlier rule already names the app")
    func extensionAskedLast() {
        var asked = false
        _ = AppIdentity.bundleIdentifier(
            given: "com.acme.given",
            extensionApp: {
                asked = true
                return "x"
            })
        #expect(!asked)
    }
}
