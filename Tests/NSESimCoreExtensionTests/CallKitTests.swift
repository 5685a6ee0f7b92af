import Foundation
import NSESimCore
import Testing

/// `import CallKit`: a VoIP call reported from the extension, allowed only with the filtering
/// entitlement, as on iOS.
@Suite("VoIP calls from the extension")
struct CallKitTests {
    @Test("With the entitlement the call is reported; without it the completion gets missingNotificationFilteringEntitlement")
    func entitlementRule() async throws {
        let allowed = try await nsesim(
            "run", "--extension", testExtension("VoIPCall"), "--payload", payloadPath("voip-call.json"),
            "--format", "json")
        let report = try allowed.jsonObject()
        let calls = (report["calls"] as? [[String: Any]]) ?? []
        #expect(calls.count == 1 && calls.first?["allowed"] as? Bool == true, "\(calls)")
        #expect((calls.first?["payload"] as? [String: Any])?["caller"] as? String == "Anna")
        #expect((report["delivered"] as? [String: Any])?["subtitle"] as? String == "call reported")

        let base = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("nsesim-voip-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: base) }
        let copy = base.appendingPathComponent("VoIPCall")
        try FileManager.default.createDirectory(at: base, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: URL(fileURLWithPath: testExtension("VoIPCall")), to: copy)
        try FileManager.default.removeItem(at: copy.appendingPathComponent("NotificationService.entitlements"))
        let refused = try await nsesim("run", "--extension", copy.path, "--payload", payloadPath("voip-call.json"), "--format", "json")
        let refusedReport = try refused.jsonObject()
        let refusedCalls = (refusedReport["calls"] as? [[String: Any]]) ?? []
        #expect(refusedCalls.first?["allowed"] as? Bool == false)
        #expect((refusedCalls.first?["error"] as? String)?.contains("com.apple.developer.usernotifications.filtering") == true)
        #expect((refusedReport["delivered"] as? [String: Any])?["subtitle"] as? String == "call refused: 1")
    }
}
