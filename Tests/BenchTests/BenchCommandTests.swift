import Foundation
import Testing

/// `nsesim bench` end to end: real extension builds and processes, the real fixture server
/// applying real network profiles. Short deadlines keep it quick; the Edge case is the
/// issue's example (a 1 MB image cannot arrive before the deadline at 240 kbit/s) with a
/// 5-second deadline instead of 30: WiFi needs about 0.3 s, so a loaded machine still makes
/// it (2 s was missed once under a load of 8 on 2 cores), and Edge brings about 150 KB of
/// the 1 MB by then.
@Suite("nsesim bench", .serialized)
struct BenchCommandTests {
    @Test("a 1 MB image: under WiFi the handler comes well before the deadline, under Edge only from timeWillExpire")
    func edgeMissesTheDeadlineWiFiDoesNot() async throws {
        let report = BenchRun.scratchFile("report.html")
        let run = try await BenchRun.bench([
            "--extension", repositoryPath("Plugins-Examples/ImageAttachment"),
            "--payload", repositoryPath("Fixtures/payloads/image-1mb.json"),
            "--serve", repositoryPath("Fixtures/media"),
            "--network", "WiFi", "--network", "Edge",
            "--runs", "2", "--deadline", "5", "--grace", "1",
            "--report", report, "--format", "json",
        ])
        #expect(run.status == 0, "\(run)")
        let json = try run.jsonObject()
        let groups = try #require(json["groups"] as? [[String: Any]])
        #expect(groups.count == 2)
        let wifi = try #require(groups.first { $0["network"] as? String == "WiFi" })
        let edge = try #require(groups.first { $0["network"] as? String == "Edge" })

        #expect(wifi["exceedsDeadline"] as? Bool == false)
        #expect(wifi["timeWillExpireCalled"] as? Int == 0)
        #expect((wifi["outcomes"] as? [String: Int])?["modified"] == 2)
        #expect(wifi["attachmentsDelivered"] as? Int == 2)
        #expect((wifi["bytesDownloaded"] as? Int ?? 0) >= 2 * 1_003_283)
        let wifiTimes = try #require(wifi["timeToContentHandlerMs"] as? [String: Any])
        #expect((wifiTimes["p99"] as? Double ?? .infinity) < 5000)
        #expect((wifi["headroomAtP99Ms"] as? Double ?? 0) > 0)

        #expect(edge["exceedsDeadline"] as? Bool == true)
        #expect(edge["timeWillExpireCalled"] as? Int == 2)
        #expect(edge["attachmentsDelivered"] as? Int == 0)
        #expect((edge["bytesDownloaded"] as? Int ?? .max) < 2 * 1_003_283)
        let edgeTimes = try #require(edge["timeToContentHandlerMs"] as? [String: Any])
        #expect((edgeTimes["p99"] as? Double ?? .infinity) >= 5000)
        #expect((edge["headroomAtP99Ms"] as? Double ?? 1) <= 0)
        #expect(json["passed"] as? Bool == true)

        let samples = try #require(edge["samples"] as? [[String: Any]])
        let timeline = try #require(samples.first?["timeline"] as? [[String: Any]])
        #expect(timeline.map { $0["event"] as? String }.contains("timeWillExpire"))
        let downloads = try #require(samples.first?["downloads"] as? [[String: Any]])
        #expect(downloads.first?["target"] as? String == "/photo-1mb.jpg")

        let html = try String(contentsOfFile: report, encoding: .utf8)
        #expect(html.contains("Network: WiFi") && html.contains("Network: Edge"))
        #expect(html.contains("misses the deadline at p99") && html.contains("makes the deadline at p99"))
    }

    @Test("Firebase's helper (Messaging.serviceExtension()) on Edge: every run ends in timeWillExpire's best attempt, without the image")
    func firebaseOnEdgeGivesTheBestAttempt() async throws {
        let run = try await BenchRun.bench([
            "--extension", repositoryPath("Plugins-Examples/SDKs/FirebaseNotificationService"),
            "--payload", repositoryPath("Fixtures/payloads/sdks/firebase-1mb.json"),
            "--serve", repositoryPath("Fixtures/media"),
            "--network", "Edge", "--runs", "2", "--deadline", "2", "--grace", "1", "--format", "json",
        ])
        #expect(run.status == 0, "\(run)")
        let json = try run.jsonObject()
        let edge = try #require((json["groups"] as? [[String: Any]])?.first)
        #expect(edge["exceedsDeadline"] as? Bool == true)
        #expect(edge["timeWillExpireCalled"] as? Int == 2)
        #expect((edge["outcomes"] as? [String: Int])?["best-attempt"] == 2, "\(edge["outcomes"] ?? "")")
        #expect(edge["attachmentsDelivered"] as? Int == 0)
        let samples = try #require(edge["samples"] as? [[String: Any]])
        let events = (samples.first?["timeline"] as? [[String: Any]] ?? []).compactMap { $0["event"] as? String }
        #expect(events.firstIndex(of: "timeWillExpire").map { events[$0...].contains("contentHandler") } == true, "\(events)")
        let downloads = try #require(samples.first?["downloads"] as? [[String: Any]])
        #expect(downloads.first?["target"] as? String == "/photo-1mb.jpg")
    }

    @Test("a threshold that holds makes the exit status 1 and says which payload and network crossed it")
    func thresholdFailsTheRun() async throws {
        let run = try await BenchRun.bench([
            "--extension", repositoryPath("Plugins-Examples/Template"),
            "--payload", repositoryPath("Fixtures/payloads/alert-mutable.json"),
            "--runs", "3", "--fail-if", "p50 < 20s", "--fail-if", "original > 0",
        ])
        #expect(run.status == 1, "\(run)")
        #expect(run.stdout.contains("--fail-if 'p50 < 20s' holds for"))
        #expect(run.stdout.contains("alert-mutable.json under none: p50 = "))
        #expect(!run.stdout.contains("'original > 0' holds"))
        #expect(run.stdout.contains("modified 3"))
    }

    @Test("thresholds that do not hold leave the exit status 0; text output has the table")
    func thresholdPasses() async throws {
        let run = try await BenchRun.bench([
            "--extension", repositoryPath("Plugins-Examples/Template"),
            "--payload", repositoryPath("Fixtures/payloads/alert-mutable.json"),
            repositoryPath("Fixtures/payloads/silent.json"),
            "--runs", "2", "--fail-if", "p99 > 20s", "--fail-if", "original-crash > 0",
        ])
        #expect(run.status == 0, "\(run)")
        #expect(run.stdout.contains("thresholds: none crossed"))
        #expect(run.stdout.contains("headroom at p99"))
        #expect(run.stdout.contains("silent.json under none: not-invoked 2"))
        // No progress bar when standard error is not a terminal.
        #expect(!run.stderr.contains("["), "\(run.stderr)")
    }

    @Test("on a terminal a progress bar is drawn on standard error, and cleared before the table")
    func progressBarOnATerminal() throws {
        // `script` runs the command with a pseudo-terminal as its standard streams.
        let environment = BenchRun.environment.map { "\($0.key)='\($0.value)'" }.joined(separator: " ")
        let command =
            "env \(environment) '\(NSESimCommand.executable.path)' bench --extension '\(repositoryPath("Plugins-Examples/Template"))' "
            + "--payload '\(repositoryPath("Fixtures/payloads/alert-mutable.json"))' --runs 3"
        let run = try runTool(["script", "-qefc", command, "/dev/null"])
        #expect(run.status == 0, "\(run)")
        #expect(run.stdout.contains("\r\u{1B}[2K[#"), "\(run)")
        #expect(run.stdout.contains("] 3/3  done"), "\(run)")
        #expect(run.stdout.contains("headroom at p99"))
    }

    @Test("a crashing extension: the original is delivered every run and p99 is never")
    func crashesAreCounted() async throws {
        let run = try await BenchRun.bench([
            "--extension", repositoryPath("Plugins-Examples/Faults/Crash"),
            "--payload", repositoryPath("Fixtures/payloads/alert-mutable.json"),
            "--runs", "2", "--format", "json", "--fail-if", "original >= 100%",
        ])
        #expect(run.status == 1, "\(run)")
        let groups = try #require(try run.jsonObject()["groups"] as? [[String: Any]])
        #expect(groups[0]["originalDelivered"] as? Int == 2)
        #expect((groups[0]["timeToContentHandlerMs"] as? [String: Any])?["p99"] is NSNull)
        #expect(groups[0]["headroomAtP99Ms"] is NSNull)
        // Counted by where they crashed (the force-unwrap's line in Faults/Crash).
        #expect(groups[0]["crashSites"] as? [String: Int] == ["NotificationService.swift:8": 2], "\(run)")
        let samples = try #require(groups[0]["samples"] as? [[String: Any]])
        #expect(samples.allSatisfy { $0["crashSite"] as? String == "NotificationService.swift:8" })
    }

    @Test("crashes by site: the text report counts each site, most first")
    func crashSitesText() {
        var crashed = (0..<3).map { sample($0, handler: nil, outcome: .originalCrash) }
        crashed[0].crashSite = "Parser.swift:12"
        crashed[1].crashSite = "NotificationService.swift:8"
        crashed[2].crashSite = "NotificationService.swift:8"
        let counted = group(crashed + [sample(3, handler: 10)])
        #expect(counted.crashSites.map(\.site) == ["NotificationService.swift:8", "Parser.swift:12"])
        #expect(counted.crashSites.map(\.count) == [2, 1])
    }

    @Test(
        "bad input gets a clear error and the documented exit status",
        arguments: [
            (["--payload", "Fixtures/payloads/alert-mutable.json", "--fail-if", "p99 >> soon"], Int32(64), "--fail-if 'p99 >> soon'"),
            (["--payload", "Fixtures/payloads/no-such.json"], Int32(66), "no-such.json: no such file"),
            (["--payload", "Fixtures/payloads/image-url.json"], Int32(64), "uses {{server}}: give --serve DIR"),
            (["--payload", "Fixtures/payloads/alert-mutable.json", "--network", "3G"], Int32(64), "give both"),
            (["--payload", "Fixtures/payloads/image-url.json", "--serve", "Fixtures/media", "--network", "5G"], Int32(64), "5G"),
            (["--payload", "Fixtures/payloads/malformed/badge-string.json"], Int32(65), "badge"),
            (["--payload", "Fixtures/payloads/alert-mutable.json", "--runs", "0"], Int32(64), "--runs must be 1 or more"),
            (
                ["--payload", "Fixtures/payloads/alert-mutable.json", "--report", "/no/such/folder/r.html"], Int32(64),
                "the folder /no/such/folder does not exist"
            ),
        ])
    func badInput(arguments: [String], status: Int32, message: String) async throws {
        let run = try await BenchRun.bench(["--extension", repositoryPath("Plugins-Examples/Template")] + arguments)
        #expect(run.status == status, "\(run)")
        #expect(run.stderr.contains(message), "\(run)")
    }
}
