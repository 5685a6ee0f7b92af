import Foundation
import Testing

extension ReplayCommandTests {
    /// Fixtures/replay-tests/expectations: each kind of expectation passing (pass/) and
    /// failing on purpose (fail/), through the real executable and extensions.
    @Suite("expectations end to end")
    struct Expectations {
        /// What each failing case must say, exactly.
        static let failures: [String: [String]] = [
            "fail/outcome": ["outcome: expected best-attempt, got modified"],
            "fail/invoked": ["invoked: expected true, got false"],
            "fail/delivered-nested": [#"delivered.userInfo.meta.sender.name: expected "Bob", got "Alice""#],
            "fail/attachments-list": [
                #"attachments[0].type: expected "public.jpeg", got "public.png""#,
                #"attachments[0].identifier: expected "other", got "kept""#,
            ],
            "fail/attachments-count": ["attachments: expected 1, got 0"],
            "fail/warnings": ["warnings: expected content-handler-called-again, got []"],
            "fail/timeline": ["timeline: expected contentHandler → didReceive in order, got didReceive → contentHandler → delivered"],
            "fail/rejected-accepted": ["rejected: expected the payload to be refused (aps.badge), but it was accepted"],
            "fail/hang-none": ["hang: expected a thread stuck in the extension's code, got none"],
        ]

        /// Failing cases whose line carries more than can be pinned (paths, messages): its start and a part.
        static let failurePrefixes: [String: (prefix: String, contains: String)] = [
            "fail/errors": ("errors: expected UNError codes [100], got [105]", "text/html"),
            "fail/rejected-other-message": (#"rejected: expected a message containing "aps.sound", got "#, "aps.badge"),
            "fail/crash-site": (
                "crash: expected line 9, got NotificationService.swift:8 in NotificationService.didReceive(_:withContentHandler:) — ",
                "Fatal error: Unexpectedly found nil while unwrapping an Optional value (SIG"
            ),
        ]

        @Test("every kind passes in pass/ and fails in fail/ with a line naming the field")
        func everyKind() async throws {
            let folder = replayFixture("expectations")
            let junit = ReplayRun.scratch("expectations").appendingPathComponent("junit.xml").path
            // pass/attachment-count-server downloads {{server}}/sample.jpg: serve Fixtures/media.
            let result = try await replay([
                folder, "--serve", repositoryPath("Fixtures/media"),
                "--format", "json", "--junit", junit,
            ])
            #expect(result.status == 1, "\(result)")
            let report = try result.replayReport()
            #expect(report.names == expectedCaseNames(in: folder))
            let passing = report.names.filter { $0.hasPrefix("pass/") }
            let failing = report.names.filter { $0.hasPrefix("fail/") }
            #expect(passing.count == 5)
            #expect(Set(failing) == Set(Self.failures.keys).union(Self.failurePrefixes.keys))
            #expect(report.passed == passing.count)
            #expect(report.failed == failing.count)

            for name in passing {
                let item = try #require(report[name])
                #expect(item.passed, "\(name): \(item.differences) \(item.error ?? "")")
            }
            for (name, lines) in Self.failures {
                let item = try #require(report[name])
                #expect(!item.passed)
                #expect(item.error == nil, "\(name): \(item.error ?? "")")
                #expect(item.differences == lines, "\(name)")
            }
            for (name, line) in Self.failurePrefixes {
                let item = try #require(report[name])
                #expect(item.differences.count == 1, "\(name): \(item.differences)")
                #expect(item.differences.first?.hasPrefix(line.prefix) == true, "\(name): \(item.differences)")
                #expect(item.differences.first?.contains(line.contains) == true, "\(name): \(item.differences)")
            }
            #expect(report["pass/rejected"]?.outcome == "rejected")
            #expect(report["pass/attachment-count-server"]?.outcome == "modified")

            #expect(try junitSchemaProblems(junit) == nil)
            let file = try JUnitFile(junit)
            #expect(file.attributes["failures"] == "\(failing.count)")
            for name in failing {
                #expect(file.testcase(name)?.failureMessage == report[name]?.differences.first, "\(name)")
            }
            for name in passing {
                #expect(file.testcase(name)?.failureMessage == nil, "\(name)")
            }
        }

        @Test("text output: one line per case, the differences indented under a failed one")
        func textOutput() async throws {
            let result = try await replay([replayFixture("expectations/fail/outcome.json")])
            #expect(result.status == 1, "\(result)")
            let lines = result.stdout.split(separator: "\n").map(String.init)
            #expect(lines.contains { $0.hasPrefix("✗ outcome  modified  ") }, "\(result)")
            #expect(lines.contains("    outcome: expected best-attempt, got modified"), "\(result)")
            #expect(lines.last == "0 passed, 1 failed")
        }
    }
}
