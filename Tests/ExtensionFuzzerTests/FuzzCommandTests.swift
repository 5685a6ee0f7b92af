import Foundation
import NSESimTestSupport
import Testing

// `nsesim fuzz` end to end: the real executable on real extensions, a fresh process per run,
// the fixture server on 127.0.0.1. Short deadlines (2 s, grace 0.5 s) keep the hangs short.

private let run = TestRunFolder(prefix: "nsesim-fuzz-tests")

/// Runs `nsesim fuzz ARGUMENTS` with the test run's environment.
private func fuzz(_ arguments: [String]) async throws -> CLIResult {
    try await NSESimCommand.run(["fuzz"] + arguments, environment: run.environment)
}

/// The findings of a `--format json` report: kind, site, changes, case.
private func findings(_ result: CLIResult) throws -> [[String: Any]] {
    try result.jsonObject()["findings"] as? [[String: Any]] ?? []
}

/// The findings that do not depend on the machine's speed, with their counts and shrunk
/// changes: all but the deadline's. A push that takes 20 ms on an idle machine can take more
/// than the tests' 2 s deadline on a starved one (both cores busy): a deadline miss in that
/// fuzzing only, which joins the deadline finding or makes another (docs/fuzz.md#in-ci).
private func stable(_ list: [[String: Any]]) -> [String] {
    list.filter { !timedKinds.contains($0["kind"] as? String ?? "") }
        .map { "\($0["kind"]!) \($0["site"]!) ×\($0["count"]!) \(($0["changes"] as? [String]) ?? [])" }.sorted()
}

/// The deadline findings' kind and site.
private func timed(_ list: [[String: Any]]) -> Set<String> {
    Set(list.filter { timedKinds.contains($0["kind"] as? String ?? "") }.map { "\($0["kind"]!) \($0["site"]!)" })
}

private let timedKinds: Set<String> = ["deadline", "handler-never-called"]

private let chatSeed = repositoryPath("Fixtures/payloads/fuzz-chat.json")
private let media = repositoryPath("Fixtures/media")
private let short = ["--deadline", "2", "--grace", "0.5", "--jobs", "2"]

@Suite("nsesim fuzz", .serialized)
struct FuzzCommandTests {
    @Test(
        "finds FuzzTarget's four planted faults; its cases fail replay until fixed, and pass on the fixed copy; the same seed gives the same findings"
    )
    func plantedFaults() async throws {
        let out = run.scratch("planted")
        let arguments =
            [
                "--extension", repositoryPath("Plugins-Examples/FuzzTarget"), "--payload", chatSeed, "--serve", media, "--runs", "240",
                "--seed", "1",
            ]
            + short + ["--format", "json"]
        let first = try await fuzz(arguments + ["--out", out.path])
        #expect(first.status == 1, "\(first)")
        let found = try findings(first)
        let signatures = Set(found.map { "\($0["kind"] as? String ?? "") \($0["site"] as? String ?? "")" })
        #expect(signatures.contains("crash NotificationService.swift:21"), "\(signatures)")  // as! String
        #expect(signatures.contains("crash NotificationService.swift:23"), "\(signatures)")  // Int(x)!
        #expect(signatures.contains { $0.hasPrefix("memory-kill") }, "\(signatures)")  // the glyph cache
        #expect(signatures.contains("deadline NotificationService.swift:40"), "\(signatures)")  // semaphore.wait()
        #expect(found.allSatisfy { $0["inNSESim"] as? Bool == false }, "\(found)")
        let report = try first.jsonObject()
        #expect((report["runs"] as? Int ?? 0) + (report["refused"] as? Int ?? 0) == 240, "\(report)")
        #expect((report["runsPerSecond"] as? Double ?? 0) > 0)
        let seeds = report["seeds"] as? [[String: Any]] ?? []
        #expect(seeds.first?["outcome"] as? String == "modified")
        #expect((seeds.first?["keysChanged"] as? Int ?? 0) >= 6, "\(seeds)")

        // Every case written fails on the extension as it is…
        let cases = try FileManager.default.contentsOfDirectory(atPath: out.path).filter { $0.hasSuffix(".json") }
        #expect(cases.count == found.count, "\(cases)")
        let failing = try await NSESimCommand.run(["replay", out.path, "--format", "json"], environment: run.environment)
        #expect(failing.status == 1, "\(failing)")
        #expect(try failing.jsonObject()["passed"] as? Int == 0, "\(failing)")

        // …and passes on the fixed copy.
        let fixed = run.scratch("fixed-cases")
        for name in cases {
            let text = try String(contentsOf: out.appendingPathComponent(name), encoding: .utf8)
            let moved = text.replacingOccurrences(of: "FuzzTarget\"", with: "FuzzTargetFixed\"")
            #expect(moved != text)
            try moved.write(to: fixed.appendingPathComponent(name), atomically: true, encoding: .utf8)
        }
        let passing = try await NSESimCommand.run(["replay", fixed.path], environment: run.environment)
        #expect(passing.status == 0, "\(passing)")

        // The same seed again: the same findings, counts and shrunk changes.
        let second = try await fuzz(arguments + ["--out", run.scratch("planted-again").path])
        #expect(stable(try findings(second)) == stable(found))
        #expect(timed(try findings(second)).contains("deadline NotificationService.swift:40"))
    }

    @Test("the text output names each finding in one line, with the changes that show it")
    func textLines() async throws {
        let result = try await fuzz(
            [
                "--extension", repositoryPath("Plugins-Examples/FuzzTarget"), "--payload", chatSeed, "--serve", media, "--runs", "60",
                "--seed", "3",
                "--out", run.scratch("text").path,
            ] + short)
        #expect(result.status == 1, "\(result)")
        #expect(result.stdout.contains("seed \(chatSeed): modified"), "\(result)")
        #expect(result.stdout.contains("crash NotificationService.swift:2"), "\(result)")
        #expect(result.stdout.contains(" — \""), "\(result)")
        #expect(result.stdout.contains("runs/s"), "\(result)")
    }

    @Test("a correct extension gives no finding in 60 s, and a payload APNs would refuse is never one")
    func correctExtension() async throws {
        let result = try await fuzz(
            [
                "--extension", repositoryPath("Plugins-Examples/Template"), "--payload",
                repositoryPath("Fixtures/payloads/alert-mutable.json"),
                "--payload", chatSeed, "--serve", media, "--time", "60", "--out", run.scratch("correct").path, "--format", "json",
            ] + short)
        #expect(result.status == 0, "\(result)")
        let report = try result.jsonObject()
        #expect(try findings(result).isEmpty, "\(result)")
        #expect((report["runs"] as? Int ?? 0) > 200, "\(report["runs"] ?? "")")
        #expect((report["refused"] as? Int ?? 0) > 0, "\(report)")
        #expect(report["failures"] as? [String] == [], "\(report)")
    }

    @Test(
        "bad input: no seed, a seed that is no payload, a missing seed, --time 0, a seed the extension fails on",
        arguments: [
            (["--extension", "Plugins-Examples/Template"], 64, "give at least one seed"),
            (
                ["--extension", "Plugins-Examples/Template", "--payload", "Fixtures/payloads/malformed/not-json.json"], 65,
                "is not a payload"
            ),
            (["--extension", "Plugins-Examples/Template", "--payload", "Fixtures/payloads/missing-seed.json"], 66, "no such seed payload"),
            (
                ["--extension", "Plugins-Examples/Template", "--payload", "Fixtures/payloads/alert-mutable.json", "--time", "0"], 64,
                "--time must be"
            ),
            (["--extension", "Plugins-Examples/Template", "--payload", "Fixtures/payloads/image-url.json"], 64, "give --serve DIR"),
            (
                ["--extension", "Plugins-Examples/Faults/Crash", "--payload", "Fixtures/payloads/alert-mutable.json", "--deadline", "2"],
                65, "Fix that first, or pass --allow-failing-seed"
            ),
        ])
    func badInput(_ arguments: [String], status: Int32, message: String) async throws {
        let result = try await fuzz(arguments + ["--out", run.scratch("bad").path])
        #expect(result.status == status, "\(result)")
        #expect(result.stderr.contains(message), "\(result)")
    }

    @Test("--coverage: the lines of the extension's own code the runs reached, in the JSON report and the lcov file")
    func coverage() async throws {
        let folder = run.scratch("coverage")
        let result = try await fuzz(
            [
                "--extension", repositoryPath("Plugins-Examples/FuzzTarget"), "--payload", chatSeed, "--serve", media, "--runs", "30",
                "--coverage", folder.appendingPathComponent("coverage").path, "--out", folder.appendingPathComponent("cases").path,
                "--format", "json",
            ] + short)
        #expect(result.status == 1, "\(result)")
        let report = try result.jsonObject()
        #expect((report["linesHit"] as? Int ?? 0) > 20, "\(report)")
        #expect((report["linesFound"] as? Int ?? 0) >= (report["linesHit"] as? Int ?? 0), "\(report)")
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("coverage/lcov.info").path))
    }

    @Test(
        "--coverage guides: payloads that reached new code are kept and built on, the lines reached are reported, and the same seed gives the same findings"
    )
    func coverageGuidance() async throws {
        let folder = run.scratch("guided")
        let arguments =
            [
                "--extension", repositoryPath("Plugins-Examples/FuzzTarget"), "--payload", chatSeed, "--serve", media, "--runs", "240",
                "--seed", "1", "--format", "json",
            ] + short
        func guided(_ name: String) async throws -> (report: [String: Any], findings: [String]) {
            let result = try await fuzz(
                arguments + [
                    "--coverage", folder.appendingPathComponent("\(name)-coverage").path, "--out",
                    folder.appendingPathComponent("\(name)-cases").path,
                ])
            #expect(result.status == 1, "\(result)")
            return (try result.jsonObject(), stable(try findings(result)))
        }
        let first = try await guided("first")
        let report = first.report
        #expect((report["corpus"] as? Int ?? 0) > 0, "\(report)")
        #expect((report["linesHit"] as? Int ?? 0) > 30, "\(report)")
        #expect((report["linesFound"] as? Int ?? 0) >= (report["linesHit"] as? Int ?? 0), "\(report)")
        let reached = report["countersReached"] as? Int ?? 0
        #expect(reached > 0 && reached <= (report["countersFound"] as? Int ?? 0), "\(report)")
        #expect(first.findings.contains { $0.hasPrefix("crash NotificationService.swift:21") }, "\(first.findings)")
        #expect(first.findings.contains { $0.hasPrefix("memory-kill") }, "\(first.findings)")

        let second = try await guided("second")
        #expect(second.findings == first.findings)
        #expect(second.report["corpus"] as? Int == report["corpus"] as? Int)
        #expect(second.report["runs"] as? Int == report["runs"] as? Int)
    }

    @Test("--cases: the payloads of replay cases are seeds too")
    func caseSeeds() async throws {
        let result = try await fuzz(
            [
                "--extension", repositoryPath("Plugins-Examples/Template"), "--cases",
                repositoryPath("Fixtures/cases/outcomes/modified-template.json"),
                "--runs", "20", "--out", run.scratch("case-seeds").path, "--format", "json",
            ] + short)
        #expect(result.status == 0, "\(result)")
        let seeds = try result.jsonObject()["seeds"] as? [[String: Any]] ?? []
        #expect(seeds.map { $0["outcome"] as? String } == ["modified"], "\(seeds)")
        #expect((seeds.first?["name"] as? String)?.hasSuffix("modified-template") == true, "\(seeds)")
    }

    @Test("--allow-failing-seed fuzzes from a seed the extension already fails on; its failure is no finding")
    func allowFailingSeed() async throws {
        let result = try await fuzz(
            [
                "--extension", repositoryPath("Plugins-Examples/Faults/Crash"), "--payload",
                repositoryPath("Fixtures/payloads/alert-mutable.json"),
                "--runs", "20", "--allow-failing-seed", "--out", run.scratch("failing").path, "--format", "json",
            ] + short)
        #expect(result.status == 0, "\(result)")
        #expect(try findings(result).isEmpty, "\(result)")
    }

    @Test("SIGINT stops it with what was found so far written, not shrunk")
    func interrupted() async throws {
        let out = run.scratch("interrupted")
        let child = try ChildProcess(
            NSESimCommand.executable,
            [
                "fuzz", "--extension", repositoryPath("Plugins-Examples/FuzzTarget"), "--payload", chatSeed, "--serve", media,
                "--time", "120", "--out", out.path, "--format", "json",
            ] + short,
            environment: run.environment)
        // Build (cached by the test above) and a few runs, then Ctrl-C.
        try await Task.sleep(for: .seconds(20))
        child.send(SIGINT)
        #expect(await child.waitForExit(limit: .seconds(30)))
        #expect(child.exitStatus == 1, "\(child.summary)")
        let report = try #require(try JSONSerialization.jsonObject(with: Data(child.stdout.utf8)) as? [String: Any], "\(child.summary)")
        #expect(report["interrupted"] as? Bool == true, "\(report)")
        let written = try FileManager.default.contentsOfDirectory(atPath: out.path)
        #expect(written.count == (report["findings"] as? [Any])?.count, "\(written)")
    }
}

/// Each push SDK stand-in's sample extension fuzzed from its vendor's payload shape: no
/// crash inside nsesim's stand-ins (such a finding is a bug of nsesim's, not the sample's).
@Suite("nsesim fuzz on the push SDK samples")
struct FuzzSDKSampleTests {
    static let samples: [(folder: String, payload: String)] = [
        ("FirebaseNotificationService", "firebase.json"), ("OneSignalNotificationServiceExtension", "onesignal.json"),
        ("BrazeNotificationServiceExtension", "braze.json"), ("AirshipNotificationService", "airship.json"),
        ("IterableNotificationService", "iterable.json"), ("KlaviyoNotificationService", "klaviyo.json"),
        ("MoEngageNotificationService", "moengage.json"), ("MarketingCloudNotificationService", "marketing-cloud.json"),
        ("NotifeeNotificationService", "notifee.json"), ("BatchNotificationService", "batch.json"),
        ("PushwooshNotificationService", "pushwoosh.json"), ("NotificareNotificationService", "notificare.json"),
        ("CustomerIONotificationService", "customerio.json"), ("CleverTapNotificationService", "clevertap.json"),
        ("AdobeJourneyOptimizerNotificationService", "adobe-journey-optimizer.json"), ("ExpoNotificationService", "expo.json"),
        ("LeanplumNotificationService", "leanplum.json"),
    ]

    @Test("no finding inside a stand-in", arguments: samples.map { "\($0.folder) \($0.payload)" })
    func sample(_ pair: String) async throws {
        let parts = pair.split(separator: " ").map(String.init)
        let result = try await fuzz(
            [
                "--extension", repositoryPath("Plugins-Examples/SDKs/\(parts[0])"), "--payload",
                repositoryPath("Fixtures/payloads/sdks/\(parts[1])"),
                "--serve", media, "--runs", "40", "--out", run.scratch("sdk").path, "--format", "json",
            ] + short)
        #expect(result.status == 0 || result.status == 1, "\(result)")
        let found = try findings(result)
        let inNSESim = found.filter { $0["inNSESim"] as? Bool == true }
        #expect(inNSESim.isEmpty, "\(inNSESim)")
        // A crash at no frame of the sample's own code would be in a stand-in too.
        let crashes = found.filter {
            $0["kind"] as? String == "crash" && !(($0["site"] as? String) ?? "").hasPrefix("NotificationService.swift")
        }
        #expect(crashes.isEmpty, "\(crashes)")
    }
}
