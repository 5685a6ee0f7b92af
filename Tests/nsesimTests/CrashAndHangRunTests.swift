import Foundation
import Testing

/// Where and why, through the real `nsesim` (docs/crashes-and-hangs.md): the crash and stuck
/// lines name the user's file and line for a folder extension, a source nsesim builds from a
/// copy, a `--project` target and a library without line tables; the stacks at the deadline
/// and at the kill; a missing stack tool is a warning, never a failure of nsesim.
@Suite("nsesim run: crash and hang reports")
struct CrashAndHangRunTests {
    static let run = TestRunFolder(prefix: "nsesim-crash-hang-tests")

    func runJSON(_ arguments: [String], environment: [String: String] = [:]) async throws -> (CLIResult, [String: Any]) {
        let result = try await NSESimCommand.run(
            ["run"] + arguments + ["--format", "json"],
            environment: Self.run.environment.merging(environment) { $1 })
        #expect(!result.crashed, "\(result)")
        return (result, try result.jsonObject())
    }

    static func ownFrame(_ section: [String: Any]?) -> [String: Any]? { section?["ownFrame"] as? [String: Any] }

    @Test(
        "The template's force-unwrap: crash at NotificationService.swift:8 in didReceive, the runtime's reason, the signal; the text's Crash line"
    )
    func forceUnwrap() async throws {
        let folder = fixture("Plugins-Examples/Faults/TemplateForceUnwrap")
        let (result, report) = try await runJSON(["--extension", folder, "--payload", fixture("Fixtures/payloads/alert-mutable.json")])
        #expect(report["outcome"] as? String == "original-crash", "\(result)")
        let crash = try #require(report["crash"] as? [String: Any], "\(result)")
        #expect(["SIGILL", "SIGTRAP"].contains(crash["signal"] as? String))
        #expect(crash["reason"] as? String == "Fatal error: Unexpectedly found nil while unwrapping an Optional value")
        let own = try #require(Self.ownFrame(crash))
        #expect(own["file"] as? String == folder + "/NotificationService.swift")
        #expect(own["line"] as? Int == 8)
        #expect((own["function"] as? String)?.contains("didReceive(_:withContentHandler:)") == true)
        #expect(((crash["frames"] as? [[String: Any]]) ?? []).contains { $0["isOwnCode"] as? Bool == true })
        // The runtime's JSON is in the crash section, not in the log.
        #expect((report["log"] as? String)?.contains("\"crashReport\"") == false)

        let text = try await NSESimCommand.run(
            ["run", "--extension", folder, "--payload", fixture("Fixtures/payloads/alert-mutable.json")],
            environment: Self.run.environment)
        let lines = text.stdout.split(separator: "\n").map(String.init)
        let crashLine = try #require(lines.first { $0.hasPrefix("Crash ") }, "\(text)")
        #expect(
            crashLine.contains(
                "NotificationService.swift:8 in NotificationService.didReceive(_:withContentHandler:) — "
                    + "Fatal error: Unexpectedly found nil while unwrapping an Optional value (SIG"), "\(text)")
        // Right under the outcome, where the developer looks first.
        #expect(lines.firstIndex(of: crashLine) == (lines.firstIndex { $0.hasPrefix("Outcome ") } ?? -1) + 1)
    }

    @Test("A source nsesim compiles from a copy (its @objc removed) is still reported at the user's path and line")
    func rewrittenSource() async throws {
        let folder = Self.run.scratch("objc-crash")
        let source = try String(
            contentsOfFile: fixture("Plugins-Examples/Faults/TemplateForceUnwrap/NotificationService.swift"), encoding: .utf8)
        // Same line numbers: the attribute goes on the class's line.
        try source.replacingOccurrences(of: "class NotificationService:", with: "@objc(NotificationService) class NotificationService:")
            .write(to: folder.appendingPathComponent("NotificationService.swift"), atomically: true, encoding: .utf8)
        try FileManager.default.copyItem(
            atPath: fixture("Plugins-Examples/Faults/TemplateForceUnwrap/Info.plist"),
            toPath: folder.appendingPathComponent("Info.plist").path)
        let (result, report) = try await runJSON(["--extension", folder.path, "--payload", fixture("Fixtures/payloads/alert-mutable.json")])
        let built = (report["extension"] as? [String: Any])?["buildWarnings"] as? [String] ?? []
        #expect(built.contains { $0.contains("@objc") }, "the source was not rewritten: \(result)")
        let own = try #require(Self.ownFrame(report["crash"] as? [String: Any]), "\(result)")
        #expect(own["file"] as? String == folder.path + "/NotificationService.swift", "\(result)")
        #expect(own["line"] as? Int == 8)
    }

    @Test("A --project target's crash names the project's file and line")
    func projectTarget() async throws {
        let copy = Self.run.scratch("project").appendingPathComponent("ChatApp")
        try FileManager.default.copyItem(atPath: fixture("Fixtures/projects/ChatApp"), toPath: copy.path)
        let file = copy.appendingPathComponent("NotificationService/NotificationService.swift")
        var lines = try String(contentsOf: file, encoding: .utf8).components(separatedBy: "\n")
        let index = try #require(lines.firstIndex { $0.contains("let content = request.content.mutableCopy()") })
        lines.insert("        let sender = request.content.userInfo[\"sender\"] as! String; _ = sender", at: index + 1)
        try lines.joined(separator: "\n").write(to: file, atomically: true, encoding: .utf8)
        let (result, report) = try await runJSON([
            "--project", copy.appendingPathComponent("ChatApp.xcodeproj").path,
            "--payload", fixture("Fixtures/payloads/alert-mutable.json"),
        ])
        #expect(report["outcome"] as? String == "original-crash", "\(result)")
        let own = try #require(Self.ownFrame(report["crash"] as? [String: Any]), "\(result)")
        #expect(own["file"] as? String == file.path, "\(result)")
        #expect(own["line"] as? Int == index + 2)
    }

    @Test("A library built without line tables (debug info stripped) still names the function")
    func strippedLibrary() async throws {
        let built = try await NSESimCommand.run(
            ["build", "--extension", fixture("Plugins-Examples/Faults/TemplateForceUnwrap")],
            environment: Self.run.environment)
        #expect(built.status == 0, "\(built)")
        let library = try #require(built.stdout.split(separator: "\n").last.map(String.init), "\(built)")
        // A copy, its line tables removed (the cached build stays as it is).
        let path = Self.run.scratch("stripped").appendingPathComponent("libTemplateForceUnwrap.so").path
        try FileManager.default.copyItem(atPath: library, toPath: path)
        let strip = try runTool(["llvm-objcopy", "--strip-debug", path])
        #expect(strip.status == 0, "\(strip)")
        let (result, report) = try await runJSON(["--extension", path, "--payload", fixture("Fixtures/payloads/alert-mutable.json")])
        let crash = try #require(report["crash"] as? [String: Any], "\(result)")
        let own = try #require(Self.ownFrame(crash), "\(result)")
        #expect((own["function"] as? String)?.contains("didReceive(_:withContentHandler:)") == true, "\(result)")
        #expect(crash["reasonLine"] as? Int == 8)
    }

    @Test(
        "A semaphore that is never signalled: stuck at NotificationService.swift:27 in waitForDownload, in DispatchSemaphore.wait, at the deadline"
    )
    func semaphoreHang() async throws {
        let folder = fixture("Plugins-Examples/Faults/SemaphoreWait")
        let arguments = [
            "--extension", folder, "--payload", fixture("Fixtures/payloads/alert-mutable.json"), "--deadline", "0.5", "--grace", "3",
        ]
        let (result, report) = try await runJSON(arguments)
        #expect(report["outcome"] as? String == "best-attempt", "\(result)")
        let hang = try #require(report["hang"] as? [String: Any], "\(result)")
        let samples = try #require(hang["samples"] as? [[String: Any]])
        #expect(samples.map { $0["moment"] as? String } == ["deadline"])
        #expect(((samples[0]["threads"] as? [[String: Any]]) ?? []).count >= 2, "\(result)")
        let stuck = try #require(hang["stuck"] as? [String: Any], "\(result)")
        let own = try #require(stuck["ownFrame"] as? [String: Any])
        #expect(own["file"] as? String == folder + "/NotificationService.swift")
        #expect(own["line"] as? Int == 27)
        #expect((own["function"] as? String)?.contains("waitForDownload(_:)") == true)
        #expect((stuck["waitingIn"] as? String)?.contains("DispatchSemaphore.wait") == true, "\(result)")

        let text = try await NSESimCommand.run(["run"] + arguments, environment: Self.run.environment)
        #expect(
            text.stdout.contains(
                "Stuck     NotificationService.swift:27 in NotificationService.waitForDownload(_:) — DispatchSemaphore.wait"),
            "\(text)")
    }

    @Test("Sleeping through the grace: the stacks at the deadline and at the kill, the same frame at both")
    func stuckUntilTheKill() async throws {
        let (result, report) = try await runJSON([
            "--extension", fixture("Plugins-Examples/Faults/Sleep"),
            "--payload", fixture("Fixtures/payloads/alert-mutable.json"),
            "--deadline", "0.3", "--grace", "0.5",
        ])
        #expect(report["outcome"] as? String == "original-timeout", "\(result)")
        let hang = try #require(report["hang"] as? [String: Any], "\(result)")
        #expect(((hang["samples"] as? [[String: Any]]) ?? []).map { $0["moment"] as? String } == ["deadline", "kill"])
        let stuck = try #require(hang["stuck"] as? [String: Any], "\(result)")
        #expect(stuck["moments"] as? [String] == ["deadline", "kill"])
        #expect((Self.ownFrame(stuck)?["line"] as? Int) == 8, "\(result)")
    }

    @Test("No stack tool: a warning that says how to install it; the outcome is iOS's and nsesim does not fail")
    func missingStackTool() async throws {
        let (result, report) = try await runJSON(
            [
                "--extension", fixture("Plugins-Examples/Faults/SemaphoreWait"),
                "--payload", fixture("Fixtures/payloads/alert-mutable.json"),
                "--deadline", "0.3", "--grace", "3",
            ],
            environment: ["NSESIM_STACK_TOOL": "no-such-stack-tool"])
        #expect(result.status == 0, "\(result)")
        #expect(report["outcome"] as? String == "best-attempt", "\(result)")
        let warnings = (report["warnings"] as? [[String: Any]]) ?? []
        let warning = try #require(warnings.first { $0["code"] as? String == "stacks-not-taken" }, "\(result)")
        #expect((warning["message"] as? String)?.contains("apt-get install elfutils") == true)
    }

    @Test("A run that calls the handler in time takes no stacks and has no crash or hang section")
    func normalRun() async throws {
        let (result, report) = try await runJSON(
            [
                "--extension", fixture("Plugins-Examples/Template"),
                "--payload", fixture("Fixtures/payloads/alert-mutable.json"),
            ],
            environment: ["NSESIM_STACK_TOOL": "/nonexistent/would-warn-if-used"])
        #expect(report["outcome"] as? String == "modified", "\(result)")
        #expect(report["crash"] == nil && report["hang"] == nil)
        #expect(((report["warnings"] as? [[String: Any]]) ?? []).allSatisfy { $0["code"] as? String != "stacks-not-taken" })
    }
}
