import Foundation
import NSESimBuild
import NSESimCore
import NSESimHost
import NSESimRuntime
import NSESimStore
import Testing
@_spi(NSESim) import UserNotifications

/// Warm processes with real processes: the next push's extension process is
/// started while one runs (`deliver`, `replay`, `apns`, `bench --warm`), each notification
/// still in a fresh process, with the same results as cold processes; one nothing takes is
/// ended (input closed, reaped, container removed); one that died before it was taken falls
/// back to a cold start. The slot's logic alone: `WarmSlotStateMachineTests`.
@Suite("Warm extension processes")
struct WarmProcessTests {
    // MARK: - The real nsesim binary

    @Test("replay: each case after the first takes a process started while the one before ran, with the cold path's results")
    func replayUsesWarmProcesses() async throws {
        let folder = try temporaryFolder("replay")
        defer { try? FileManager.default.removeItem(at: folder) }
        let template = repositoryPath("Plugins-Examples/Template")
        for index in 1...4 {
            let item: [String: Any] = [
                "extension": template,
                "payload": ["aps": ["alert": ["title": "Case \(index)", "body": "b\(index)"], "mutable-content": 1]],
                "expect": ["outcome": "modified", "delivered": ["title": "Case \(index) [modified]", "body": "b\(index)"]],
            ]
            try JSONSerialization.data(withJSONObject: item).write(to: folder.appendingPathComponent("case-\(index).json"))
        }
        let warm = try await nsesim("replay", folder.path, "--jobs", "1", "--format", "json")
        let cold = try await nsesim("replay", folder.path, "--jobs", "1", "--format", "json", "--cold")
        #expect(warm.status == 0, "\(warm)")
        #expect(cold.status == 0, "\(cold)")
        let warmReport = try warm.jsonObject()
        let coldReport = try cold.jsonObject()
        #expect(warmReport["passed"] as? Int == 4)
        #expect(coldReport["passed"] as? Int == 4)
        let counts = try #require(warmReport["warmProcesses"] as? [String: Any], "\(warm)")
        #expect(counts["taken"] as? Int == 3, "\(counts)")
        #expect(coldReport["warmProcesses"] == nil)
        let outcomes = { (report: [String: Any]) in ((report["cases"] as? [[String: Any]]) ?? []).map { $0["outcome"] as? String } }
        #expect(outcomes(warmReport) == outcomes(coldReport))
    }

    @Test("replay: a case can expect extension.warm, which the report carries for a prestarted process")
    func replayReportsWarm() async throws {
        let folder = try temporaryFolder("replay-warm-field")
        defer { try? FileManager.default.removeItem(at: folder) }
        let template = repositoryPath("Plugins-Examples/Template")
        for index in 1...2 {
            var expect: [String: Any] = ["outcome": "modified", "timeline": ["didReceive", "contentHandler", "delivered"]]
            if index == 2 { expect["extension"] = ["warm": true] }
            let item: [String: Any] = [
                "extension": template,
                "payload": ["aps": ["alert": ["title": "Case \(index)"], "mutable-content": 1]],
                "expect": expect,
            ]
            try JSONSerialization.data(withJSONObject: item).write(to: folder.appendingPathComponent("case-\(index).json"))
        }
        let result = try await nsesim("replay", folder.path, "--jobs", "1")
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout.contains("warm processes: 1 case(s) took"), "\(result)")
    }

    @Test("deliver: the second and third pushes run in warm processes, fresh ones, with the cold path's outcomes and content")
    func deliverUsesWarmProcesses() async throws {
        let folder = try temporaryFolder("deliver")
        defer { try? FileManager.default.removeItem(at: folder) }
        let payloads = try (1...3).map { index in
            try payloadFile(
                #"{"aps":{"alert":{"title":"Push \#(index)","body":"b"},"mutable-content":1}}"#, in: folder, name: "p\(index).json")
        }
        let template = repositoryPath("Plugins-Examples/Template")
        let warm = try await nsesim(["deliver", "--extension", template] + payloads, dataDirectory: folder.appendingPathComponent("warm"))
        let cold = try await nsesim(
            ["deliver", "--extension", template, "--cold"] + payloads,
            dataDirectory: folder.appendingPathComponent("cold"))
        #expect(warm.status == 0, "\(warm)")
        #expect(cold.status == 0, "\(cold)")
        #expect(occurrences(of: "started before the push (warm)", in: warm.stdout) == 2, "\(warm)")
        #expect(occurrences(of: "started before the push (warm)", in: cold.stdout) == 0, "\(cold)")
        for text in [warm.stdout, cold.stdout] {
            #expect(occurrences(of: "Outcome   modified", in: text) == 3, "\(text)")
            for index in 1...3 { #expect(text.contains("Push \(index) [modified]"), "\(text)") }
        }
        // Fresh processes: Probe's static counter starts at 1 in each, and its pids differ.
        let probe = try await nsesim(
            ["deliver", "--extension", testExtension("Probe")] + payloads,
            dataDirectory: folder.appendingPathComponent("probe"))
        #expect(probe.status == 0, "\(probe)")
        #expect(occurrences(of: "started before the push (warm)", in: probe.stdout) == 2, "\(probe)")
        #expect(occurrences(of: #""counter":2"#, in: probe.stdout) == 0, "a process served two pushes: \(probe)")
    }

    @Test("deliver: a warm process no push takes (the last push is not invoked) is ended: no process, no container left")
    func unusedWarmProcessEnded() async throws {
        let folder = try temporaryFolder("unused")
        defer { try? FileManager.default.removeItem(at: folder) }
        let temporary = folder.appendingPathComponent("tmp")
        try FileManager.default.createDirectory(at: temporary, withIntermediateDirectories: true)
        let marker = UUID().uuidString
        let result = try await NSESimCommand.run(
            [
                "deliver", "--extension", repositoryPath("Plugins-Examples/Template"), payloadPath("alert-mutable.json"),
                payloadPath("silent.json"),
            ],
            environment: [
                NSESimEnvironment.cacheDirectory.name: TestToolchain.cacheDirectory.path,
                NSESimEnvironment.dataDirectory.name: folder.appendingPathComponent("data").path,
                "TMPDIR": temporary.path, ProcessCheck.markerVariable: marker,
            ])
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout.contains("not-invoked"), "\(result)")
        // nsesim ended the process before it exited: the processes are gone at once and the
        // containers removed (an orphaned host would exit on its own, but leave its container).
        #expect(ProcessCheck.processes(marker: marker).isEmpty, "left: \(ProcessCheck.describe(ProcessCheck.processes(marker: marker)))")
        let left = try FileManager.default.contentsOfDirectory(atPath: temporary.path).filter { $0.hasPrefix("nsesim-container-") }
        #expect(left.isEmpty, "containers left: \(left)")
    }

    @Test("deliver: a warm process that crashes at load (a library that does not load) falls back to a cold start; the push is delivered")
    func crashAtLoadFallsBack() async throws {
        let folder = try temporaryFolder("crash-at-load")
        defer { try? FileManager.default.removeItem(at: folder) }
        let library = folder.appendingPathComponent("libBroken.so")
        try Data("not a shared library".utf8).write(to: library)
        let result = try await nsesim(
            [
                "deliver", "--extension", library.path, payloadPath("alert-mutable.json"),
                payloadPath("alert-mutable.json"),
            ], dataDirectory: folder.appendingPathComponent("data"))
        #expect(result.status == 0, "\(result)")
        // Both pushes are delivered with their original content, as a crash delivers it; the
        // second says that its prestarted process died and that it ran in a fresh one.
        #expect(occurrences(of: "Outcome   original-crash", in: result.stdout) == 2, "\(result)")
        #expect(occurrences(of: "[prestarted-process-died]", in: result.stdout) == 1, "\(result)")
        #expect(result.stdout.contains("cannot load the extension"), "\(result)")
    }

    @Test("bench measures the cold path by default and the warm one with --warm, and says which")
    func benchSaysWhichPath() async throws {
        let base = [
            "bench", "--extension", repositoryPath("Plugins-Examples/Template"), "--payload", payloadPath("alert-mutable.json"),
            "--runs", "3", "--deadline", "10", "--format", "json",
        ]
        for warm in [false, true] {
            let result = try await nsesim(base + (warm ? ["--warm"] : []))
            #expect(result.status == 0, "\(result)")
            let report = try result.jsonObject()
            #expect(report["processes"] as? String == (warm ? "warm" : "cold"), "\(result)")
            let group = try #require((report["groups"] as? [[String: Any]])?.first, "\(result)")
            #expect(group["runs"] as? Int == 3)
            #expect(result.stdout.contains("\"modified\""), "\(result)")
        }
        let text = try await nsesim(Array(base.dropLast(2)) + ["--warm"])
        #expect(text.stdout.contains("processes: warm"), "\(text)")
    }

    // MARK: - The runner and the pool, with real processes

    @Test("A warm process killed while it waited is not used: the notification runs in a fresh process and is modified")
    func killedWarmProcessFallsBack() async throws {
        let (runner, marker) = try await templateRunner()
        runner.prestart()
        let process = try #require(await waitUntilReady(runner))
        let pid = process.processIdentifier
        kill(pid, SIGKILL)
        // Dead (a zombie nsesim has not reaped yet) before the push comes.
        let dead = await ProcessCheck.eventually { ProcessCheck.stat(pid)?.state == "Z" }
        #expect(dead)
        let result = await runner.run(try request("after a kill"))
        #expect(result.outcome == .modified)
        #expect(result.prestarted == false)
        #expect(result.warnings.map(\.code) == [.prestartedProcessDied], "\(result.warnings)")
        #expect(ProcessCheck.isDead(pid) || ProcessCheck.stat(pid) == nil)
        #expect(!FileManager.default.fileExists(atPath: process.container.root.path), "the dead process's container is left")
        await runner.warm?.endAll()
        await ProcessCheck.expectNothingLeft(marker: marker)
    }

    @Test("A warm process is taken by the next notification: fresh, t = 0 at the push, reported as warm")
    func warmProcessTaken() async throws {
        let (runner, marker) = try await templateRunner()
        runner.prestart()
        let process = try #require(await waitUntilReady(runner))
        let result = await runner.run(try request("warm"))
        #expect(result.outcome == .modified)
        #expect(result.prestarted)
        #expect(result.timeline.first?.event == .didReceive && result.timeline.first?.tMs == 0, "\(result.timeline)")
        #expect(result.warnings.isEmpty, "\(result.warnings)")
        #expect(!FileManager.default.fileExists(atPath: process.container.root.path))
        #expect(runner.warm?.counts.taken == 1)
        #expect(runner.warm?.waitingProcess(for: runner.warmKey) == nil, "the last notification started another")
        await runner.warm?.endAll()
        await ProcessCheck.expectNothingLeft(marker: marker)
    }

    @Test("endAll ends a waiting process: it exits, is reaped, its container is removed; nothing starts afterwards")
    func endAllEndsWaitingProcess() async throws {
        let (runner, marker) = try await templateRunner()
        runner.prestart()
        let process = try #require(await waitUntilReady(runner))
        let pid = process.processIdentifier
        let pool = try #require(runner.warm)
        await pool.endAll()
        #expect(process.state == .ended)
        #expect(ProcessCheck.stat(pid) == nil, "the process is not reaped: \(ProcessCheck.describe([pid]))")
        #expect(!FileManager.default.fileExists(atPath: process.container.root.path))
        runner.prestart()
        #expect(pool.waitingProcess(for: runner.warmKey) == nil, "a process was started after endAll")
        await ProcessCheck.expectNothingLeft(marker: marker)
    }

    @Test("A warm process serves only its launch configuration: another lock state starts cold and ends the waiting one")
    func keyedByLaunchConfiguration() async throws {
        let (runner, marker) = try await templateRunner()
        runner.prestart()
        let waiting = try #require(await waitUntilReady(runner))
        var locked = runner.configuration
        locked.lockState = .locked
        let other = ExtensionRunner(built: runner.built, toolchain: runner.toolchain, configuration: locked, warm: runner.warm)
        #expect(other.warmKey != runner.warmKey)
        let result = await other.run([try request("locked")], reuseProcess: false, moreComing: true)[0]
        #expect(result.outcome == .modified)
        #expect(result.prestarted == false)
        // The pool (one waiting process) started the locked configuration's next process
        // and ended the unlocked one nobody took.
        // The pool ends it on a task of its own: its state says ended at once, its container
        // goes once it is reaped.
        let ended = await ProcessCheck.eventually {
            waiting.state == .ended && !FileManager.default.fileExists(atPath: waiting.container.root.path)
        }
        #expect(ended, "\(waiting.state); container there: \(FileManager.default.fileExists(atPath: waiting.container.root.path))")
        await runner.warm?.endAll()
        await ProcessCheck.expectNothingLeft(marker: marker)
    }

    @Test(
        "Two per launch configuration (the local APNs, two pushes at once): two notifications taken together each get a warm process of their own"
    )
    func twoWaitForOneConfiguration() async throws {
        let (runner, marker) = try await templateRunner(pool: WarmProcessPool(capacity: 2, perKey: 2))
        let pool = try #require(runner.warm)
        for _ in 0..<3 { runner.prestart() }
        #expect(pool.counts.started == 2, "perKey 2: a third was started")
        let one = try request("one")
        let two = try request("two")
        async let first = runner.run([one], reuseProcess: false)
        async let second = runner.run([two], reuseProcess: false)
        let results = await first + second
        #expect(results.map(\.outcome) == [.modified, .modified])
        #expect(results.map(\.prestarted) == [true, true], "\(results.map(\.warnings))")
        #expect(pool.counts.taken == 2)
        await pool.endAll()
        await ProcessCheck.expectNothingLeft(marker: marker)
    }

    // MARK: - Helpers

    private func templateRunner(pool: WarmProcessPool = WarmProcessPool()) async throws -> (ExtensionRunner, String) {
        let built = try await SharedBuilds.shared.built(repositoryPath("Plugins-Examples/Template"))
        let marker = UUID().uuidString
        let runner = ExtensionRunner(
            built: built, toolchain: TestToolchain.shared,
            configuration: shortConfiguration(deadline: 10, grace: 3, marker: marker),
            warm: pool)
        return (runner, marker)
    }

    /// The runner's waiting process, once it has said `ready`.
    private func waitUntilReady(_ runner: ExtensionRunner) async -> WarmSlot? {
        guard let process = runner.warm?.waitingProcess(for: runner.warmKey) else { return nil }
        _ = await ProcessCheck.eventually(within: 20) {
            if case .ready = process.state { return true }
            return false
        }
        return process
    }

    private func request(_ title: String) throws -> ExtensionRequest {
        ExtensionRequest(try inlinePayload(#"{"aps":{"alert":{"title":"\#(title)","body":"b"},"mutable-content":1}}"#).request)
    }

    private func temporaryFolder(_ name: String) throws -> URL {
        let folder = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent(
            "nsesim-warm-\(name)-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    private func payloadFile(_ json: String, in folder: URL, name: String) throws -> String {
        let url = folder.appendingPathComponent(name)
        try Data(json.utf8).write(to: url)
        return url.path
    }

    private func occurrences(of needle: String, in text: String) -> Int {
        text.components(separatedBy: needle).count - 1
    }
}
