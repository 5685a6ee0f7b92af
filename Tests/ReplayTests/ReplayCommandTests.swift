import Foundation
import Testing

/// `nsesim replay` end to end: the real executable on real case folders. The tests run one
/// after another (nested suites too): the cases have deadlines of a few hundred
/// milliseconds, which would not hold with several replays sharing two cores.
@Suite(.serialized)
struct ReplayCommandTests {}

/// A sample of the real suite, Fixtures/cases, shared by the tests that read it: eight cases in
/// three folders (the fixture server's network profiles, rejected payloads, a file-based APNs
/// request), copied with their relative paths made absolute, and run twice in all: once whole
/// (text, `--jobs 2`, `--junit`) and once as three shards (json, `--jobs 1`). The whole tree
/// runs once per `make test` (`make replay`: every case passes, its JUnit XML validated against
/// junit.xsd), so the suite does not replay it again.
actor FixtureCasesRuns {
    static let shared = FixtureCasesRuns()
    /// The sample, by case name (its path below Fixtures/cases).
    static let sample = [
        "examples/apns-file", "network/3g-image", "network/edge-image-past-deadline", "network/total-loss",
        "network/wifi-image", "rejected/badge-string", "rejected/no-aps", "rejected/too-large",
    ]

    struct Full {
        let result: CLIResult
        let junitPath: String
    }

    private var folder: URL?
    private var full: Full?
    private var shards: [(CLIResult, ReplayJSON)]?

    /// The sample's folder, made on first use.
    func sampleFolder() throws -> URL {
        if let folder { return folder }
        let made = ReplayRun.scratch("fixture-cases-sample")
        for name in Self.sample {
            let original = URL(fileURLWithPath: repositoryPath("Fixtures/cases/\(name).json"))
            var object = absolutePaths(try readCase(original.path), from: original.deletingLastPathComponent()) as? [String: Any] ?? [:]
            // What {{server}} serves: under Fixtures/cases the nearest `media` folder above the case.
            object["media"] = object["media"] ?? repositoryPath("Fixtures/media")
            try writeCase(object, to: made.appendingPathComponent("\(name).json"))
        }
        folder = made
        return made
    }

    func wholeSuite() async throws -> Full {
        if let full { return full }
        let junit = ReplayRun.scratch("fixtures-junit").appendingPathComponent("replay.xml").path
        let result = try await replay([try sampleFolder().path, "--jobs", "2", "--junit", junit])
        let run = Full(result: result, junitPath: junit)
        full = run
        return run
    }

    func threeShards() async throws -> [(CLIResult, ReplayJSON)] {
        if let shards { return shards }
        var runs: [(CLIResult, ReplayJSON)] = []
        for index in 1...3 {
            let result = try await replay([try sampleFolder().path, "--shard", "\(index)/3", "--jobs", "1", "--format", "json"])
            runs.append((result, try result.replayReport()))
        }
        shards = runs
        return runs
    }

    /// A case's value with every relative path ("../…") made absolute from `folder`.
    private func absolutePaths(_ value: Any, from folder: URL) -> Any {
        switch value {
        case let text as String where text.hasPrefix("../") || text.hasPrefix("./"):
            return folder.appendingPathComponent(text).standardizedFileURL.path
        case let object as [String: Any]:
            return object.mapValues { absolutePaths($0, from: folder) }
        case let array as [Any]:
            return array.map { absolutePaths($0, from: folder) }
        default:
            return value
        }
    }
}

/// One line of replay's text output: "✓ NAME  OUTCOME  N ms" (or ✗).
struct TextLine {
    let passed: Bool
    let name: String
    let outcome: String

    init?(_ line: Substring) {
        guard line.hasPrefix("✓ ") || line.hasPrefix("✗ ") else { return nil }
        let fields = line.dropFirst(2).components(separatedBy: "  ")
        guard fields.count >= 3 else { return nil }
        passed = line.hasPrefix("✓")
        name = fields[0]
        outcome = fields[1]
    }

    static func all(_ stdout: String) -> [String: TextLine] {
        Dictionary(stdout.split(separator: "\n").compactMap(TextLine.init).map { ($0.name, $0) }, uniquingKeysWith: { a, _ in a })
    }
}

extension ReplayCommandTests {
    @Suite("Fixtures/cases (a sample; make replay runs them all)")
    struct FixtureCases {
        let names = FixtureCasesRuns.sample.sorted()

        @Test("the real suite holds the sample, and every case of the sample passes; the last line counts them")
        func allPass() async throws {
            let all = expectedCaseNames(in: repositoryPath("Fixtures/cases"))
            #expect(all.count >= 50, "Fixtures/cases should hold the real suite")
            #expect(Set(names).isSubset(of: all), "a sampled case was moved or renamed")
            let run = try await FixtureCasesRuns.shared.wholeSuite()
            #expect(run.result.status == 0, "\(run.result)")
            #expect(run.result.lastLine == "\(names.count) passed, 0 failed", "\(run.result)")
            let lines = TextLine.all(run.result.stdout)
            #expect(lines.keys.sorted() == names)
            for name in names {
                #expect(lines[name]?.passed == true, "\(name): \(run.result.stdout)")
            }
        }

        @Test("the JUnit XML validates against junit.xsd, one testcase per case named from its path")
        func junit() async throws {
            let run = try await FixtureCasesRuns.shared.wholeSuite()
            let problems = try junitSchemaProblems(run.junitPath)
            #expect(problems == nil, "\(problems ?? "")")
            let file = try JUnitFile(run.junitPath)
            #expect(file.attributes["tests"] == "\(names.count)")
            #expect(file.attributes["failures"] == "0")
            #expect(file.attributes["errors"] == "0")
            #expect(file.cases.count == names.count)
            let expected = names.map { junitNames($0) }.map { "\($0.classname) \($0.name)" }.sorted()
            #expect(file.cases.map { "\($0.classname) \($0.name)" }.sorted() == expected)
            for name in ["examples/apns-file", "network/wifi-image", "rejected/too-large"] {
                let testcase = try #require(file.testcase(name), "\(name)")
                #expect(testcase.failureMessage == nil && testcase.errorMessage == nil)
            }
            #expect(file.testcase("network/wifi-image")?.classname == "nsesim.replay.network")
        }

        @Test("a case's network reaches a real fixture server: Edge with a short deadline is best-attempt, WiFi is modified")
        func networkProfiles() async throws {
            let run = try await FixtureCasesRuns.shared.wholeSuite()
            let lines = TextLine.all(run.result.stdout)
            // Both download {{server}}/sample.jpg with ImageAttachment; only the server's profile differs.
            for name in ["network/edge-image-past-deadline", "network/wifi-image"] {
                let text = try String(contentsOfFile: repositoryPath("Fixtures/cases/\(name).json"), encoding: .utf8)
                #expect(text.contains("payloads/image-url.json"))
            }
            let imagePayload = try String(contentsOfFile: repositoryPath("Fixtures/payloads/image-url.json"), encoding: .utf8)
            #expect(imagePayload.contains("{{server}}"))
            #expect(lines["network/edge-image-past-deadline"]?.outcome == "best-attempt")
            #expect(lines["network/edge-image-past-deadline"]?.passed == true)
            #expect(lines["network/wifi-image"]?.outcome == "modified")
            #expect(lines["network/wifi-image"]?.passed == true)  // with its one attachment, downloaded
            #expect(lines["network/3g-image"]?.passed == true)
            #expect(lines["network/total-loss"]?.passed == true)
        }

        @Test("--shard 1/3, 2/3 and 3/3 together run every case exactly once; --format json has cases, passed, failed")
        func shardsCoverEveryCase() async throws {
            let shards = try await FixtureCasesRuns.shared.threeShards()
            var seen: [String] = []
            for (result, report) in shards {
                #expect(result.status == 0, "\(result)")
                #expect(report.passed == report.cases.count)
                #expect(report.failed == 0)
                #expect(!report.cases.isEmpty, "a shard of \(names.count) cases should not be empty")
                seen += report.names
            }
            #expect(seen.count == names.count, "every case exactly once")
            #expect(seen.sorted() == names)
            #expect(Set(seen).count == seen.count)
        }

        @Test("--jobs 1 and --jobs 2 give the same results")
        func jobsAgree() async throws {
            let whole = TextLine.all(try await FixtureCasesRuns.shared.wholeSuite().result.stdout)  // --jobs 2
            let oneAtATime = try await FixtureCasesRuns.shared.threeShards().flatMap { $0.1.cases }  // --jobs 1
            #expect(oneAtATime.count == whole.count)
            for item in oneAtATime {
                let other = try #require(whole[item.name], "\(item.name) is missing from the --jobs 2 run")
                #expect(other.passed == item.passed, "\(item.name)")
                #expect(other.outcome == item.outcome, "\(item.name)")
            }
        }
    }

    @Suite("a broken expectation")
    struct BrokenExpectation {
        /// A copy of outcomes/modified-template with a wrong outcome and a wrong title, and an
        /// intact copy beside it; the extension path made absolute, as the copies live elsewhere.
        func brokenFolder() throws -> URL {
            let folder = ReplayRun.scratch("broken")
            var object = try readCase(repositoryPath("Fixtures/cases/outcomes/modified-template.json"))
            object["extension"] = repositoryPath("Plugins-Examples/Template")
            try writeCase(object, to: folder.appendingPathComponent("outcomes/intact.json"))
            var expect = try #require(object["expect"] as? [String: Any])
            var delivered = try #require(expect["delivered"] as? [String: Any])
            expect["outcome"] = "best-attempt"
            delivered["title"] = "Hello & <goodbye>"
            expect["delivered"] = delivered
            object["expect"] = expect
            try writeCase(object, to: folder.appendingPathComponent("outcomes/broken.json"))
            return folder
        }

        static let outcomeLine = "outcome: expected best-attempt, got modified"
        static let titleLine = #"delivered.title: expected "Hello & <goodbye>", got "New message [modified]""#

        @Test("text: exit 1 with a readable diff, and a <failure> in the JUnit XML")
        func textAndJUnit() async throws {
            let folder = try brokenFolder()
            let junit = folder.appendingPathComponent("junit.xml").path
            let result = try await replay([folder.path, "--junit", junit])
            #expect(result.status == 1, "\(result)")
            #expect(result.lastLine == "1 passed, 1 failed", "\(result)")
            #expect(result.stdout.contains("✗ outcomes/broken  modified"), "\(result)")
            #expect(result.stdout.contains("✓ outcomes/intact  modified"), "\(result)")
            #expect(result.stdout.contains("    " + Self.outcomeLine), "\(result)")
            #expect(result.stdout.contains("    " + Self.titleLine), "\(result)")

            let problems = try junitSchemaProblems(junit)
            #expect(problems == nil, "\(problems ?? "")")
            let file = try JUnitFile(junit)
            #expect(file.attributes["tests"] == "2")
            #expect(file.attributes["failures"] == "1")
            let broken = try #require(file.testcase("outcomes/broken"))
            #expect(broken.classname == "nsesim.replay.outcomes")
            #expect(broken.failureMessage == Self.outcomeLine)
            #expect(broken.failureText?.contains(Self.titleLine) == true, "\(broken)")
            let intact = try #require(file.testcase("outcomes/intact"))
            #expect(intact.failureMessage == nil)
        }

        @Test("--format json: passed false with the differences")
        func json() async throws {
            let folder = try brokenFolder()
            let result = try await replay([folder.path, "--format", "json"])
            #expect(result.status == 1, "\(result)")
            let report = try result.replayReport()
            #expect(report.passed == 1)
            #expect(report.failed == 1)
            let broken = try #require(report["outcomes/broken"])
            #expect(!broken.passed)
            #expect(broken.outcome == "modified")
            #expect(broken.error == nil)
            #expect(broken.differences == [Self.outcomeLine, Self.titleLine])
            #expect(report["outcomes/intact"]?.passed == true)
            #expect(report["outcomes/intact"]?.differences == [])
        }
    }
}
