import Foundation
import Testing

/// Filtering through the real `nsesim run`: an empty content from an extension with
/// the filtering entitlement shows nothing and enters neither the center nor the store;
/// without the entitlement the original content is delivered, with a warning.
@Suite("nsesim run: filtering")
struct FilteringRunTests {
    static let run = TestRunFolder(prefix: "nsesim-filtering-tests")

    func nsesimIn(_ arguments: [String]) async throws -> CLIResult {
        try await NSESimCommand.run(arguments, environment: Self.run.environment)
    }

    @Test("SpamFilter (entitled): outcome filtered, delivered null, nothing in the center or the store; the text says so")
    func filtered() async throws {
        let store = Self.run.scratch("store-filtered")
        let app = ["--bundle-id", "com.example.spamfilter", "--store", store.path]
        var result = try await nsesimIn(
            [
                "run", "--extension", fixture("Fixtures/extensions/SpamFilter"),
                "--payload", fixture("Fixtures/payloads/spam.json"), "--format", "json",
            ] + app)
        #expect(result.status == 0, "\(result)")
        let report = try result.jsonObject()
        #expect(report["outcome"] as? String == "filtered", "\(result)")
        #expect(report["delivered"] is NSNull)
        #expect(report["center"] == nil)
        #expect((report["attachments"] as? [Any])?.isEmpty == true)
        #expect(
            (report["timeline"] as? [[String: Any]])?.compactMap { $0["event"] as? String } == ["didReceive", "contentHandler", "filtered"])
        #expect(((report["warnings"] as? [[String: Any]]) ?? []).isEmpty)

        result = try await nsesimIn(["center", "ls", "--app-id", "com.example.spamfilter", "--store", store.path])
        #expect(result.status == 0 && !result.stdout.contains("You won"), "\(result)")
        #expect(!result.stdout.contains("Badge     7"), "\(result)")

        result = try await nsesimIn(
            [
                "run", "--extension", fixture("Fixtures/extensions/SpamFilter"),
                "--payload", fixture("Fixtures/payloads/spam.json"),
            ] + app)
        #expect(
            result.stdout.contains("Outcome   filtered: the extension handed an empty content and has the filtering entitlement"),
            "\(result)")
        #expect(result.stdout.contains("nothing entered the notification center"), "\(result)")
    }

    @Test("SpamFilterNotEntitled: the original content is delivered and enters the center, with empty-content-not-filtered")
    func notEntitled() async throws {
        let store = Self.run.scratch("store-not-entitled")
        let result = try await nsesimIn([
            "run", "--extension", fixture("Fixtures/extensions/SpamFilterNotEntitled"),
            "--payload", fixture("Fixtures/payloads/spam.json"), "--format", "json",
            "--bundle-id", "com.example.spamfilter2", "--store", store.path,
        ])
        #expect(result.status == 0, "\(result)")
        let report = try result.jsonObject()
        #expect(report["outcome"] as? String == "modified")
        let delivered = try #require(report["delivered"] as? [String: Any])
        #expect(delivered["title"] as? String == "You won a prize" && delivered["body"] as? String == "Claim it now at the link")
        let warnings = (report["warnings"] as? [[String: Any]]) ?? []
        let warning = try #require(warnings.first { $0["code"] as? String == "empty-content-not-filtered" })
        #expect((warning["message"] as? String)?.contains("com.apple.developer.usernotifications.filtering") == true)
        let changes = ((report["center"] as? [String: Any])?["changes"] as? [[String: Any]]) ?? []
        #expect(changes.contains { $0["change"] as? String == "delivered" }, "\(report["center"] ?? "no center")")
    }
}

/// The memory limit on by default, through the real `nsesim run`.
@Suite("nsesim run: the default memory limit")
struct MemoryLimitRunTests {
    func nsesimIn(_ arguments: [String]) async throws -> CLIResult {
        try await NSESimCommand.run(arguments, environment: FilteringRunTests.run.environment)
    }

    @Test("Without --memory-limit the report shows iOS's limit (22 MiB above the baseline) and MemoryHog is killed; none turns it off")
    func defaultLimit() async throws {
        var result = try await nsesimIn([
            "run", "--extension", fixture("Fixtures/extensions/SpamFilter"),
            "--payload", fixture("Fixtures/payloads/alert-mutable.json"), "--format", "json",
        ])
        #expect(try result.jsonObject()["memoryLimitBytes"] as? Int == 22 * 1_048_576, "\(result)")
        result = try await nsesimIn([
            "run", "--extension", fixture("Fixtures/extensions/SpamFilter"),
            "--payload", fixture("Fixtures/payloads/alert-mutable.json"),
        ])
        #expect(result.stdout.contains("of the 23.1 MB limit"), "\(result)")
        result = try await nsesimIn([
            "run", "--extension", fixture("Fixtures/extensions/SpamFilter"),
            "--payload", fixture("Fixtures/payloads/alert-mutable.json"), "--format", "json",
            "--memory-limit", "none",
        ])
        #expect(try result.jsonObject()["memoryLimitBytes"] is NSNull, "\(result)")
        result = try await nsesimIn([
            "run", "--extension", fixture("Plugins-Examples/Faults/MemoryHog"),
            "--payload", fixture("Fixtures/payloads/alert-mutable.json"), "--format", "json",
        ])
        #expect(try result.jsonObject()["outcome"] as? String == "killed-memory", "\(result)")
    }

    @Test("An unknown --memory-limit is exit 64 naming the value and what is accepted")
    func badLimit() async throws {
        let result = try await nsesimIn([
            "run", "--extension", fixture("Fixtures/extensions/SpamFilter"),
            "--payload", fixture("Fixtures/payloads/alert-mutable.json"), "--memory-limit", "lots",
        ])
        #expect(result.status == 64, "\(result)")
        #expect(result.stderr.contains("\"lots\" is not a memory limit") && result.stderr.contains("none"), "\(result)")
    }
}

/// Interruption levels and their entitlements, through the real `nsesim run`.
@Suite("nsesim run: interruption levels")
struct InterruptionLevelRunTests {
    func run(_ extensionName: String, _ payload: String) async throws -> [String: Any] {
        let result = try await NSESimCommand.run(
            [
                "run", "--extension", fixture("Fixtures/extensions/\(extensionName)"), "--payload", fixture("Fixtures/payloads/\(payload)"),
                "--format", "json",
            ], environment: FilteringRunTests.run.environment)
        #expect(result.status == 0, "\(result)")
        return try result.jsonObject()
    }

    static func warnings(_ report: [String: Any]) -> [String] {
        ((report["warnings"] as? [[String: Any]]) ?? []).compactMap { $0["code"] as? String }
    }

    @Test("time-sensitive: active with a warning without the capability, kept with it; critical needs its own entitlement")
    func levels() async throws {
        var report = try await run("RideAlerts", "time-sensitive.json")
        #expect((report["delivered"] as? [String: Any])?["interruptionLevel"] as? String == "active")
        #expect(Self.warnings(report).contains("interruption-level-not-entitled"))
        report = try await run("RideAlertsEntitled", "time-sensitive.json")
        #expect((report["delivered"] as? [String: Any])?["interruptionLevel"] as? String == "timeSensitive")
        #expect(!Self.warnings(report).contains("interruption-level-not-entitled"))
        report = try await run("RideAlertsEntitled", "emergency.json")
        #expect((report["delivered"] as? [String: Any])?["interruptionLevel"] as? String == "active")
        let warning = ((report["warnings"] as? [[String: Any]]) ?? []).first { $0["code"] as? String == "interruption-level-not-entitled" }
        #expect((warning?["message"] as? String)?.contains("critical-alerts") == true)
    }
}

/// Communication notifications in the lock screen's picture, through the real
/// `nsesim run` and `nsesim center --render`.
@Suite("nsesim run + center --render: communication notifications")
struct CommunicationPictureTests {
    @Test("CommunicationIntent: the lock screen shows the sender's avatar (the intent's PNG) and name, the group under it")
    func lockScreen() async throws {
        let environment = FilteringRunTests.run.environment
        let store = FilteringRunTests.run.scratch("store-communication")
        let app = ["--store", store.path]
        var result = try await NSESimCommand.run(
            [
                "run", "--extension", fixture("Fixtures/extensions/CommunicationIntent"), "--payload",
                fixture("Fixtures/payloads/with-sender.json"),
                "--bundle-id", "com.example.communication", "--format", "json",
            ] + app, environment: environment)
        #expect(result.status == 0, "\(result)")
        let communication = try #require((try result.jsonObject()["delivered"] as? [String: Any])?["communication"] as? [String: Any])
        let avatar = try #require(communication["avatar.data"] as? String)
        let html = FilteringRunTests.run.scratch("render-communication").appendingPathComponent("lock.html")
        result = try await NSESimCommand.run(
            ["center", "--render", html.path, "--app-id", "com.example.communication"] + app,
            environment: environment)
        #expect(result.status == 0, "\(result)")
        let page = try String(contentsOf: html, encoding: .utf8)
        #expect(page.contains("data-sender=\"Alice\"") && page.contains("data:image/png;base64,\(avatar)"), "\(page.prefix(2000))")
        #expect(page.contains("<div class=\"group-name\">Lunch crew</div>"))
    }
}
