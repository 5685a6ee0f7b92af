import Foundation
import NSESimCore
import Testing

/// `import os.log` as iOS extensions write it: every entry in the report, private values
/// redacted unless --log-private, filtered by --log-level.
@Suite("Unified logging")
struct LoggingTests {
    @Test("Logger, os_log and signposts: records with level, subsystem, category; private values redacted")
    func records() async throws {
        let result = try await nsesim(
            "run", "--extension", example("Logging"), "--payload", payloadPath("with-sender.json"),
            "--format", "json")
        #expect(result.status == 0, "\(result)")
        let records = (try result.jsonObject()["logRecords"] as? [[String: Any]]) ?? []
        let messages = records.compactMap { $0["message"] as? String }
        #expect(records.compactMap { $0["level"] as? String } == ["debug", "debug", "info", "notice", "info", "debug"], "\(records)")
        #expect(messages.contains { $0.hasPrefix("push ") && $0.hasSuffix(" from <private>") }, "\(messages)")
        #expect(messages.contains("title length 5"))
        #expect(messages.first == "begin didReceive" && messages.last == "end didReceive", "\(messages)")
        #expect(messages.contains("legacy: sender <private>, public title Lunch, 2 keys"), "\(messages)")
        #expect(records.first?["subsystem"] as? String == "com.example.app.NotificationService")
        #expect(records.first?["category"] as? String == "timing")
        #expect(records.allSatisfy { ($0["tMs"] as? Double).map { $0 >= 0 } == true })

        let shown = try await nsesim(
            "run", "--extension", example("Logging"), "--payload", payloadPath("with-sender.json"),
            "--format", "json", "--log-private", "--log-level", "info")
        let unredacted = (try shown.jsonObject()["logRecords"] as? [[String: Any]]) ?? []
        #expect(unredacted.compactMap { $0["level"] as? String } == ["info", "notice", "info"])
        #expect(unredacted.contains { ($0["message"] as? String)?.hasSuffix(" from Alice") == true })

        let text = try await nsesim("run", "--extension", example("Logging"), "--payload", payloadPath("with-sender.json"))
        #expect(text.stdout.contains("Log (6, private values redacted)"), "\(text.stdout)")
        #expect(
            try await nsesim(
                "run", "--extension", example("Logging"), "--payload", payloadPath("with-sender.json"),
                "--log-level", "loud"
            ).status == 64)
    }

    @Test("An extension that does not import os does not link it")
    func notLinked() async throws {
        let template = try await TestToolchain.builder.prepare(path: example("Template"))
        let logging = try await TestToolchain.builder.prepare(path: example("Logging"))
        #expect(try Data(contentsOf: template.library).range(of: Data("libNSESimOS.so\u{0}".utf8)) == nil)
        #expect(try Data(contentsOf: logging.library).range(of: Data("libNSESimOS.so\u{0}".utf8)) != nil)
    }

    @Test("import os: every level, privacy and format, as an iOS file writes them")
    func formats() async throws {
        let result = try await nsesim(
            "run", "--extension", testExtension("LoggingFormats"), "--payload", payloadPath("alert-mutable.json"),
            "--format", "json")
        #expect(result.status == 0, "\(result)")
        let records = (try result.jsonObject()["logRecords"] as? [[String: Any]]) ?? []
        let messages = records.compactMap { $0["message"] as? String }
        #expect(
            records.compactMap { $0["level"] as? String }
                == ["debug", "debug", "info", "notice", "error", "error", "fault", "fault", "debug", "info"], "\(records)")
        #expect(messages.contains("ratio 0.50 hex ff flag true"), "\(messages)")
        #expect(messages.contains("list has 3 items, secret <private>"), "\(messages)")
        #expect(messages.contains { $0.hasPrefix("token <private> for ") })
    }
}
