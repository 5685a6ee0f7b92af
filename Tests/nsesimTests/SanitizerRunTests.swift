import Foundation
import NSESimTestSupport
import Testing

/// `--sanitize` through the real `nsesim` (docs/sanitizers.md): the data-race example under
/// ThreadSanitizer and the overrun example under AddressSanitizer, each finding at the user's
/// line; the Template and an SDK example with no finding (a finding in nsesim's stand-ins would
/// be nsesim's bug); a bad name and a missing runtime.
@Suite("nsesim run --sanitize", .serialized)
struct SanitizerRunTests {
    static let run = TestRunFolder(prefix: "nsesim-sanitizer-tests")

    func runJSON(_ arguments: [String]) async throws -> (CLIResult, [String: Any]) {
        let result = try await NSESimCommand.run(["run"] + arguments + ["--format", "json"], environment: Self.run.environment)
        #expect(!result.crashed, "\(result)")
        return (result, try result.jsonObject())
    }

    static func findings(_ report: [String: Any]) -> [[String: Any]]? { report["sanitizer"] as? [[String: Any]] }

    @Test("--sanitize thread: the two queues' race at NotificationService.swift:20, the outcome iOS's, the Sanitizer line")
    func dataRace() async throws {
        let folder = fixture("Plugins-Examples/Faults/RacingHandlers")
        let payload = fixture("Fixtures/payloads/alert-mutable.json")
        let (result, report) = try await runJSON(["--extension", folder, "--payload", payload, "--sanitize", "thread"])
        #expect(report["outcome"] as? String == "modified", "\(result)")
        #expect(report["reportVersion"] as? Int == 4)
        let findings = try #require(Self.findings(report), "\(result)")
        let race = try #require(findings.first { $0["kind"] as? String == "data-race" }, "\(result)")
        #expect(race["sanitizer"] as? String == "thread")
        let own = try #require(race["ownFrame"] as? [String: Any], "\(result)")
        #expect(own["file"] as? String == folder + "/NotificationService.swift", "\(result)")
        #expect(own["line"] as? Int == 20, "\(result)")
        #expect((race["stacks"] as? [[String: Any]])?.count ?? 0 >= 2)
        // The runtime's log is not the extension's output.
        #expect((report["log"] as? String)?.contains("ThreadSanitizer") == false)

        let text = try await NSESimCommand.run(
            ["run", "--extension", folder, "--payload", payload, "--sanitize", "thread"], environment: Self.run.environment)
        let line = try #require(text.stdout.split(separator: "\n").first { $0.hasPrefix("Sanitizer ") }, "\(text)")
        #expect(line.hasPrefix("Sanitizer data-race at NotificationService.swift:20 in "), "\(text)")
    }

    @Test("--sanitize address: the write past the end at NotificationService.swift:27, a crash as on a device, both sections")
    func overrun() async throws {
        let payload = Self.run.scratch("sealed").appendingPathComponent("sealed.json")
        try Data(
            #"{"aps": {"alert": {"title": "Reservation", "body": "(encrypted)"}, "mutable-content": 1}, "sealed": "NxwQX0QRDA1BDkUQHVMXSAUBFE9MH0VBTgMI"}"#
                .utf8
        ).write(to: payload)
        let folder = fixture("Plugins-Examples/Faults/DecryptOverrun")
        let (result, report) = try await runJSON(["--extension", folder, "--payload", payload.path, "--sanitize", "address"])
        #expect(report["outcome"] as? String == "original-crash", "\(result)")
        #expect(report["crash"] != nil, "\(result)")
        let finding = try #require(Self.findings(report)?.first, "\(result)")
        #expect(finding["kind"] as? String == "heap-buffer-overflow", "\(result)")
        let own = try #require(finding["ownFrame"] as? [String: Any], "\(result)")
        #expect(own["line"] as? Int == 27, "\(result)")
        #expect((own["function"] as? String)?.contains("decrypt") == true, "\(result)")

        // Without the sanitizer the byte lands in the allocator's slack: the normal build runs on.
        let (plain, normal) = try await runJSON(["--extension", folder, "--payload", payload.path])
        #expect(normal["outcome"] as? String == "modified", "\(plain)")
        #expect(normal["sanitizer"] == nil)
    }

    @Test(
        "nsesim's stand-ins give no finding: the Template and the Firebase example under --sanitize thread, the Template under undefined",
        arguments: [
            ("Plugins-Examples/Template", "thread"), ("Plugins-Examples/SDKs/FirebaseNotificationService", "thread"),
            ("Plugins-Examples/Template", "undefined"),
        ])
    func noFindings(example: String, sanitizer: String) async throws {
        let (result, report) = try await runJSON([
            "--extension", fixture(example), "--payload", fixture("Fixtures/payloads/alert-mutable.json"), "--sanitize", sanitizer,
        ])
        #expect(report["outcome"] as? String == "modified", "\(result)")
        let findings = try #require(Self.findings(report), "\(result)")
        #expect(findings.isEmpty, "\(result)")
    }

    @Test("An unknown sanitizer is exit 64 naming the three; a missing runtime is an error naming the file looked for")
    func badInput() async throws {
        let unknown = try await NSESimCommand.run(
            [
                "run", "--extension", fixture("Plugins-Examples/Template"), "--payload", fixture("Fixtures/payloads/alert-mutable.json"),
                "--sanitize", "memory",
            ],
            environment: Self.run.environment)
        #expect(unknown.status == 64, "\(unknown)")
        #expect(unknown.stderr.contains("thread, address, undefined"), "\(unknown)")

        let missing = Self.run.scratch("no-runtimes")
        let result = try await NSESimCommand.run(
            [
                "run", "--extension", fixture("Plugins-Examples/Template"), "--payload", fixture("Fixtures/payloads/alert-mutable.json"),
                "--sanitize", "address",
            ],
            environment: Self.run.environment.merging(["NSESIM_SANITIZER_RUNTIMES": missing.path]) { $1 })
        #expect(result.status != 0 && !result.crashed, "\(result)")
        #expect(result.stderr.contains(missing.appendingPathComponent("libclang_rt.asan-x86_64.so").path), "\(result)")
    }
}
