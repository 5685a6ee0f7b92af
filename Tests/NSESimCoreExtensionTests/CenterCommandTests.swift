import Foundation
import NSESimCore
import Testing

/// The app's notification center across real `nsesim run`s: what the extension does to it
/// shows in the report, it survives between runs, `nsesim center` shows and edits it.
@Suite("Notification center")
struct CenterCommandTests {
    @Test("Two runs of one app: the extension's changes in the report, the state in nsesim center ls, rm and reset")
    func centerAcrossRuns() async throws {
        let data = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("nsesim-center-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: data) }
        let first = try await nsesim(
            "run", "--extension", example("Template"), "--payload", payloadPath("alert-mutable.json"),
            "--collapse-id", "chat-anna-1", "--format", "json", dataDirectory: data)
        #expect(first.status == 0, "\(first)")
        let second = try await nsesim(
            "run", "--extension", example("ChatActions"), "--payload", payloadPath("chat-message.json"),
            "--collapse-id", "chat-anna-2", "--format", "json", dataDirectory: data)
        #expect(second.status == 0, "\(second)")
        let report = try second.jsonObject()
        let changes = ((report["center"] as? [String: Any])?["changes"] as? [[String: Any]]) ?? []
        // The extension sets its categories from a completion handler (another thread, as on
        // iOS), so their order against the badge varies; nsesim's delivery comes last.
        let kinds = changes.compactMap { $0["change"] as? String }
        #expect(Set(kinds) == ["deliveredRemoved", "categoriesSet", "badgeSet", "delivered"] && kinds.last == "delivered", "\(changes)")
        #expect(changes.first { $0["change"] as? String == "deliveredRemoved" }?["identifiers"] as? [String] == ["chat-anna-1"])
        let categoriesSet = changes.first { $0["change"] as? String == "categoriesSet" } ?? [:]
        let category = ((categoriesSet["categories"] as? [[String: Any]])?.first) ?? [:]
        #expect((category["actions"] as? [[String: Any]])?.compactMap { $0["identifier"] as? String } == ["reply", "like", "mute", "open"])
        #expect((report["delivered"] as? [String: Any])?["subtitle"] as? String == "0 earlier in Notification Center")
        #expect((report["warnings"] as? [Any])?.isEmpty == true)

        let listed = try await nsesim("center", "ls", "--bundle-id", "com.example.app", "--format", "json", dataDirectory: data)
        let state = try listed.jsonObject()
        #expect((state["delivered"] as? [[String: Any]])?.compactMap { $0["identifier"] as? String } == ["chat-anna-2"])
        #expect(state["badge"] as? Int == 3)
        let text = try await nsesim("center", "ls", dataDirectory: data)
        #expect(text.stdout.contains("chat-message: reply \"Reply\", text input; like \"Like\""), "\(text)")

        #expect(try await nsesim("center", "rm", "chat-anna-2", dataDirectory: data).status == 0)
        #expect(try await nsesim("center", "rm", "chat-anna-2", dataDirectory: data).status == 66)
        #expect(try await nsesim("center", "reset", dataDirectory: data).status == 0)
        let empty = try await nsesim("center", "ls", "--bundle-id", "com.example.app", "--format", "json", dataDirectory: data).jsonObject()
        #expect((empty["categories"] as? [Any])?.isEmpty == true)
    }

    @Test("A delivered category nobody registered: a warning, as iOS then shows no buttons")
    func unregisteredCategory() async throws {
        let data = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("nsesim-center-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: data) }
        let payload = data.appendingPathComponent("invite.json")
        try FileManager.default.createDirectory(at: data, withIntermediateDirectories: true)
        try Data(#"{"aps": {"alert": {"title": "Invite"}, "category": "INVITE", "mutable-content": 1}}"#.utf8).write(to: payload)
        let result = try await nsesim(
            "run", "--extension", example("Template"), "--payload", payload.path, "--format", "json",
            dataDirectory: data)
        let warnings = (try result.jsonObject()["warnings"] as? [[String: Any]]) ?? []
        #expect(
            warnings.contains {
                $0["code"] as? String == "category-not-registered" && ($0["message"] as? String)?.contains("INVITE") == true
            },
            "\(warnings)")
    }

    @Test("A push that shows nothing is not listed; a badge-only push still sets the badge")
    func silentAndBadgeOnly() async throws {
        let data = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("nsesim-center-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: data) }
        for payload in ["silent.json", "badge-only.json"] {
            let result = try await nsesim("run", "--extension", example("Template"), "--payload", payloadPath(payload), dataDirectory: data)
            #expect(result.status == 0, "\(result)")
        }
        let state = try await nsesim("center", "ls", "--bundle-id", "com.example.app", "--format", "json", dataDirectory: data).jsonObject()
        #expect((state["delivered"] as? [Any])?.isEmpty == true, "\(state)")
        #expect(state["badge"] as? Int == 7)
    }
}
