import Foundation
import NSESimCore
import NSESimRuntime
import Testing

/// The misbehaving extensions of `Plugins-Examples/Faults`, each through the real
/// `nsesim run`: nsesim survives (exit status 0, a report), reports the outcome
/// (docs/behaviour.md#outcomes), and leaves nothing behind: no process of the run (the marker in the
/// environment, the pids a plugin reports, anything naming the suite's build cache), no
/// zombie, and no container (every run gets a TMPDIR of its own, which must be empty
/// afterwards). Serialized, with a build cache of its own: the "nothing names the cache"
/// check must see only this suite's processes.
@Suite("Fault plugins", .serialized)
struct FaultPluginTests {
    // MARK: Crashes

    @Test("Segfault: a write to address 8 is SIGSEGV; original content")
    func segfaultIsSIGSEGV() async throws {
        let run = try await FaultRun.run("Segfault")
        run.expectCrash(signal: "SIGSEGV")
    }

    @Test("Abort: abort() is SIGABRT; original content")
    func abortIsSIGABRT() async throws {
        let run = try await FaultRun.run("Abort")
        run.expectCrash(signal: "SIGABRT")
    }

    @Test("FatalError: Swift's trap (SIGILL on x86_64, SIGTRAP on arm64); its message is in the log")
    func fatalErrorTraps() async throws {
        let run = try await FaultRun.run("FatalError", payload: ["payload-version": 1])
        #if arch(x86_64)
        run.expectCrash(signal: "SIGILL")
        #else
        run.expectCrash(signal: "SIGTRAP")
        #endif
        #expect(run.log.contains("unsupported payload version: 1"), "log: \(run.log.suffix(2000))")
    }

    @Test("Crash: a force-unwrap of a missing payload key; original content")
    func forceUnwrap() async throws {
        let run = try await FaultRun.run("Crash")
        run.expectCrash(signal: "signal")
    }

    // MARK: Timeouts

    @Test("Spin: a busy loop is killed at the end of the grace")
    func spin() async throws {
        let run = try await FaultRun.run("Spin", deadline: 0.3, grace: 0.5)
        run.expectTimeout(deadline: 0.3, grace: 0.5)
    }

    @Test("Sleep: sleeping in didReceive and in timeWillExpire is killed at the end of the grace")
    func sleepForever() async throws {
        let run = try await FaultRun.run("Sleep", deadline: 0.3, grace: 0.5)
        run.expectTimeout(deadline: 0.3, grace: 0.5)
    }

    @Test("Hang: no handler call at all is killed at the end of the grace")
    func hang() async throws {
        let run = try await FaultRun.run("Hang", deadline: 0.3, grace: 0.5)
        run.expectTimeout(deadline: 0.3, grace: 0.5)
    }

    @Test("BlockedThread: timeWillExpire runs while didReceive's thread is blocked: best attempt")
    func blockedThread() async throws {
        let run = try await FaultRun.run("BlockedThread", deadline: 0.3, grace: 3)
        #expect(run.outcome == "best-attempt")
        #expect(run.events == ["didReceive", "timeWillExpire", "contentHandler", "delivered"])
    }

    // MARK: The handler called wrongly

    @Test("TwiceCalled: the second call is ignored with a warning")
    func twiceCalled() async throws {
        let run = try await FaultRun.run("TwiceCalled")
        #expect(run.outcome == "modified")
        #expect(run.delivered["body"] as? String == "first call")
        #expect(run.warningCodes.contains("content-handler-called-again"), "warnings: \(run.warningCodes)")
    }

    @Test("LateHandler: a call from another thread after the deadline but in the grace counts (best attempt)")
    func lateHandlerInGrace() async throws {
        let run = try await FaultRun.run("LateHandler", payload: ["handler-delay": 1.5], deadline: 0.5, grace: 3)
        #expect(run.outcome == "best-attempt")
        #expect(run.events == ["didReceive", "timeWillExpire", "contentHandler", "delivered"])
        #expect(run.delivered["body"] as? String == "called after 1.5 s from another thread")
        #expect(run.detail(of: "contentHandler") == "during the grace")
        let handler = try #require(run.time(of: "contentHandler"))
        #expect(handler >= 1500, "the handler at \(handler) ms")
        #expect(run.processExit == "exited with status 0")
    }

    @Test("LateHandler: a call that would come after the grace never happens: killed first")
    func lateHandlerAfterGrace() async throws {
        let run = try await FaultRun.run("LateHandler", payload: ["handler-delay": 30], deadline: 0.3, grace: 0.5)
        run.expectTimeout(deadline: 0.3, grace: 0.5)
        #expect(run.report["handlerCalls"] as? Int == 0)
    }

    // MARK: Resources

    @Test("MemoryHog: over --memory-limit the extension is killed; original content")
    func memoryHog() async throws {
        let run = try await FaultRun.run("MemoryHog", arguments: ["--memory-limit", "24MB"])
        #expect(run.outcome == "killed-memory")
        #expect(Array(run.events.suffix(2)) == ["killed", "delivered"])
        #expect(run.processExit.contains("SIGKILL"), "process exit: \(run.processExit)")
        #expect(run.delivered["title"] as? String == "New message")
    }

    @Test("ManyAttachments: all 20 attachments are checked and moved into the store, in order")
    func manyAttachments() async throws {
        let run = try await FaultRun.run("ManyAttachments")
        #expect(run.outcome == "modified")
        let attachments = run.report["attachments"] as? [[String: Any]] ?? []
        #expect(attachments.count == 20)
        #expect(attachments.compactMap { $0["identifier"] as? String } == (1...20).map { String(format: "photo-%02d", $0) })
        #expect(attachments.allSatisfy { $0["type"] as? String == "com.compuserve.gif" && $0["size"] as? Int == 35 })
        #expect((run.report["errors"] as? [Any])?.isEmpty == true, "errors: \(run.errorMessages)")
        // In the store (a folder of the run's workspace, checked before it is removed).
        #expect(run.storedFiles.count == 20, "files in the store: \(run.storedFiles)")
        let delivered = run.delivered["attachments"] as? [[String: Any]] ?? []
        #expect(delivered.count == 20)
    }

    @Test("DiskFiller: writing 1 GiB when the deadline comes first: best attempt, the file and container removed")
    func diskFillerCutShort() async throws {
        // 0.1 s: no machine writes a GiB that fast (this one wrote 75-395 MB in 0.2 s).
        let run = try await FaultRun.run("DiskFiller", deadline: 0.1, grace: 3)
        #expect(run.outcome == "best-attempt")
        let body = try #require(run.delivered["body"] as? String)
        let (bytes, path) = try #require(diskFillerBody(body), "body: \(body)")
        #expect(bytes < 1 << 30 && bytes % (8 << 20) == 0, "bytes written: \(bytes)")
        #expect(path.contains("nsesim-container-"), "the file: \(path)")
        #expect(!FileManager.default.fileExists(atPath: path))
    }

    @Test(
        "DiskFiller: a whole GiB written into the container is removed with it",
        .enabled(if: FaultWorkspace.freeBytes() > 4 << 30, "needs 4 GiB free in the temporary folder"))
    func diskFillerWhole() async throws {
        let run = try await FaultRun.run("DiskFiller", deadline: 120, grace: 3)
        #expect(run.outcome == "modified")
        let body = try #require(run.delivered["body"] as? String)
        let (bytes, path) = try #require(diskFillerBody(body), "body: \(body)")
        #expect(bytes == 1 << 30)
        #expect(!FileManager.default.fileExists(atPath: path))
    }

    // MARK: Processes

    @Test(
        "Orphans: five children that try to outlive the extension are killed when it is done",
        arguments: [("handler", "modified", 3.0), ("crash", "original-crash", 3.0), ("hang", "original-timeout", 1.0)])
    func orphans(then: String, outcome: String, deadline: Double) async throws {
        let run = try await FaultRun.run("Orphans", payload: ["then": then], deadline: deadline, grace: 0.5)
        #expect(run.outcome == outcome)
        let line = try #require(run.log.split(separator: "\n").first { $0.hasPrefix("Orphans: ") }, "log: \(run.log.suffix(2000))")
        var children: [String: Int32] = [:]
        for field in line.dropFirst("Orphans: ".count).split(separator: " ") {
            let parts = field.split(separator: "=")
            if parts.count == 2, let pid = Int32(parts[1]) { children[String(parts[0])] = pid }
        }
        #expect(Set(children.keys) == ["process", "spawn", "orphan", "detached", "scrubbed"], "started: \(line)")
        for (name, pid) in children.sorted(by: { $0.key < $1.key }) {
            let gone = await ProcessCheck.eventually { !FaultRun.isSleeper(pid) }
            #expect(gone, "the \(name) child \(pid) outlived the run: \(ProcessCheck.describe([pid]))")
            if !gone { kill(pid, SIGKILL) }
        }
    }

    // MARK: The protocol

    @Test("ClosesPipes: closing the protocol pipes ends the run as a crash does: crashed, original content, the process killed")
    func closesPipes() async throws {
        let run = try await FaultRun.run("ClosesPipes")
        #expect(run.outcome == "original-crash")
        #expect(run.events == ["didReceive", "crashed", "delivered"])
        #expect(run.detail(of: "crashed") == "it closed its connection to nsesim and was killed (SIGKILL)")
        #expect(run.errorMessages.contains { $0.contains("closed its connection to nsesim") }, "errors: \(run.errorMessages)")
        #expect(run.processExit.contains("SIGKILL"), "process exit: \(run.processExit)")
        #expect(run.delivered["title"] as? String == "New message")
    }

    @Test(
        "GarbageWriter: garbage on the event pipe ends the run: killed, original content",
        arguments: [
            ("binary", "not a JSON message"), ("unknown", "unknown event hello"),
            ("endless", "more than 8388608 bytes without a line end"),
        ])
    func garbage(kind: String, error: String) async throws {
        let run = try await FaultRun.run("GarbageWriter", payload: ["garbage": kind])
        #expect(run.outcome == "original-crash")
        #expect(run.events == ["didReceive", "killed", "delivered"])
        #expect(run.detail(of: "killed") == "it broke the extension protocol")
        #expect(
            run.errorMessages.contains { $0.contains("extension protocol: ") && $0.contains(error) },
            "errors: \(run.errorMessages)")
        #expect(run.delivered["title"] as? String == "New message")
    }

    @Test("A body with U+2028, U+2029 and U+0085 (valid unescaped in JSON) is a message, not garbage")
    func unicodeLineBreaksInContent() async throws {
        let body = "one\u{2028}two\u{2029}three\u{85}four"
        let run = try await FaultRun.run(
            extension: example("Template"),
            payload: ["aps": ["alert": ["title": "Hi", "body": body], "mutable-content": 1]])
        #expect(run.outcome == "modified", "errors: \(run.errorMessages)")
        #expect(run.delivered["body"] as? String == body)
        #expect(run.delivered["title"] as? String == "Hi [modified]")
    }
}

/// "cached BYTES bytes in PATH[ before the deadline]", DiskFiller's body.
private func diskFillerBody(_ body: String) -> (Int64, String)? {
    let words = body.split(separator: " ", maxSplits: 4).map(String.init)
    guard words.count == 5, words[0] == "cached", let bytes = Int64(words[1]) else { return nil }
    let path = words[4].hasSuffix(" before the deadline") ? String(words[4].dropLast(" before the deadline".count)) : words[4]
    return (bytes, path)
}

/// One `nsesim run` of a fault plugin, with its report.
struct FaultRun {
    let report: [String: Any]
    /// The files in the run's attachment store, listed before its workspace was removed.
    let storedFiles: [String]

    var outcome: String? { report["outcome"] as? String }
    var delivered: [String: Any] { report["delivered"] as? [String: Any] ?? [:] }
    var timeline: [[String: Any]] { report["timeline"] as? [[String: Any]] ?? [] }
    var events: [String] { timeline.compactMap { $0["event"] as? String } }
    var processExit: String { report["processExit"] as? String ?? "" }
    var log: String { report["log"] as? String ?? "" }
    var errorMessages: [String] { (report["errors"] as? [[String: Any]] ?? []).compactMap { $0["message"] as? String } }
    var warningCodes: [String] { (report["warnings"] as? [[String: Any]] ?? []).compactMap { $0["code"] as? String } }

    func time(of event: String) -> Double? { timeline.first { $0["event"] as? String == event }?["tMs"] as? Double }
    func detail(of event: String) -> String? { timeline.first { $0["event"] as? String == event }?["detail"] as? String }

    /// A crash before the handler: the original content, the signal named.
    func expectCrash(signal: String, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(outcome == "original-crash", sourceLocation: sourceLocation)
        // (timeWillExpire only if a starved machine let the deadline pass first)
        #expect(events.filter { $0 != "timeWillExpire" } == ["didReceive", "crashed", "delivered"], sourceLocation: sourceLocation)
        #expect(
            processExit.hasPrefix("killed by signal") && processExit.contains(signal), "process exit: \(processExit)",
            sourceLocation: sourceLocation)
        #expect(
            errorMessages.contains { $0.contains("crashed") && $0.contains(signal) }, "errors: \(errorMessages)",
            sourceLocation: sourceLocation)
        #expect(delivered["title"] as? String == "New message", sourceLocation: sourceLocation)
        #expect(delivered["body"] as? String == "Are we still on for lunch?", sourceLocation: sourceLocation)
    }

    /// No handler call by the end of the grace: SIGKILL then, not before; original content.
    func expectTimeout(deadline: Double, grace: Double, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(outcome == "original-timeout", sourceLocation: sourceLocation)
        #expect(events == ["didReceive", "timeWillExpire", "killed", "delivered"], sourceLocation: sourceLocation)
        #expect(processExit.contains("SIGKILL"), "process exit: \(processExit)", sourceLocation: sourceLocation)
        let killed = time(of: "killed") ?? 0
        #expect(killed >= (deadline + grace) * 1000, "killed at \(killed) ms", sourceLocation: sourceLocation)
        #expect(delivered["title"] as? String == "New message", sourceLocation: sourceLocation)
    }

    /// Runs `Plugins-Examples/Faults/NAME` on the usual alert plus `payload`'s keys.
    static func run(
        _ name: String, payload extra: [String: Any] = [:], deadline: Double = 5, grace: Double = 1,
        arguments: [String] = [], sourceLocation: SourceLocation = #_sourceLocation
    ) async throws -> FaultRun {
        var payload: [String: Any] = [
            "aps": [
                "alert": ["title": "New message", "body": "Are we still on for lunch?"],
                "mutable-content": 1,
            ]
        ]
        payload.merge(extra) { $1 }
        return try await run(
            extension: example("Faults/\(name)"), payload: payload, deadline: deadline, grace: grace,
            arguments: arguments, sourceLocation: sourceLocation)
    }

    /// Runs an extension folder through `nsesim run --format json` in a workspace of its
    /// own, then checks that nothing of the run is left.
    static func run(
        extension folder: String, payload: [String: Any], deadline: Double = 5, grace: Double = 1,
        arguments: [String] = [], sourceLocation: SourceLocation = #_sourceLocation
    ) async throws -> FaultRun {
        let workspace = try FaultWorkspace()
        defer { workspace.remove() }
        let payloadFile = workspace.root.appendingPathComponent("payload.json")
        try JSONSerialization.data(withJSONObject: payload).write(to: payloadFile)
        let marker = UUID().uuidString
        let result = try await NSESimCommand.run(
            [
                "run", "--extension", folder, "--payload", payloadFile.path, "--deadline", "\(deadline)", "--grace", "\(grace)",
                "--store", workspace.store.path, "--format", "json",
            ] + arguments,
            environment: [
                NSESimEnvironment.cacheDirectory.name: FaultWorkspace.cache.path,
                NSESimEnvironment.dataDirectory.name: workspace.root.appendingPathComponent("app-data").path,
                "TMPDIR": workspace.temporary.path + "/",
                ProcessCheck.markerVariable: marker,
            ])
        // nsesim survived: it exited normally and printed its report.
        #expect(result.status == 0 && !result.crashed, "\(result)", sourceLocation: sourceLocation)
        let report = try result.jsonObject()

        // No process left: none with the run's marker, none naming the suite's build cache
        // (the host's command line holds the library's path), no zombie child of ours.
        await ProcessCheck.expectNothingLeft(marker: marker, sourceLocation: sourceLocation)
        var naming: [Int32] = []
        let none = await ProcessCheck.eventually {
            naming = ProcessCheck.processes(mentioning: FaultWorkspace.cache.path)
            return naming.isEmpty
        }
        #expect(none, "processes of the run are left: \(ProcessCheck.describe(naming))", sourceLocation: sourceLocation)

        // No container, and nothing else, left in the run's temporary folder.
        let left = (try? FileManager.default.contentsOfDirectory(atPath: workspace.temporary.path)) ?? ["(unreadable)"]
        #expect(left.isEmpty, "left in the temporary folder: \(left)", sourceLocation: sourceLocation)
        return FaultRun(report: report, storedFiles: workspace.storedFiles())
    }

    /// Whether `pid` is a live `sleep 1000` (the Orphans plugin's children); a zombie or a
    /// process that reused the pid is not.
    static func isSleeper(_ pid: Int32) -> Bool {
        guard let stat = ProcessCheck.stat(pid), stat.state != "Z" else { return false }
        let command = ProcessCheck.strings(pid, "cmdline")
        return command.count == 2 && command[0].hasSuffix("sleep") && command[1] == "1000"
    }
}

/// A folder per run (its TMPDIR, its store, its app data), and the suite's build cache.
struct FaultWorkspace {
    let root: URL
    var temporary: URL { root.appendingPathComponent("tmp") }
    var store: URL { root.appendingPathComponent("store") }

    init() throws {
        root = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("nsesim-faults-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: temporary, withIntermediateDirectories: true)
    }

    /// The regular files in the store, by path relative to it.
    func storedFiles() -> [String] {
        let files = FileManager.default.enumerator(atPath: store.path)?.compactMap { $0 as? String } ?? []
        return files.filter { path in
            var isFolder: ObjCBool = false
            let full = store.appendingPathComponent(path).path
            return FileManager.default.fileExists(atPath: full, isDirectory: &isFolder) && !isFolder.boolValue
                && path.contains("/files/")
        }
    }

    func remove() {
        try? FileManager.default.removeItem(at: root)
    }

    /// The suite's own extension build cache, removed when the test process exits.
    static let cache: URL = {
        let folder = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent(
            "nsesim-fault-builds-\(UUID().uuidString.prefix(8))")
        try! FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        cacheToRemove = folder.path
        atexit {
            if let path = FaultWorkspace.cacheToRemove { try? FileManager.default.removeItem(atPath: path) }
        }
        return folder
    }()

    nonisolated(unsafe) private static var cacheToRemove: String?

    /// Free bytes in the temporary folder's file system.
    static func freeBytes() -> Int64 {
        var info = statvfs()
        guard statvfs(NSTemporaryDirectory(), &info) == 0 else { return 0 }
        return Int64(info.f_bavail) * Int64(info.f_frsize)
    }
}
