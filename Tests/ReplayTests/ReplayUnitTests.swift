import Foundation
import NSESimBuild
import NSESimCore
import NSESimRuntime
import Testing
@_spi(NSESim) import UserNotifications

@testable import Replay

// In-process tests of the Replay module: case files, shards, JUnit, and the runner on cases
// that need no extension (refused and not-invoked payloads).

@Suite("ReplayCase")
struct ReplayCaseTests {
    @Test("load: folder cases, single files and nested groups, sorted by name, paths made absolute")
    func load() throws {
        let cases = try ReplayCase.load(from: URL(fileURLWithPath: replayFixture("loading")))
        #expect(cases.map(\.name) == ["apns-case", "folder-case", "group/nested/deep", "single"])
        let template = repositoryPath("Plugins-Examples/Template")
        let byName = Dictionary(uniqueKeysWithValues: cases.map { ($0.name, $0) })

        let folderCase = try #require(byName["folder-case"])
        #expect(folderCase.file.path == replayFixture("loading/folder-case/case.json"))
        #expect(folderCase.extensionPath == template)
        #expect(folderCase.payloadName == "payload.json")
        #expect(folderCase.payloadText.contains(#""origin": "payload.json""#))
        #expect(folderCase.description?.contains("folder case") == true)

        let apns = try #require(byName["apns-case"])
        #expect(apns.payloadName == "push.apns")
        #expect(apns.payloadText.contains("Simulator Target Bundle"))

        let single = try #require(byName["single"])
        #expect(single.extensionPath == nil)
        #expect(single.payloadName == "single.json")
        #expect(single.expectation.outcome == .modified)

        #expect(byName["group/nested/deep"]?.extensionPath == template)
        #expect(byName["group/nested/deep"]?.options.deadline == 30)
        #expect(byName["group/nested/deep"]?.options.pushType == .alert)
    }

    @Test("load of one file names the case after the file")
    func loadOneFile() throws {
        let cases = try ReplayCase.load(from: URL(fileURLWithPath: replayFixture("loading/group/nested/deep.json")))
        #expect(cases.map(\.name) == ["deep"])
    }

    @Test("load of a case folder itself gives that one case, named after the folder")
    func loadCaseFolder() throws {
        let cases = try ReplayCase.load(from: URL(fileURLWithPath: replayFixture("loading/folder-case")))
        #expect(cases.map(\.name) == ["folder-case"])
        #expect(cases.first?.payloadName == "payload.json")
    }

    @Test("load of a missing path: .missing, exit 66")
    func loadMissing() throws {
        let path = replayFixture("no-such-folder")
        #expect(throws: ReplayError.missing(path)) { try ReplayCase.load(from: URL(fileURLWithPath: path)) }
        #expect(ReplayError.missing(path).exitStatus == .missingFile)
        #expect(ReplayError.badCase("x", "y").exitStatus == .badInput)
        #expect(ReplayError.badShard("0/1").exitStatus == .usage)
    }

    func writeCase(_ text: String) throws -> URL {
        let url = ReplayRun.scratch("case-unit").appendingPathComponent("case.json")
        try Data(text.utf8).write(to: url)
        return url
    }

    @Test("every option is read, sizes in bytes or with units, paths relative to the case")
    func options() throws {
        let url = try writeCase(
            """
            {"payload": {"aps": {"alert": "Hi"}},
             "options": {"deadline": 0.5, "grace": 0, "network": "3G", "pushType": "background",
                         "collapseID": "c-1", "apnsID": "4FD2E7A6-2E7B-4F8B-9A3B-2B4E5C6D7E8F", "bundleID": "com.example.x",
                         "memoryLimit": "24MB", "storeQuota": 2048, "strings": "en.lproj/Localizable.strings",
                         "bundle": "../App.app", "lenientMutableContent": true, "swiftVersion": "6"}}
            """)
        let item = try ReplayCase(file: url, name: "options")
        let folder = url.deletingLastPathComponent()
        let options = item.options
        #expect(options.deadline == 0.5)
        #expect(options.grace == 0)
        #expect(options.network == "3G")
        #expect(options.pushType == .background)
        #expect(options.collapseID == "c-1")
        #expect(options.apnsID == "4FD2E7A6-2E7B-4F8B-9A3B-2B4E5C6D7E8F")
        #expect(options.bundleIdentifier == "com.example.x")
        #expect(options.memoryLimit == 24_000_000)
        #expect(options.storeQuota == 2048)
        #expect(options.strings == folder.appendingPathComponent("en.lproj/Localizable.strings").path)
        #expect(options.bundle == folder.deletingLastPathComponent().appendingPathComponent("App.app").path)
        #expect(options.lenientMutableContent)
        #expect(options.swiftVersion == "6")
        #expect(try ReplayOptions.size(.string("2MiB"), key: "k") == 2_097_152)
        #expect(try ReplayOptions.size(.string("512 KB"), key: "k") == 512_000)
    }

    @Test(
        "a bad case file names the file and the key",
        arguments: [
            (#"{"payload": {"aps": {"alert": "Hi"}}"#, "not valid JSON"),
            (#"[1, 2]"#, "a case must be a JSON dictionary"),
            (#"{"expect": {"outcome": "modified"}}"#, #""payload""#),
            (#"{"payload": 12}"#, #""payload""#),
            (#"{"payload": "missing.json"}"#, "missing.json cannot be read"),
            (#"{"payload": {}, "description": 3}"#, "description"),
            (#"{"payload": {}, "extension": ["A"]}"#, "extension"),
            (#"{"payload": {}, "options": {"pushType": "telegram"}}"#, "options.pushType"),
            (#"{"payload": {}, "options": {"deadline": 0}}"#, "options.deadline"),
            (#"{"payload": {}, "options": {"deadline": "soon"}}"#, "options.deadline"),
            (#"{"payload": {}, "options": {"memoryLimit": "lots"}}"#, "options.memoryLimit"),
            (#"{"payload": {}, "options": {"lenientMutableContent": "yes"}}"#, "options.lenientMutableContent"),
            (#"{"payload": {}, "expect": {"outcome": "modifed"}}"#, "expect.outcome"),
            (#"{"payload": {}, "expect": 1}"#, "expect"),
            (#"{"payload": {}, "extension": "A", "project": "B.xcodeproj"}"#, #"an "extension" or a "project", not both"#),
            (#"{"payload": {}, "project": "B.xcodeproj", "target": 3}"#, "target"),
            (#"{"payload": {}, "expect": {"project": "x"}}"#, "expect.project"),
        ] as [(String, String)])
    func badCase(text: String, mention: String) throws {
        let url = try writeCase(text)
        do {
            _ = try ReplayCase(file: url, name: "bad")
            Issue.record("\(text) was accepted")
        } catch {
            guard case .badCase(let path, let message) = error else {
                Issue.record("\(error)")
                return
            }
            #expect(path == url.path)
            #expect(message.contains(mention), "\(message)")
            #expect(error.description.hasPrefix(url.path + ": "))
        }
    }
}

@Suite("ReplayShard")
struct ReplayShardTests {
    @Test("I/N with 1 <= I <= N is accepted", arguments: ["1/1", "1/3", "3/3", "7/10"])
    func valid(text: String) throws {
        let shard = try ReplayShard(text)
        let parts = text.split(separator: "/").compactMap { Int($0) }
        #expect(shard.index == parts[0] && shard.count == parts[1])
    }

    @Test("anything else is refused (exit 64)", arguments: ["0/3", "4/3", "1/0", "0/0", "-1/3", "3", "", "/", "a/b", "1/3/5", " 1/3"])
    func invalid(text: String) {
        #expect(throws: ReplayError.badShard(text)) { try ReplayShard(text) }
    }

    @Test("each name is in exactly one shard of N, whatever N; 1/1 holds everything")
    func partition() throws {
        let names = (0..<300).map { "group-\($0 % 7)/case-\($0)" }
        for count in [1, 2, 3, 5] {
            let shards = try (1...count).map { try ReplayShard("\($0)/\(count)") }
            var sizes = [Int](repeating: 0, count: count)
            for name in names {
                let holders = shards.filter { $0.contains(name) }
                #expect(holders.count == 1, "\(name) in \(holders.count) shards of \(count)")
                if let holder = holders.first { sizes[holder.index - 1] += 1 }
            }
            // A hash spreads 300 names: no shard is empty or holds nearly all.
            #expect(sizes.allSatisfy { $0 > 300 / count / 2 }, "\(sizes)")
        }
    }

    @Test("a name's shard depends on the name only: the same on every call and in every process")
    func stable() throws {
        let shard = try ReplayShard("2/3")
        let names = (0..<50).map { "kinds/case-\($0)" }
        let first = names.filter(shard.contains)
        let again = names.filter { try! ReplayShard("2/3").contains($0) }
        #expect(first == again)
        // Adding names does not move the others.
        let more = (names + (0..<50).map { "added/case-\($0)" }).shuffled()
        #expect(more.filter(shard.contains).filter(names.contains).sorted() == first.sorted())
    }
}

@Suite("JUnitReport")
struct JUnitReportTests {
    static let results = [
        ReplayResult(
            name: "group/sub/passing", differences: [], error: nil, duration: .milliseconds(12),
            outcome: "modified", report: nil),
        ReplayResult(
            name: "group/\"quoted\" & <odd>",
            differences: [#"delivered.title: expected "a < b & c", got "x""#, "outcome: expected modified, got original-crash"],
            error: nil, duration: .milliseconds(1500), outcome: "original-crash", report: nil),
        ReplayResult(
            name: "top-level", differences: [], error: "the payload is refused: aps: missing\nsecond line \u{1} control",
            duration: .zero, outcome: nil, report: nil),
    ]

    @Test("classname from the case's folders, name from its file; failures and errors counted; valid against junit.xsd")
    func xml() throws {
        let xml = JUnitReport.xml(for: Self.results, timestamp: Date(timeIntervalSince1970: 0))
        let path = ReplayRun.scratch("junit-unit").appendingPathComponent("report.xml").path
        try xml.write(toFile: path, atomically: false, encoding: .utf8)
        let problems = try junitSchemaProblems(path)
        #expect(problems == nil, "\(problems ?? "")\n\(xml)")

        let file = try JUnitFile(path)
        #expect(file.attributes["tests"] == "3")
        #expect(file.attributes["failures"] == "1")
        #expect(file.attributes["errors"] == "1")
        #expect(file.attributes["time"] == "1.512")
        #expect(file.cases.map(\.classname) == ["nsesim.replay.group.sub", "nsesim.replay.group", "nsesim.replay"])
        #expect(file.cases.map(\.name) == ["passing", "\"quoted\" & <odd>", "top-level"])
        #expect(file.cases[0].failureMessage == nil && file.cases[0].errorMessage == nil)
        #expect(file.cases[1].failureMessage == #"delivered.title: expected "a < b & c", got "x""#)
        #expect(file.cases[1].failureText == Self.results[1].differences.joined(separator: "\n"))
        #expect(file.cases[2].errorMessage == "the payload is refused: aps: missing")
        #expect(xml.contains("1970-01-01T00:00:00Z"))
    }

    @Test("no cases: an empty, valid suite")
    func empty() throws {
        let path = ReplayRun.scratch("junit-empty").appendingPathComponent("report.xml").path
        try JUnitReport.xml(for: []).write(toFile: path, atomically: false, encoding: .utf8)
        #expect(try junitSchemaProblems(path) == nil)
        #expect(try JUnitFile(path).attributes["tests"] == "0")
    }
}

/// Servers that record which networks were asked for and answer a made-up address.
actor RecordingServers: ReplayServers {
    private(set) var networks: [String?] = []
    private(set) var stopped = false

    private(set) var media: [URL?] = []

    func baseURL(media: URL?, network: String?) async throws -> URL {
        networks.append(network)
        self.media.append(media)
        if network == "Broken" { throw CocoaError(.featureUnsupported) }
        return URL(string: "http://127.0.0.1:9/\(network ?? "none")")!
    }

    func stopAll() async { stopped = true }
}

@Suite("ReplayRunner without extensions")
struct ReplayRunnerTests {
    func write(_ cases: [String: String]) throws -> [ReplayCase] {
        let folder = ReplayRun.scratch("runner")
        for (name, text) in cases {
            try Data(text.utf8).write(to: folder.appendingPathComponent("\(name).json"))
        }
        return try ReplayCase.load(from: folder)
    }

    func run(_ cases: [ReplayCase], servers: RecordingServers = RecordingServers(), jobs: Int = 2) async throws -> [String: ReplayResult] {
        let products = NSESimCommand.executable.deletingLastPathComponent()
        let toolchain = ExtensionToolchain(
            productsDirectory: products, swiftc: URL(fileURLWithPath: "/usr/bin/swiftc"),
            cacheDirectory: TestRunFolder.sharedBuildCache)
        let runner = ReplayRunner(
            cases: cases, toolchain: toolchain, defaultExtension: nil, jobs: jobs,
            workDirectory: ReplayRun.scratch("runner-work"), servers: servers)
        let reported = Reported()
        let results = await runner.run { result in reported.add(result.name) }
        #expect(results.map(\.name) == cases.map(\.name), "results in the cases' order")
        #expect(reported.names.sorted() == cases.map(\.name).sorted(), "onResult once per case")
        return Dictionary(uniqueKeysWithValues: results.map { ($0.name, $0) })
    }

    final class Reported: @unchecked Sendable {
        private let lock = NSLock()
        private var list: [String] = []
        func add(_ name: String) { lock.withLock { list.append(name) } }
        var names: [String] { lock.withLock { list } }
    }

    @Test("rejected: passes when refused with the text, fails when refused otherwise or accepted")
    func rejected() async throws {
        let results = try await run(
            try write([
                "refused": #"{"payload": {"aps": {"alert": "Hi", "badge": "3"}}, "expect": {"rejected": "aps.badge"}}"#,
                "refused-otherwise": #"{"payload": {"aps": {"alert": "Hi", "badge": "3"}}, "expect": {"rejected": "aps.sound"}}"#,
                "accepted": #"{"payload": {"aps": {"content-available": 1}}, "expect": {"rejected": "aps.badge"}}"#,
                "refused-unexpectedly": #"{"payload": {"aps": {"alert": "Hi", "badge": "3"}}, "expect": {"outcome": "not-invoked"}}"#,
            ]))
        #expect(results["refused"]?.passed == true)
        #expect(results["refused"]?.outcome == "rejected")
        let otherwise = try #require(results["refused-otherwise"])
        #expect(!otherwise.passed)
        #expect(otherwise.differences.count == 1)
        #expect(otherwise.differences.first?.hasPrefix(#"rejected: expected a message containing "aps.sound", got "#) == true)
        #expect(otherwise.differences.first?.contains("aps.badge") == true)
        #expect(results["accepted"]?.differences == ["rejected: expected the payload to be refused (aps.badge), but it was accepted"])
        // Refused without "rejected" in the expectation: the case errs, naming the refusal.
        let unexpected = try #require(results["refused-unexpectedly"])
        #expect(!unexpected.passed)
        #expect(unexpected.error?.contains("aps.badge") == true, "\(unexpected)")
    }

    @Test("{{server}} becomes the address of the case's network's server; no server for cases without the placeholder")
    func serverPlaceholder() async throws {
        let servers = RecordingServers()
        let results = try await run(
            try write([
                "edge":
                    #"{"payload": {"aps": {"content-available": 1}, "url": "{{server}}/sample.jpg"}, "options": {"network": "Edge"}, "expect": {"outcome": "not-invoked", "delivered": {"userInfo": {"url": "http://127.0.0.1:9/Edge/sample.jpg"}}}}"#,
                "plain":
                    #"{"payload": {"aps": {"content-available": 1}, "urls": ["{{server}}/a", "{{server}}/b"]}, "expect": {"delivered": {"userInfo": {"urls": ["http://127.0.0.1:9/none/a", "http://127.0.0.1:9/none/b"]}}}}"#,
                "no-placeholder":
                    #"{"payload": {"aps": {"content-available": 1}}, "options": {"network": "WiFi"}, "expect": {"invoked": false}}"#,
                "broken-server":
                    #"{"payload": {"aps": {"content-available": 1}, "url": "{{server}}/x"}, "options": {"network": "Broken"}, "expect": {}}"#,
            ]), servers: servers)
        #expect(results["edge"]?.passed == true, "\(results["edge"].map { "\($0.differences) \($0.error ?? "")" } ?? "")")
        #expect(results["plain"]?.passed == true, "\(results["plain"].map { "\($0.differences) \($0.error ?? "")" } ?? "")")
        #expect(results["no-placeholder"]?.passed == true)
        #expect(results["broken-server"]?.error?.contains("the fixture server cannot start") == true)
        let networks = await servers.networks
        #expect(networks.compactMap { $0 }.sorted() == ["Broken", "Edge"])
        #expect(networks.filter { $0 == nil }.count == 1)
        #expect(!networks.contains("WiFi"))
    }

    @Test("a case that needs an extension and names none errs; jobs 1 and 4 give the same results")
    func noExtensionAndJobs() async throws {
        let cases = try write([
            "needs-extension": #"{"payload": {"aps": {"alert": "Hi", "mutable-content": 1}}, "expect": {"outcome": "modified"}}"#,
            "silent-1": #"{"payload": {"aps": {"content-available": 1}}, "expect": {"outcome": "not-invoked"}}"#,
            "silent-2": #"{"payload": {"aps": {"content-available": 1}}, "expect": {"outcome": "modified"}}"#,
        ])
        let one = try await run(cases, jobs: 1)
        let four = try await run(cases, jobs: 4)
        #expect(one["needs-extension"]?.error?.contains(#"names no "extension""#) == true)
        for name in one.keys {
            #expect(one[name]?.passed == four[name]?.passed, "\(name)")
            #expect(one[name]?.differences == four[name]?.differences, "\(name)")
            #expect(one[name]?.outcome == four[name]?.outcome, "\(name)")
        }
        #expect(one["silent-2"]?.differences == ["outcome: expected modified, got not-invoked"])
        #expect(one["silent-1"]?.passed == true)
    }
}
