import Foundation
import NSESimBuild
import NSESimCore
import NSESimHost
import NSESimRuntime
import NSESimStore
import NSESimZygote
import Testing
@_spi(NSESim) import UserNotifications

/// The extension zygote with real processes: each notification's process is forked
/// from a zygote that has only the host's libraries loaded, a fresh process (its own pid,
/// session, environment and command line, nsesim's child) with the spawned process's
/// results; a zygote that dies makes the next process a spawned one, with a warning; none is
/// left after the command.
@Suite("Extension zygote")
struct ZygoteTests {
    @Test("run: a forked process's report equals a spawned one's (outcome, content), and says how it started")
    func forkedMatchesSpawned() async throws {
        let arguments = [
            "run", "--extension", repositoryPath("Plugins-Examples/Template"),
            "--payload", payloadPath("alert-mutable.json"), "--format", "json",
        ]
        let forked = try await nsesimForking(arguments)
        let spawned = try await nsesimSpawning(arguments)
        #expect(forked.status == 0, "\(forked)")
        #expect(spawned.status == 0, "\(spawned)")
        let forkedReport = try forked.jsonObject()
        let spawnedReport = try spawned.jsonObject()
        #expect(forkedReport["outcome"] as? String == "modified", "\(forked)")
        #expect(forkedReport["outcome"] as? String == spawnedReport["outcome"] as? String)
        let forkedContent = try JSONSerialization.data(withJSONObject: forkedReport["delivered"] ?? [:], options: .sortedKeys)
        let spawnedContent = try JSONSerialization.data(withJSONObject: spawnedReport["delivered"] ?? [:], options: .sortedKeys)
        #expect(forkedContent == spawnedContent)
        #expect((forkedReport["extension"] as? [String: Any])?["start"] as? String == "forked", "\(forked)")
        #expect((spawnedReport["extension"] as? [String: Any])?["start"] as? String == "spawned", "\(spawned)")
        let codes = { (report: [String: Any]) in ((report["warnings"] as? [[String: Any]]) ?? []).compactMap { $0["code"] as? String } }
        #expect(codes(forkedReport) == codes(spawnedReport) && !codes(forkedReport).contains("zygote-failed"), "\(forked)")
    }

    @Test("A forked process is nsesim's child, in a session of its own, with the command line and environment of a spawned one")
    func childInOwnSession() async throws {
        let built = try await SharedBuilds.shared.built(repositoryPath("Plugins-Examples/Template"))
        let marker = UUID().uuidString
        let launcher = ExtensionLauncher(
            built: built, toolchain: TestToolchain.shared,
            environment: [ProcessCheck.markerVariable: marker, "NSESIM_ZYGOTE": "1"])
        let process = try launcher.start()
        let ready = await ProcessCheck.eventually(within: 20) {
            if case .ready = process.state { return true }
            return false
        }
        #expect(ready, "\(process.state)")
        let pid = process.processIdentifier
        #expect(process.start?.how == .forked)
        let fields = try #require(Self.statFields(pid))
        #expect(fields.parent == getpid(), "parent \(fields.parent)")
        #expect(fields.session == pid && fields.group == pid, "session \(fields.session), group \(fields.group)")
        let zygote = try #require(launcher.zygoteProcessIdentifier)
        #expect(zygote != pid && Self.statFields(zygote)?.parent == getpid())
        #expect(ProcessCheck.strings(pid, "cmdline").filter { !$0.isEmpty } == [launcher.host.path, built.library.path])
        let environment = ProcessCheck.strings(pid, "environ")
        #expect(environment.contains("\(ProcessCheck.markerVariable)=\(marker)"))
        #expect(environment.contains("HOME=\(process.container.root.path)"), "\(environment.filter { $0.hasPrefix("HOME=") })")
        #expect(!ProcessCheck.strings(zygote, "environ").contains("\(ProcessCheck.markerVariable)=\(marker)"))
        await process.end()
        #expect(ProcessCheck.stat(pid) == nil, "not reaped")
        await ProcessCheck.expectNothingLeft(marker: marker)
    }

    @Test("Two forked processes of one zygote each see their own environment (their container, their data folder)")
    func ownEnvironment() async throws {
        let folder = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("nsesim-zygote-\(UUID().uuidString.prefix(8))")
        defer { try? FileManager.default.removeItem(at: folder) }
        var homes: [String] = []
        for name in ["first", "second"] {
            let run = try await runPipeline(
                testExtension("Probe"), payload: fixturePayload("alert-mutable.json"),
                environment: [
                    NSESimEnvironment.dataDirectory.name: folder.appendingPathComponent(name).path,
                    "NSESIM_ZYGOTE": "1",
                ])
            #expect(run.outcome == .modified)
            #expect(run.result.started == .forked)
            let body = try #require(run.delivered.string("body"))
            let report = try #require(try JSONSerialization.jsonObject(with: Data(body.utf8)) as? [String: Any], "\(body)")
            let home = try #require(report["home"] as? String)
            #expect(report["counter"] as? Int == 1, "a forked process ran an earlier notification: \(report)")
            #expect(report["tmpFileWritten"] as? Bool == true && report["cachesFileWritten"] as? Bool == true, "\(report)")
            homes.append(home)
        }
        #expect(homes.count == 2 && homes[0] != homes[1], "\(homes)")
    }

    @Test("A process that exits before the handler is reported as a spawned one is (original content, its exit)")
    func exitReportedAsBefore() async throws {
        let run = try await runPipeline(
            testExtension("ExitsEarly"), payload: fixturePayload("alert-mutable.json"),
            environment: ["NSESIM_ZYGOTE": "1"])
        #expect(run.result.started == .forked)
        #expect(run.outcome == .originalCrash)
        #expect(run.delivered == run.original)
        #expect(run.result.processExit == "exited with status 0")
    }

    @Test("A killed zygote: the next notification runs in a spawned process, with a warning; the one after is forked again")
    func killedZygoteFallsBack() async throws {
        let built = try await SharedBuilds.shared.built(repositoryPath("Plugins-Examples/Template"))
        let marker = UUID().uuidString
        // A zygote of this test's own: the C library preloaded under a path no other test uses.
        let preload = "/usr/lib/\(Self.multiarch)/./././libm.so.6"
        var configuration = shortConfiguration(deadline: 10, grace: 3, marker: marker)
        configuration.environment["LD_PRELOAD"] = preload
        configuration.environment["NSESIM_ZYGOTE"] = "1"
        let runner = ExtensionRunner(built: built, toolchain: TestToolchain.shared, configuration: configuration)
        let first = await runner.run(try request("first"))
        #expect(first.outcome == .modified && first.started == .forked, "\(first.started as Any) \(first.errors)")
        let zygote = try #require(runner.launcher.zygoteProcessIdentifier)
        kill(zygote, SIGKILL)
        #expect(await ProcessCheck.eventually { ProcessCheck.stat(zygote)?.state == "Z" })
        let second = await runner.run(try request("second"))
        #expect(second.outcome == .modified)
        #expect(second.started == .spawned)
        #expect(second.warnings.map(\.code) == [.zygoteFailed], "\(second.warnings)")
        #expect(ProcessCheck.stat(zygote) == nil, "the dead zygote is not reaped")
        let third = await runner.run(try request("third"))
        #expect(third.outcome == .modified && third.started == .forked && third.warnings.isEmpty, "\(third.warnings)")
        await ProcessCheck.expectNothingLeft(marker: marker)
    }

    @Test("A forked process starts and grows with a spawned host's resident memory: the memory limit reads both alike")
    func memoryAsSpawned() async throws {
        var baselines: [String: Int64] = [:]
        for zygote in ["1", "0"] {
            let run = try await runPipeline(
                testExtension("Probe"), payload: fixturePayload("alert-mutable.json"),
                environment: ["NSESIM_ZYGOTE": zygote])
            #expect(run.outcome == .modified)
            #expect(run.result.started == (zygote == "1" ? .forked : .spawned))
            baselines[zygote] = run.result.baselineMemoryBytes
        }
        // Without the zygote's copied page tables a forked process had ~7 MB fewer resident
        // pages at `ready` (and grew by them after it).
        let forked = try #require(baselines["1"])
        let spawned = try #require(baselines["0"])
        #expect(abs(forked - spawned) < 3_000_000, "ready baseline forked \(forked) bytes, spawned \(spawned)")
    }

    @Test("A zygote outlives the thread that started it (PR_SET_PDEATHSIG would kill it when that thread ends)")
    func zygoteOutlivesItsThread() async throws {
        final class Started: @unchecked Sendable {
            var pid: pid_t = -1
            var control: Int32 = -1
        }
        let started = Started()
        let host = TestToolchain.shared.hostExecutable.path
        let thread = Thread {
            var libraries: [UnsafeMutablePointer<CChar>?] = [nil]
            started.pid = nsesim_zygote_start(host, environ, &libraries, &started.control)
        }
        thread.start()
        #expect(await ProcessCheck.eventually { thread.isFinished })
        try #require(started.pid > 0, "the zygote did not start: \(started.pid)")
        defer {
            close(started.control)
            var status: Int32 = 0
            waitpid(started.pid, &status, 0)
        }
        try await Task.sleep(for: .milliseconds(300))
        let state = ProcessCheck.stat(started.pid)?.state
        #expect(state != nil && state != "Z", "the zygote died with the thread that started it: state \(state.map(String.init) ?? "gone")")
    }

    @Test("run: no zygote is left once the command has ended")
    func noZygoteLeft() async throws {
        let marker = UUID().uuidString
        let result = try await NSESimCommand.run(
            [
                "run", "--extension", repositoryPath("Plugins-Examples/Template"), "--payload", payloadPath("alert-mutable.json"),
                "--format", "json",
            ],
            environment: [
                NSESimEnvironment.cacheDirectory.name: TestToolchain.cacheDirectory.path,
                NSESimEnvironment.dataDirectory.name: TestToolchain.cacheDirectory.appendingPathComponent("app-data").path,
                ProcessCheck.markerVariable: marker, "NSESIM_ZYGOTE": "1",
            ])
        #expect(result.status == 0, "\(result)")
        #expect((try result.jsonObject()["extension"] as? [String: Any])?["start"] as? String == "forked", "\(result)")
        // The zygote has nsesim's environment (the marker): it is gone when nsesim is, at once.
        let left = ProcessCheck.processes(marker: marker)
        #expect(left.isEmpty, "left: \(ProcessCheck.describe(left))")
        let zygotes = ProcessCheck.processes(mentioning: "--zygote").filter {
            ProcessCheck.strings($0, "environ").contains("\(ProcessCheck.markerVariable)=\(marker)")
        }
        #expect(zygotes.isEmpty, "its zygote is left: \(ProcessCheck.describe(zygotes))")
    }

    @Test("replay: the lock state of each case reaches its forked process's file-protection interposer (one zygote for all)")
    func lockStateFollowsEachProcess() async throws {
        let result = try await nsesimForking(["replay", repositoryPath("Fixtures/cases/phone-state"), "--jobs", "2", "--format", "json"])
        #expect(result.status == 0, "\(result)")
        let report = try result.jsonObject()
        #expect((report["failed"] as? Int) == 0, "\(result)")
    }

    // MARK: - Helpers

    /// nsesim with its processes forked from zygotes (`NSESIM_ZYGOTE=1`, as by default).
    private func nsesimForking(_ arguments: [String]) async throws -> CLIResult {
        try await nsesim(arguments, zygote: "1")
    }

    /// nsesim with every process spawned (no zygote): `NSESIM_ZYGOTE=0`.
    private func nsesimSpawning(_ arguments: [String]) async throws -> CLIResult {
        try await nsesim(arguments, zygote: "0")
    }

    /// nsesim with `NSESIM_ZYGOTE=zygote`; nothing of its run may be left after it.
    private func nsesim(_ arguments: [String], zygote: String) async throws -> CLIResult {
        let marker = UUID().uuidString
        let result = try await NSESimCommand.run(
            arguments,
            environment: [
                NSESimEnvironment.cacheDirectory.name: TestToolchain.cacheDirectory.path,
                NSESimEnvironment.dataDirectory.name: TestToolchain.cacheDirectory.appendingPathComponent("app-data").path,
                ProcessCheck.markerVariable: marker, "NSESIM_ZYGOTE": zygote,
            ])
        await ProcessCheck.expectNothingLeft(marker: marker)
        return result
    }

    private func request(_ title: String) throws -> ExtensionRequest {
        ExtensionRequest(try inlinePayload(#"{"aps":{"alert":{"title":"\#(title)","body":"b"},"mutable-content":1}}"#).request)
    }

    /// The machine's multiarch folder name (x86_64-linux-gnu, aarch64-linux-gnu).
    private static var multiarch: String {
        var name = utsname()
        uname(&name)
        let machine = withUnsafeBytes(of: &name.machine) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        return "\(machine)-linux-gnu"
    }

    /// /proc/PID/stat's parent, process group and session.
    private static func statFields(_ pid: pid_t) -> (parent: pid_t, group: pid_t, session: pid_t)? {
        guard let bytes = ProcessCheck.read("/proc/\(pid)/stat") else { return nil }
        let text = String(decoding: bytes, as: UTF8.self)
        guard let close = text.lastIndex(of: ")") else { return nil }
        let fields = text[text.index(after: close)...].split(separator: " ")
        guard fields.count > 4, let parent = pid_t(fields[1]), let group = pid_t(fields[2]), let session = pid_t(fields[3]) else {
            return nil
        }
        return (parent, group, session)
    }
}
