import Foundation
import NSESimCore
import NSESimHost
import NSESimRuntime
import Testing
@_spi(NSESim) import UserNotifications

/// The extension process's world: its container, its children, one process per
/// notification or one kept alive.
@Suite("Extension processes")
struct ProcessTests {
    @Test("The extension writes into its own container, which is gone after the run")
    func containerRemoved() async throws {
        let run = try await runPipeline(testExtension("Probe"), payload: fixturePayload("alert-mutable.json"))
        #expect(run.outcome == .modified)
        let report = try probeReport(run.delivered)
        let tmp = try #require(report["tmp"] as? String)
        let caches = try #require(report["caches"] as? String)
        let tmpFile = try #require(report["tmpFile"] as? String)
        let cachesFile = try #require(report["cachesFile"] as? String)
        #expect(report["tmpFileWritten"] as? Bool == true)
        #expect(report["cachesFileWritten"] as? Bool == true)
        #expect(report["counter"] as? Int == 1)
        #expect(report["didReceiveOnMainThread"] as? Bool == false)

        // Its own folders, not the test process's temporary folder or caches.
        let ownTemporary = URL(fileURLWithPath: NSTemporaryDirectory()).standardizedFileURL.path
        #expect(URL(fileURLWithPath: tmp).standardizedFileURL.path != ownTemporary)
        #expect(tmp.contains("nsesim-container-"), "tmp: \(tmp)")
        #expect(caches.contains("nsesim-container-"), "caches: \(caches)")
        let tmpRoot = URL(fileURLWithPath: tmp).deletingLastPathComponent().standardizedFileURL.path
        #expect(caches.hasPrefix(tmpRoot + "/"), "tmp and caches are not in one container: \(tmp), \(caches)")

        // Gone afterwards: the files, the folders, the whole container.
        for path in [tmpFile, cachesFile, tmp, caches, tmpRoot] {
            #expect(!FileManager.default.fileExists(atPath: path), "\(path) is still there")
        }
        // Bundle.main is the extension's bundle folder, as on iOS.
        let bundle = try #require(report["bundle"] as? String)
        let expected = try #require(run.built.bundleDirectory)
        #expect(URL(fileURLWithPath: bundle).resolvingSymlinksInPath().path == expected.resolvingSymlinksInPath().path)
    }

    @Test("A child the extension starts dies with it (no process, no zombie left)")
    func childProcessKilled() async throws {
        let pidFile = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("nsesim-child-\(UUID().uuidString).pid")
        defer { try? FileManager.default.removeItem(at: pidFile) }
        let run = try await runPipeline(
            testExtension("ChildSpawner"), payload: fixturePayload("alert-mutable.json"),
            deadline: 0.3, grace: 0.3, exclusive: true,
            environment: ["CHILD_PID_FILE": pidFile.path])
        #expect(run.outcome == .originalTimeout)
        #expect(run.delivered == run.original)
        let text = try String(contentsOf: pidFile, encoding: .utf8)
        let child = try #require(
            Int32(text.trimmingCharacters(in: .whitespacesAndNewlines)),
            "the extension did not start its child: \(run.result.log)")
        // runPipeline checked that no live process of the run is left and that no zombie
        // child of ours lasts; the child in particular must be dead (gone, or waiting for
        // init to reap it: it is an orphan once the extension process is killed).
        let gone = await ProcessCheck.eventually { ProcessCheck.isDead(child) }
        let state = ProcessCheck.stat(child).map { String($0.state) } ?? "-"
        #expect(gone, "the extension's child \(child) is still there (state \(state)): \(ProcessCheck.describe([child]))")
        if !gone { kill(child, SIGKILL) }
    }

    @Test("reuseProcess: one process serves all three notifications, its statics survive")
    func reusedProcess() async throws {
        let reports = try await probeRuns(reuseProcess: true)
        let pids = reports.compactMap { $0["pid"] as? Int }
        #expect(pids.count == 3)
        #expect(Set(pids).count == 1, "pids: \(pids)")
        #expect(reports.map { $0["counter"] as? Int } == [1, 2, 3])
    }

    @Test("Without reuseProcess every notification gets a fresh process")
    func freshProcesses() async throws {
        let reports = try await probeRuns(reuseProcess: false)
        let pids = reports.compactMap { $0["pid"] as? Int }
        #expect(pids.count == 3)
        #expect(Set(pids).count == 3, "pids: \(pids)")
        #expect(reports.map { $0["counter"] as? Int } == [1, 1, 1])
        // And a fresh container each time.
        #expect(Set(reports.compactMap { $0["tmp"] as? String }).count == 3)
    }

    /// Three notifications to Probe; the reports it delivered. Checks that all three were
    /// modified and that none of the processes is left.
    private func probeRuns(reuseProcess: Bool, sourceLocation: SourceLocation = #_sourceLocation) async throws -> [[String: Any]] {
        let built = try await SharedBuilds.shared.built(testExtension("Probe"))
        let marker = UUID().uuidString
        let runner = ExtensionRunner(
            built: built, toolchain: TestToolchain.shared,
            configuration: shortConfiguration(deadline: 10, grace: 1, marker: marker))
        let requests = try (1...3).map { index in
            ExtensionRequest(try inlinePayload(#"{"aps":{"alert":{"title":"n\#(index)","body":"b"},"mutable-content":1}}"#).request)
        }
        let results = await runner.run(requests, reuseProcess: reuseProcess)
        #expect(results.count == 3, sourceLocation: sourceLocation)
        #expect(results.map(\.outcome) == [.modified, .modified, .modified], sourceLocation: sourceLocation)
        await ProcessCheck.expectNothingLeft(marker: marker, sourceLocation: sourceLocation)
        let reports = try results.map { result in
            try probeReport(try #require(result.handedContent, sourceLocation: sourceLocation), sourceLocation: sourceLocation)
        }
        for pid in reports.compactMap({ $0["pid"] as? Int }) {
            let gone = await ProcessCheck.eventually { ProcessCheck.isDead(Int32(pid)) }
            #expect(gone, "process \(pid) is still there", sourceLocation: sourceLocation)
        }
        return reports
    }
}
