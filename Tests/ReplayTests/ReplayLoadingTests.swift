import Foundation
import Testing

extension ReplayCommandTests {
    /// Fixtures/replay-tests/loading and bad: how replay finds cases, and the cases it refuses.
    @Suite("case loading")
    struct Loading {
        @Test("a folder case, an .apns payload, a single file, a nested group: named by their relative paths")
        func loadingFolder() async throws {
            let folder = replayFixture("loading")
            let junit = ReplayRun.scratch("loading").appendingPathComponent("junit.xml").path
            // single.json names no extension: --extension runs it.
            let result = try await replay([
                folder, "--extension", repositoryPath("Plugins-Examples/Template"),
                "--format", "json", "--junit", junit,
            ])
            #expect(result.status == 0, "\(result)")
            let report = try result.replayReport()
            // folder-case/payload.json and apns-case/push.apns are payloads, not cases.
            #expect(report.names == ["apns-case", "folder-case", "group/nested/deep", "single"])
            #expect(report.names == expectedCaseNames(in: folder))
            for item in report.cases {
                #expect(item.passed, "\(item.name): \(item.differences) \(item.error ?? "")")
                #expect(item.outcome == "modified")
            }
            #expect(report.passed == 4 && report.failed == 0)

            #expect(try junitSchemaProblems(junit) == nil)
            let file = try JUnitFile(junit)
            #expect(
                file.cases.map { "\($0.classname) \($0.name)" }.sorted() == [
                    "nsesim.replay apns-case", "nsesim.replay folder-case", "nsesim.replay single",
                    "nsesim.replay.group.nested deep",
                ])
        }

        @Test("CASES_DIR may be one case file, named after it")
        func singleFile() async throws {
            let result = try await replay([replayFixture("loading/group/nested/deep.json")])
            #expect(result.status == 0, "\(result)")
            #expect(result.stdout.contains("✓ deep  modified"), "\(result)")
            #expect(result.lastLine == "1 passed, 0 failed")
        }

        @Test("CASES_DIR may be one case folder: its case.json runs, named after the folder; its payload file is no case")
        func caseFolderGivenDirectly() async throws {
            let result = try await replay([replayFixture("loading/folder-case"), "--format", "json"])
            #expect(result.status == 0, "\(result)")
            let report = try result.replayReport()
            #expect(report.names == ["folder-case"])
            #expect(report.cases.first?.passed == true)
            // Its case.json given as the file works too, named after the file.
            let file = try await replay([replayFixture("loading/apns-case/case.json"), "--format", "json"])
            #expect(file.status == 0, "\(file)")
            #expect(try file.replayReport().names == ["case"])
        }

        @Test("a case without an extension, and no --extension: the case errs (exit 1, <error> in JUnit)")
        func noExtension() async throws {
            let junit = ReplayRun.scratch("no-extension").appendingPathComponent("junit.xml").path
            let result = try await replay([replayFixture("loading/single.json"), "--format", "json", "--junit", junit])
            #expect(result.status == 1, "\(result)")
            let report = try result.replayReport()
            let single = try #require(report["single"])
            #expect(!single.passed)
            #expect(single.error?.contains("extension") == true, "\(single)")
            #expect(report.failed == 1)
            #expect(try junitSchemaProblems(junit) == nil)
            let file = try JUnitFile(junit)
            #expect(file.attributes["errors"] == "1")
            #expect(file.testcase("single")?.errorMessage?.contains("extension") == true)
        }

        /// A bad case file, and the texts the message must name (the file, the key or the fault).
        static let badCases: [(file: String, mentions: [String])] = [
            ("bad/not-json.json", ["bad/not-json.json", "not valid JSON"]),
            ("bad/missing-payload.json", ["bad/missing-payload.json", #""payload""#]),
            ("bad/missing-payload-file.json", ["bad/missing-payload-file.json", "no-such-payload.json"]),
            ("bad/unknown-outcome.json", ["bad/unknown-outcome.json", "expect.outcome", "modifed"]),
            ("bad/unknown-push-type.json", ["bad/unknown-push-type.json", "options.pushType", "telegram"]),
            (
                "bad/unknown-lock-state.json",
                [
                    "bad/unknown-lock-state.json", "options.lockState", "asleep",
                    "unlocked, locked, before-first-unlock",
                ]
            ),
            (
                "bad/unknown-lock-state-step.json",
                [
                    "bad/unknown-lock-state-step.json", "steps[0].lockState", "face-down",
                    "unlocked, locked, before-first-unlock",
                ]
            ),
            (
                "bad/unknown-file-protection.json",
                [
                    "bad/unknown-file-protection.json", "options.appGroupFiles[0].protection",
                    "onTuesdays", "complete, completeUnlessOpen, completeUntilFirstUserAuthentication, none",
                ]
            ),
            ("bad/missing-app-group-file.json", ["bad/missing-app-group-file.json", "options.appGroupFiles[0]", "no-such-seed.txt"]),
            ("bad/bad-memory-limit.json", ["bad/bad-memory-limit.json", "options.memoryLimit", "none"]),
            // A key the report (version 2) does not have, with the known keys.
            (
                "bad/unknown-expect-key.json",
                [
                    "bad/unknown-expect-key.json", "expect.outcom", "did you mean \"outcome\"",
                    "known keys here", "peakMemoryBytes",
                ]
            ),
            ("bad/unknown-content-key.json", ["bad/unknown-content-key.json", "expect.delivered.titel", "subtitle"]),
            // In a folder: one bad case stops the whole run before any case runs.
            ("bad/in-group", ["bad/in-group/sub/broken.json", "expect.invoked"]),
        ]

        @Test("a bad case: exit 65 naming the file and the key, nothing run", arguments: badCases)
        func badCase(file: String, mentions: [String]) async throws {
            let result = try await replay([replayFixture(file), "--extension", repositoryPath("Plugins-Examples/Template")])
            #expect(result.status == 65, "\(result)")
            for text in mentions {
                #expect(result.stderr.contains(text), "\(text) in \(result.stderr)")
            }
            #expect(!result.stdout.contains("passed"), "\(result)")
        }

        @Test("usage errors: exit 64", arguments: [["--jobs", "0"], ["--format", "xml"], []])
        func usage(arguments: [String]) async throws {
            let result = try await replay((arguments.isEmpty ? [] : [replayFixture("loading")]) + arguments)
            #expect(result.status == 64, "\(result)")
            #expect(!result.stdout.contains("passed"), "\(result)")
        }

        @Test("a missing cases folder: exit 66")
        func missingFolder() async throws {
            let path = replayFixture("no-such-folder")
            let result = try await replay([path])
            #expect(result.status == 66, "\(result)")
            #expect(result.stderr.contains(path), "\(result)")
        }
    }

    @Suite("--shard")
    struct Sharding {
        /// A folder of not-invoked cases (no extension runs, so they take no time).
        func silentCases(_ names: [String], in folder: URL) throws {
            for name in names {
                try writeCase(
                    [
                        "description": "silent \(name)", "payload": ["aps": ["content-available": 1]],
                        "expect": ["outcome": "not-invoked"],
                    ],
                    to: folder.appendingPathComponent("\(name).json"))
            }
        }

        func shardNames(_ folder: URL, count: Int) async throws -> [[String]] {
            var shards: [[String]] = []
            for index in 1...count {
                let result = try await replay([folder.path, "--shard", "\(index)/\(count)", "--format", "json"])
                #expect(result.status == 0, "\(result)")
                shards.append(try result.replayReport().names)
            }
            return shards
        }

        @Test("a case's shard does not change when other cases are added")
        func stable() async throws {
            let folder = ReplayRun.scratch("shards")
            let first = (1...12).map { "group-\($0 % 3)/case-\($0)" }
            try silentCases(first, in: folder)
            let before = try await shardNames(folder, count: 3)
            #expect(before.flatMap { $0 }.sorted() == first.sorted())

            let added = (1...9).map { "added/case-\($0)" } + ["group-0/case-100", "a-first/one"]
            try silentCases(added, in: folder)
            let after = try await shardNames(folder, count: 3)
            #expect(after.flatMap { $0 }.sorted() == (first + added).sorted(), "every case exactly once")
            for index in 0..<3 {
                // The old cases of a shard are exactly the ones it had before.
                #expect(after[index].filter(first.contains) == before[index], "shard \(index + 1)/3")
            }
        }

        @Test("--shard outside 1...N or not I/N: exit 64", arguments: ["0/3", "4/3", "1/0", "-1/3", "3", "a/b", "1/3/5"])
        func badShard(shard: String) async throws {
            let result = try await replay([replayFixture("loading"), "--shard", shard])
            #expect(result.status == 64, "\(result)")
            #expect(result.stderr.contains("--shard"), "\(result)")
            #expect(!result.stdout.contains("passed"), "\(result)")
        }
    }
}
