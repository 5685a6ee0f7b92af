import Foundation
import Testing

/// `--coverage DIR` through the real `nsesim` (docs/coverage.md): replay's two MessageRouting
/// cases take different branches in processes of their own (the second one warm, forked from
/// the zygote while the first ran), and lcov.info has their merged counts at the user's path;
/// the HTML report; `--coverage-fail-under`; `run`'s table; a folder that cannot be written and
/// a toolchain without llvm-cov.
@Suite("nsesim replay and run --coverage")
struct CoverageRunTests {
    static let run = TestRunFolder(prefix: "nsesim-coverage-tests")
    static let source = fixture("Plugins-Examples/MessageRouting/NotificationService.swift")

    /// The 1-based number of the one line of the example that contains `text`.
    static func line(containing text: String) throws -> Int {
        let lines = try String(contentsOfFile: source, encoding: .utf8).components(separatedBy: "\n")
        let found = lines.indices.filter { lines[$0].contains(text) }
        try #require(found.count == 1, "\(text): \(found.count) lines")
        return found[0] + 1
    }

    @Test("replay --coverage: counts merged from both cases' processes at the user's path, the HTML report, the thresholds")
    func replay() async throws {
        let folder = Self.run.scratch("replay").appendingPathComponent("coverage")
        let result = try await NSESimCommand.run(
            ["replay", fixture("Fixtures/cases/coverage"), "--jobs", "1", "--coverage", folder.path, "--coverage-fail-under", "1"],
            environment: Self.run.environment)
        #expect(result.status == 0, "\(result)")
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.last == "2 passed, 0 failed", "\(result)")
        // The second case's process was started (forked from the zygote) while the first ran.
        #expect(lines.contains { $0.hasPrefix("warm processes: 1 case(s) took a process") }, "\(result)")
        // One line for the user's file, a total, where the report is.
        #expect(lines.contains { $0.hasPrefix("  NotificationService.swift  ") && $0.contains(" % lines (") }, "\(result)")
        #expect(lines.contains { $0.hasPrefix("  Total  ") }, "\(result)")
        #expect(lines.contains { $0.hasPrefix("Coverage report: \(folder.path)/lcov.info, \(folder.path)/index.html") }, "\(result)")

        let lcov = try String(contentsOf: folder.appendingPathComponent("lcov.info"), encoding: .utf8)
        let files = lcov.split(separator: "\n").filter { $0.hasPrefix("SF:") }.map(String.init)
        #expect(files == ["SF:" + Self.source], "\(lcov)")
        var counts: [Int: Int] = [:]
        for entry in lcov.split(separator: "\n") where entry.hasPrefix("DA:") {
            let fields = entry.dropFirst(3).split(separator: ",")
            counts[Int(fields[0])!] = Int(fields[1])!
        }
        // The first case's branch (a message with a photo), the second's (an invitation, in a
        // process started while the first ran), and the branch neither takes.
        #expect((counts[try Self.line(containing: "content.title = \"💬 \"")] ?? 0) >= 1, "\(lcov)")
        #expect((counts[try Self.line(containing: "content.attachments = [try")] ?? 0) >= 1, "\(lcov)")
        #expect((counts[try Self.line(containing: "content.subtitle = \"Invitation\"")] ?? 0) >= 1, "\(lcov)")
        #expect(counts[try Self.line(containing: "\"New notification\"")] == 0, "\(lcov)")
        #expect(counts[try Self.line(containing: "print(\"image download failed")] == 0, "\(lcov)")
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("index.html").path))
        let html = try String(contentsOf: folder.appendingPathComponent("index.html"), encoding: .utf8)
        #expect(html.contains("NotificationService.swift") && !html.contains("__NSESim"))
        // An lcov consumer reads it: genhtml (Debian's lcov, `make deps`), sources at their paths.
        let genhtml = try ChildProcess(
            URL(fileURLWithPath: "/usr/bin/env"),
            [
                "genhtml", "--quiet", folder.appendingPathComponent("lcov.info").path, "--output-directory",
                folder.appendingPathComponent("genhtml").path,
            ])
        #expect(await genhtml.waitForExit(limit: .seconds(60)))
        #expect(genhtml.exitStatus == 0, "\(genhtml.summary)")
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("genhtml/index.html").path))

        let over = try await NSESimCommand.run(
            ["replay", fixture("Fixtures/cases/coverage"), "--jobs", "1", "--coverage", folder.path, "--coverage-fail-under", "101"],
            environment: Self.run.environment)
        #expect(over.status == 1, "\(over)")
        #expect(over.stdout.contains("2 passed, 0 failed"), "\(over)")
        #expect(over.stderr.contains("under --coverage-fail-under 101 %"), "\(over)")
    }

    @Test(
        "A spawned process that crashed has written what it ran (the profile's counters live in its file): the crashing line counts, the branch after it does not"
    )
    func crashedProcessCounts() async throws {
        let folder = Self.run.scratch("crash").appendingPathComponent("coverage")
        let result = try await NSESimCommand.run(
            ["replay", fixture("Fixtures/cases/crashes-and-hangs/force-unwrap-crash.json"), "--coverage", folder.path],
            // A process spawned from scratch (the replay tests fork theirs from the zygote).
            environment: Self.run.environment.merging(["NSESIM_ZYGOTE": "0"]) { $1 })
        #expect(result.status == 0, "\(result)")
        let lcov = try String(contentsOf: folder.appendingPathComponent("lcov.info"), encoding: .utf8)
        #expect(lcov.contains("SF:" + fixture("Plugins-Examples/Faults/TemplateForceUnwrap/NotificationService.swift")), "\(lcov)")
        // Line 8 traps; line 13 is inside the `if let` that comes after it.
        #expect(lcov.contains("DA:8,1\n") && lcov.contains("DA:13,0\n"), "\(lcov)")
    }

    @Test("run --coverage: the table and the report's folder after the report")
    func runCommand() async throws {
        let folder = Self.run.scratch("run").appendingPathComponent("coverage")
        let result = try await NSESimCommand.run(
            [
                "run", "--extension", fixture("Plugins-Examples/MessageRouting"), "--payload",
                fixture("Fixtures/payloads/alert-mutable.json"),
                "--coverage", folder.path,
            ],
            environment: Self.run.environment)
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout.contains("\n  NotificationService.swift  "), "\(result)")
        #expect(result.stdout.contains("Coverage report: \(folder.path)/lcov.info"), "\(result)")
        let lcov = try String(contentsOf: folder.appendingPathComponent("lcov.info"), encoding: .utf8)
        // alert-mutable.json is of the MESSAGE category, without a photo.
        #expect(lcov.contains("DA:\(try Self.line(containing: "content.title = \"💬 \"")),1\n"), "\(lcov)")
        #expect(lcov.contains("DA:\(try Self.line(containing: "content.subtitle = \"Invitation\"")),0\n"), "\(lcov)")
    }

    @Test("A folder that cannot be made: exit 73 with its path, before anything is built")
    func unwritable() async throws {
        let file = Self.run.scratch("unwritable").appendingPathComponent("a-file")
        try Data().write(to: file)
        let result = try await NSESimCommand.run(
            ["replay", fixture("Fixtures/cases/coverage"), "--coverage", file.path + "/coverage"], environment: Self.run.environment)
        #expect(result.status == 73, "\(result)")
        #expect(result.stderr.contains("--coverage \(file.path)/coverage: cannot write the coverage report there"), "\(result)")
    }

    @Test("A toolchain without llvm-profdata: the tool and where it was looked for")
    func missingTool() async throws {
        let folder = Self.run.scratch("toolchain")
        let swiftc = folder.appendingPathComponent("swiftc")
        try Data("#!/bin/sh\nexit 1\n".utf8).write(to: swiftc)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: swiftc.path)
        // Not elsewhere on PATH: another LLVM's tools (Debian's llvm-14) cannot read this compiler's profiles.
        let result = try await NSESimCommand.run(
            ["replay", fixture("Fixtures/cases/coverage"), "--coverage", folder.appendingPathComponent("coverage").path],
            environment: Self.run.environment.merging(["SWIFTC": swiftc.path]) { $1 })
        #expect(result.status == 70, "\(result)")
        #expect(
            result.stderr.contains("llvm-profdata, which is not beside the swiftc that builds extensions (looked in \(folder.path))"),
            "\(result)")
    }
}
