import Foundation
import NSESimCore
import Testing

/// `import Intents`: communication notifications, and iOS's rule that the extension declares
/// the intent in its Info.plist.
@Suite("Communication notifications")
struct CommunicationTests {
    @Test("The intent's sender, avatar and group are in the delivered content; an undeclared intent is a warning")
    func intentDeclared() async throws {
        let declared = try await nsesim(
            "run", "--extension", testExtension("CommunicationIntent"), "--payload",
            payloadPath("with-sender.json"), "--format", "json")
        let report = try declared.jsonObject()
        let communication = (report["delivered"] as? [String: Any])?["communication"] as? [String: Any]
        #expect(communication?["sender"] as? String == "Alice")
        #expect(communication?["avatar.type"] as? String == "public.png")
        #expect(
            (report["warnings"] as? [[String: Any]])?.contains { $0["code"] as? String == "communication-intent-not-declared" } == false)

        let base = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("nsesim-intent-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: base) }
        let copy = base.appendingPathComponent("CommunicationIntent")
        try FileManager.default.createDirectory(at: base, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: URL(fileURLWithPath: testExtension("CommunicationIntent")), to: copy)
        let plist = copy.appendingPathComponent("Info.plist")
        let text = try String(contentsOf: plist, encoding: .utf8).replacingOccurrences(of: "NSUserActivityTypes", with: "UnrelatedKey")
        try Data(text.utf8).write(to: plist)
        let undeclared = try await nsesim("run", "--extension", copy.path, "--payload", payloadPath("with-sender.json"), "--format", "json")
        let warnings = (try undeclared.jsonObject()["warnings"] as? [[String: Any]]) ?? []
        #expect(
            warnings.contains {
                $0["code"] as? String == "communication-intent-not-declared"
                    && ($0["message"] as? String)?.contains("NSUserActivityTypes") == true
            }, "\(warnings)")
    }
}
